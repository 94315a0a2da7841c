import type { SxProps, Theme } from '@mui/material';
import { ListItemIcon, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { CATEGORIES, type Category } from '@quits/contract';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from './category-icon';
import { categoryName, categoryOf } from './category-name';

/** The expense form's category picker: each category with its icon, or none (counted as other). */
export function CategoryField(props: {
  value: Category | null;
  onChange(category: Category | null): void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('expense.category')}
      value={props.value ?? ''}
      onChange={(change) =>
        props.onChange(change.target.value ? categoryOf(change.target.value) : null)
      }
      slotProps={{
        select: {
          renderValue: (value) =>
            typeof value === 'string' && value ? (
              <Stack direction="row" spacing={1.5} alignItems="center" component="span">
                <CategoryIcon category={categoryOf(value)} fontSize="small" />
                <span>{categoryName(t, categoryOf(value))}</span>
              </Stack>
            ) : (
              t('expense.noCategory')
            ),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      sx={props.sx}
    >
      <MenuItem value="">
        <ListItemText inset>{t('expense.noCategory')}</ListItemText>
      </MenuItem>
      {CATEGORIES.map((category) => (
        <MenuItem key={category} value={category}>
          <ListItemIcon>
            <CategoryIcon category={category} fontSize="small" />
          </ListItemIcon>
          <ListItemText>{categoryName(t, category)}</ListItemText>
        </MenuItem>
      ))}
    </TextField>
  );
}
