import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A search or filters that leave no expense: said in words, with the way back to them all. */
export function NoMatch(props: { onlySearch: boolean; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Typography color="text.secondary">{t('expenses.noMatch')}</Typography>
      <Button variant="outlined" onClick={props.onClear} sx={{ minHeight: 44 }}>
        {props.onlySearch ? t('expenses.clearSearch') : t('expenses.clear')}
      </Button>
    </Stack>
  );
}
