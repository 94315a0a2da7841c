import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Balances, Event } from '@quits/contract';
import type { EventReport } from '@quits/domain';
import { categoryName, categoryOf } from '@web/features/categories';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportBars } from './report-bars';
import { ReportEntries } from './report-entries';

const PAID_COLOR = '#2e7d6b';
const SHARE_COLOR = '#c77c2e';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ breakInside: 'avoid-page' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The statement as a page: summary, today's balances and the settle-up plan, the statistics as
 * bars, then every expense and payment of the range. The same content as the PDF.
 */
export function ReportStatement({
  event,
  report,
  settlement,
}: {
  event: Event;
  report: EventReport;
  /** The plan the app shows for the same balances (computed once, beside them). */
  settlement: Balances['settlements'];
}) {
  const { t } = useTranslation();
  const names = new Map(event.users.map((user) => [user.id, user.name]));
  const nameOf = (id: string) => names.get(id) ?? '?';
  const currency = { id: event.currency_id, decimals: currencyDecimals(event, event.currency_id) };
  const money = (minor: number) => formatMoney(minor, currency);
  const summary: [string, string][] = [
    [t('report.totalSpent'), money(report.total_spent)],
    // Money received is told apart, as on the home, in the statistics and in the PDF.
    ...(report.income_count > 0
      ? [[t('report.totalReceived'), money(report.total_received)] as [string, string]]
      : []),
    [t('report.totalPaidBack'), money(report.total_paid_back)],
    [t('report.expenseCount'), report.expense_count.toLocaleString()],
    [t('report.paymentCount'), report.payment_count.toLocaleString()],
  ];
  const { statistics } = report;
  return (
    <Stack spacing={3}>
      <Section title={t('report.summary')}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, m: 0, maxWidth: 420 }}
        >
          {summary.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={t('report.balances')}>
        <Table size="small" sx={{ '& td, & th': { px: 0.75 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('report.person')}</TableCell>
              <TableCell align="right">{t('report.paid')}</TableCell>
              <TableCell align="right">{t('report.share')}</TableCell>
              <TableCell align="right">{t('report.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.balances.map((row) => (
              <TableRow key={row.user_id}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{nameOf(row.user_id)}</TableCell>
                <TableCell align="right">{money(row.paid)}</TableCell>
                <TableCell align="right">{money(row.share)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money(row.balance)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title={t('report.settleUp')}>
        {settlement.length === 0 ? (
          <Typography color="text.secondary">{t('report.settled')}</Typography>
        ) : (
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
            {settlement.map((transfer) => (
              <li key={`${transfer.from_user_id}>${transfer.to_user_id}`}>
                {t('report.pays', {
                  payer: nameOf(transfer.from_user_id),
                  payee: nameOf(transfer.to_user_id),
                })}
                {': '}
                <strong>{money(transfer.amount)}</strong>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      {statistics.count > 0 && (
        <Section title={t('report.statistics')}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('report.perPerson')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
            <Legend color={PAID_COLOR} label={t('report.paid')} />
            <Legend color={SHARE_COLOR} label={t('report.share')} />
          </Stack>
          <ReportBars
            colors={[PAID_COLOR, SHARE_COLOR]}
            bars={statistics.people.map((person) => ({
              label: nameOf(person.user_id),
              values: [person.paid, person.share],
              texts: [money(person.paid), money(person.share)],
            }))}
          />
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            {t('report.perCategory')}
          </Typography>
          <ReportBars
            colors={[PAID_COLOR]}
            bars={statistics.categories.map((category) => ({
              label: categoryName(t, categoryOf(category.category)),
              values: [category.amount],
              texts: [money(category.amount)],
            }))}
          />
        </Section>
      )}
      <Box component="section">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('report.entries')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <ReportEntries event={event} entries={report.entries} nameOf={nameOf} />
        </Box>
      </Box>
    </Stack>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} alignItems="center">
      <Box sx={{ width: 10, height: 10, bgcolor: color, printColorAdjust: 'exact' }} aria-hidden />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}
