import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Event } from '@quits/contract';
import type { ReportEntry } from '@quits/domain';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/** "Paid by" has its own column from tablet width up; on a phone it goes under the title. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The statement's list: every expense and payment of the range, oldest first. */
export function ReportEntries({
  event,
  entries,
  nameOf,
}: {
  event: Event;
  entries: readonly ReportEntry[];
  nameOf: (userId: string) => string;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return <Typography color="text.secondary">{t('report.noEntries')}</Typography>;
  }
  const money = (minor: number, currencyId: string) =>
    formatMoney(minor, { id: currencyId, decimals: currencyDecimals(event, currencyId) });
  return (
    <Table size="small" sx={{ '& td, & th': { px: 0.75 } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('report.date')}</TableCell>
          <TableCell>{t('report.entryTitle')}</TableCell>
          <TableCell sx={WIDE_ONLY}>{t('report.paidBy')}</TableCell>
          <TableCell align="right">{t('report.amount')}</TableCell>
          <TableCell align="right">{event.currency_id}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} sx={{ breakInside: 'avoid' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.date)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 96 }}>
              {entry.kind === 'payment'
                ? t('report.paymentLine', {
                    payer: nameOf(entry.from_ids[0] ?? ''),
                    payee: nameOf(entry.to_ids[0] ?? ''),
                  })
                : entry.kind === 'income'
                  ? t('report.incomeLine', { title: entry.title })
                  : entry.title}
              {entry.kind !== 'payment' && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: { xs: 'block', sm: 'none' } }}
                >
                  {entry.from_ids.map(nameOf).join(', ')}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={WIDE_ONLY}>{entry.from_ids.map(nameOf).join(', ')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(entry.amount, entry.currency_id)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(entry.converted, event.currency_id)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
