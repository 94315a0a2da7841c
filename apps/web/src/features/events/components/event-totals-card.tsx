import { Button, Card, CardContent, Typography } from '@mui/material';
import type { Currency } from '@quits/contract';
import type { LedgerTotals } from '@quits/domain';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * "Total spent" on the event home, by the one definition the statistics and the statement use
 * (`LedgerTotals.spent`): what was spent, with money received told apart, never taken off.
 */
export function EventTotalsCard(props: {
  eventId: string;
  totals: LedgerTotals;
  currency: Pick<Currency, 'id' | 'decimals'>;
}) {
  const { t } = useTranslation();
  const { totals, currency } = props;
  return (
    <Card variant="outlined">
      <CardContent
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
      >
        <div>
          <Typography variant="overline" color="text.secondary">
            {t('home.totalSpent')}
          </Typography>
          <Typography variant="h6" component="p" data-testid="home-total">
            <Amount>{formatMoney(totals.spent, currency)}</Amount>
          </Typography>
          {totals.received_count > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="home-received">
              {t('home.received', {
                count: totals.received_count,
                amount: formatMoney(totals.received, currency),
                net: formatMoney(totals.spent - totals.received, currency),
              })}
            </Typography>
          )}
        </div>
        <Button variant="outlined" component={RouterLink} to={`/event/${props.eventId}/statistics`}>
          {t('home.statisticsLink')}
        </Button>
      </CardContent>
    </Card>
  );
}
