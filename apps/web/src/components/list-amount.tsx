import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Amount } from './amount';

/**
 * The amount at the end of a list row: as entered, and under it what it makes in the event's
 * currency when it was paid in another ("$24.00" over "≈ €12.00").
 */
export function ListAmount(props: { amount: string; home: string | null }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'end', ml: 1 }}>
      <Typography color="text.secondary">
        <Amount>{props.amount}</Amount>
      </Typography>
      {props.home && (
        <Typography variant="caption" color="text.secondary" component="p">
          <Amount>{t('currencies.inEventCurrency', { amount: props.home })}</Amount>
        </Typography>
      )}
    </Box>
  );
}
