import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * An amount as one unbreakable piece: "-€4.00" never leaves its minus, nor "4,00 €" its sign,
 * on a line of their own. In a row it keeps its width, so the label beside it wraps instead (a
 * flex item never shrinks below its unbreakable content). `data-amount` marks every amount for
 * the browser tests that check this on each screen.
 */
export function Amount(props: { children: string }) {
  return (
    <span data-amount="" style={{ whiteSpace: 'nowrap' }}>
      {props.children}
    </span>
  );
}

/**
 * The amount at the end of a list row: as entered, and under it what it makes in the event's
 * currency when it was paid in another ("$24.00" over "≈ €12.00"). Money the group received
 * reads "+€24.00" in the success colour; the row's text says so in words too.
 */
export function ListAmount(props: { amount: string; home: string | null; income?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'end', ml: 1 }}>
      <Typography color={props.income ? 'success.main' : 'text.secondary'}>
        <Amount>{props.income ? `+${props.amount}` : props.amount}</Amount>
      </Typography>
      {props.home && (
        <Typography variant="caption" color="text.secondary" component="p">
          <Amount>{t('home.inEventCurrency', { amount: props.home })}</Amount>
        </Typography>
      )}
    </Box>
  );
}
