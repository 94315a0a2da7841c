import type { SxProps, Theme } from '@mui/material';
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { CATEGORIES, type Category } from '@quits/contract';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from './category-icon';
import { categoryName, categoryOf } from './category-name';

/**
 * A category's icon and name on one line; without a category, a blank the icon's width so that
 * the names line up. (Plain spans rather than ListItemIcon/ListItemText, which would pull list
 * code into the expense form's chunk and split a chunk the event home shares.)
 */
function CategoryLabel(props: { category: Category | null; text: string }) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" component="span">
      {props.category ? (
        <CategoryIcon category={props.category} fontSize="small" />
      ) : (
        <Box component="span" sx={{ width: 20, flexShrink: 0 }} />
      )}
      <span>{props.text}</span>
    </Stack>
  );
}

/** The expense form's category picker: each category with its icon, or none (counted as other). */
export function CategoryField(props: {
  value: Category | null;
  onChange(category: Category | null): void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const none = t('expense.noCategory');
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
          renderValue: (value) => {
            const category = typeof value === 'string' && value ? categoryOf(value) : null;
            return category ? (
              <CategoryLabel category={category} text={categoryName(t, category)} />
            ) : (
              none
            );
          },
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      sx={props.sx}
    >
      <MenuItem value="">
        <CategoryLabel category={null} text={none} />
      </MenuItem>
      {CATEGORIES.map((category) => (
        <MenuItem key={category} value={category}>
          <CategoryLabel category={category} text={categoryName(t, category)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
