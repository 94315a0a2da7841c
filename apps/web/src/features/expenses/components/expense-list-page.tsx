import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  InputAdornment,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ListAmount } from '@web/components/amount';
import { useHomeAmount } from '@web/features/balances';
import { CategoryIcon, categoryName, categoryOf } from '@web/features/categories';
import { EventLoadState, useEvent } from '@web/features/events';
import { ScanReceiptButton } from '@web/features/receipts';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { usePageTitle } from '@web/lib/page-title';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { expenseRows } from '../expense-rows';

/** All expenses of an event: search, filter by person, grouped by date, virtualised. */
export function ExpenseListPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  usePageTitle(t('expenses.title'));
  const [search, setSearch] = useState('');
  const [settledSearch, settleNow] = useDebouncedValue(search);
  const [personId, setPersonId] = useState('');
  const rows = useMemo(
    () =>
      event.data
        ? expenseRows(event.data.expenditures, event.data.users, settledSearch, personId || null)
        : [],
    [event.data, settledSearch, personId],
  );
  // Only the rows on screen are rendered: thousands of expenses scroll as smoothly as ten.
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'date' ? 40 : 64),
    overscan: 8,
  });
  const homeAmount = useHomeAmount(event.data);

  if (!event.data) return <EventLoadState error={event.error} heights={[320]} />;
  const data = event.data;
  const eventCurrency = {
    id: data.currency_id,
    decimals: currencyDecimals(data, data.currency_id),
  };
  const homeText = (amount: number, currencyId: string) => {
    const home = homeAmount(amount, currencyId);
    return home === null ? null : formatMoney(home, eventCurrency);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          type="search"
          label={t('expenses.search')}
          value={search}
          onChange={(change) => setSearch(change.target.value)}
          onKeyDown={(key) => key.key === 'Enter' && settleNow(search)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: 2 }}
        />
        <TextField
          select
          label={t('expenses.person')}
          value={personId}
          onChange={(change) => setPersonId(change.target.value)}
          sx={{ flex: 1 }}
        >
          <MenuItem value="">{t('expenses.everyone')}</MenuItem>
          {event.data.users.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Typography variant="body2" color="text.secondary" role="status">
          {t('expenses.count', { count: rows.filter((row) => row.kind === 'expense').length })}
        </Typography>
        <ScanReceiptButton eventId={eventId} size="small" />
      </Stack>
      <ul
        aria-label={t('expenses.title')}
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              {row.kind === 'date' ? (
                <ListSubheader component="div" disableSticky>
                  {formatDate(row.date)}
                </ListSubheader>
              ) : (
                <ListItemButton
                  divider
                  component={RouterLink}
                  to={`/event/expense/${eventId}/${row.expense.id}`}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <CategoryIcon
                      category={categoryOf(row.expense.category)}
                      label={categoryName(t, categoryOf(row.expense.category))}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={row.expense.title}
                    secondary={t('expenses.paidBy', { names: row.payers })}
                  />
                  {row.expense.receipt_id && (
                    <ReceiptLongOutlinedIcon
                      fontSize="small"
                      color="action"
                      titleAccess={t('receipts.attached')}
                      sx={{ mx: 1 }}
                    />
                  )}
                  <ListAmount
                    amount={formatMoney(row.expense.amount, {
                      id: row.expense.currency_id,
                      decimals: currencyDecimals(data, row.expense.currency_id),
                    })}
                    home={homeText(row.expense.amount, row.expense.currency_id)}
                  />
                </ListItemButton>
              )}
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
