import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Balances, Currency, User } from '@quits/contract';
import { type BalanceRow, explainPlan, type Transfer } from '@quits/domain';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/**
 * "Why these transfers": each suggested transfer with where the payer's debt and the payee's
 * credit come from (paid for the group, their share, payments made and received; each person's
 * once, with the first transfer that names them), and why the plan has as few transfers as it has. Every figure is a balance row's or the plan's own
 * (`explainPlan`), the same ones the home shows. Loaded only when opened.
 */
export function PlanExplanationDialog(props: {
  balances: Balances;
  people: readonly User[];
  currency: Pick<Currency, 'id' | 'decimals'>;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const name = (id: string) => props.people.find((person) => person.id === id)?.name ?? '?';
  const money = (minor: number) => formatMoney(minor, props.currency);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const plan = explainPlan(props.balances.balances, props.balances.settlements);

  const where = (row: BalanceRow, owes: boolean) => {
    const values = {
      name: name(row.user_id),
      paid: money(row.paid),
      share: money(row.share),
      made: money(row.payments_made),
      received: money(row.payments_received),
      balance: money(Math.abs(row.balance)),
    };
    const payments = row.payments_made !== 0 || row.payments_received !== 0;
    const key = owes
      ? payments
        ? 'explain.owesWithPayments'
        : 'explain.owes'
      : payments
        ? 'explain.owedWithPayments'
        : 'explain.owed';
    return t(key, values);
  };
  const paysAll = (who: string, parts: readonly Transfer[]) =>
    t('explain.paysAll', {
      name: name(who),
      list: list.format(
        parts.map((part) =>
          t('explain.paysTo', { amount: money(part.amount), name: name(part.to_user_id) }),
        ),
      ),
    });
  const getsAll = (who: string, parts: readonly Transfer[]) =>
    t('explain.getsAll', {
      name: name(who),
      list: list.format(
        parts.map((part) =>
          t('explain.getsFrom', { amount: money(part.amount), name: name(part.from_user_id) }),
        ),
      ),
    });

  // Each person's balance is told once, with the first transfer that names them.
  const told = new Set<string>();
  const sentences = (row: BalanceRow, owes: boolean, parts: readonly Transfer[]) => {
    if (told.has(row.user_id)) return [];
    told.add(row.user_id);
    const all =
      parts.length > 1 ? [owes ? paysAll(row.user_id, parts) : getsAll(row.user_id, parts)] : [];
    return [where(row, owes), ...all];
  };
  const items = plan.transfers.map(({ transfer, from, to, fromPays, toGets }) => ({
    transfer,
    lines: [...sentences(from, true, fromPays), ...sentences(to, false, toGets)],
  }));

  return (
    <Dialog open onClose={props.onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{t('explain.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map(({ transfer, lines }) => {
            const pays = t('event.pays', {
              from: name(transfer.from_user_id),
              to: name(transfer.to_user_id),
            });
            return (
              <Stack
                component="li"
                spacing={0.5}
                key={`${transfer.from_user_id}-${transfer.to_user_id}`}
                aria-label={pays}
              >
                <Typography variant="subtitle1" component="h3" fontWeight={600}>
                  {pays} <Amount>{money(transfer.amount)}</Amount>
                </Typography>
                {lines.map((line) => (
                  <Typography variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Stack>
            );
          })}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {t('explain.involved', { count: plan.involved })}{' '}
          {t(plan.fewest ? 'explain.fewest' : 'explain.few', { count: plan.transfers.length })}{' '}
          {t('explain.rule')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
