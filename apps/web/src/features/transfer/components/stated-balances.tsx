import { Alert, Typography } from '@mui/material';
import type { ImportPreview } from '@quits/contract';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/**
 * The balances the file states itself (Splitwise's totals rows) beside those its entries give:
 * reproduced to the minor unit, or each difference shown before anything is created.
 */
export function StatedBalances(props: {
  stated: ImportPreview['stated_balances'];
  decimalsOf(currencyId: string): number;
}) {
  const { t } = useTranslation();
  if (props.stated.length === 0) return null;
  const differing = props.stated.filter((row) => row.stated !== row.computed);
  if (differing.length === 0) {
    return <Alert severity="success">{t('transfer.statedMatch')}</Alert>;
  }
  const money = (amount: number, id: string) =>
    formatMoney(amount, { id, decimals: props.decimalsOf(id) });
  return (
    <Alert severity="warning">
      <Typography variant="body2" gutterBottom>
        {t('transfer.statedDiffer')}
      </Typography>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {differing.map((row) => (
          <li key={`${row.name}-${row.currency_id}`}>
            {t('transfer.statedRow', {
              name: row.name,
              stated: money(row.stated, row.currency_id),
              computed: money(row.computed, row.currency_id),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
