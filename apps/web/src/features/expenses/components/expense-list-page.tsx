import AttachFileIcon from '@mui/icons-material/AttachFile';
import FilterListIcon from '@mui/icons-material/FilterList';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RepeatIcon from '@mui/icons-material/Repeat';
import SearchIcon from '@mui/icons-material/Search';
import {
  Badge,
  Button,
  Collapse,
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
import { AddExpenseButton, EventLoadState, NoExpensesYet, useEvent } from '@web/features/events';
import { ScanReceiptButton } from '@web/features/receipts';
import { formatDate } from '@web/lib/locale';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { usePageTitle } from '@web/lib/page-title';
import { useKeepRows, useRememberedRows } from '@web/lib/virtual-list-memory';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { activeFilterCount, NO_FILTERS } from '../expense-filters';
import { type ExpenseRow, expenseRows, newestFirst } from '../expense-rows';
import { FROM_LIST } from '../from-list';
import { useAddressFilters } from '../use-address-filters';
import { ActiveFilterChips } from './active-filter-chips';
import { ExpenseFiltersPanel } from './expense-filters-panel';
import { NoMatch } from './no-match';

/** A row's identity, the same however the rows above it change. */
function rowKey(row: ExpenseRow | undefined, index: number): string {
  if (!row) return `#${index}`;
  return row.kind === 'date' ? `date:${row.date}` : row.expense.id;
}

/**
 * All expenses of an event, grouped by date and virtualised, narrowed by a search and filters
 * that live in the address: a filtered list can be shared, and survives a reload.
 */
export function ExpenseListPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  usePageTitle(t('expenses.title'));
  const { filters, setFilters, search } = useAddressFilters();
  const [panelOpen, setPanelOpen] = useState(activeFilterCount(filters) > 0);
  const homeAmount = useHomeAmount(event.data);
  const ordered = useMemo(
    () => (event.data ? newestFirst(event.data.expenditures) : []),
    [event.data],
  );
  const view = useMemo(() => {
    const data = event.data;
    if (!data) return null;
    return expenseRows(ordered, data.users, filters, (expense) =>
      expense.currency_id === data.currency_id ? expense.amount : homeAmount.expense(expense),
    );
  }, [event.data, ordered, filters, homeAmount]);
  const rows = view?.rows ?? [];
  // Only the rows on screen are rendered: thousands of expenses scroll as smoothly as ten.
  // Back returns to the rows the person left, as measured then (lib/virtual-list-memory.ts).
  const remembered = useRememberedRows();
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'date' ? 40 : 64),
    getItemKey: (index) => rowKey(rows[index], index),
    overscan: 8,
    ...remembered,
  });
  useKeepRows(virtualizer);

  if (!event.data || !view) return <EventLoadState error={event.error} heights={[320]} />;
  const data = event.data;
  const eventCurrency = {
    id: data.currency_id,
    decimals: currencyDecimals(data, data.currency_id),
  };
  const homeText = (home: number | null) =>
    home === null ? null : formatMoney(home, eventCurrency);
  const narrowed = activeFilterCount(filters) > 0 || filters.search !== '';

  return (
    <Stack spacing={2}>
      {/* The ways to add first; on a phone "Add expense" takes a line of its own. */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        sx={{ '& > .MuiButton-root': { flexGrow: { xs: 1, sm: 0 } } }}
      >
        {!data.closed_at && <AddExpenseButton eventId={eventId} />}
        <ScanReceiptButton eventId={eventId} />
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/event/${eventId}/recurring`}
          startIcon={<RepeatIcon />}
          sx={{ minHeight: 44 }}
        >
          {t('expenses.recurring')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          type="search"
          label={t('expenses.search')}
          value={search.text}
          onChange={(change) => search.type(change.target.value)}
          onKeyDown={(key) => key.key === 'Enter' && search.settle()}
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
        <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            select
            label={t('expenses.person')}
            value={filters.personId}
            onChange={(change) => setFilters({ ...filters, personId: change.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <MenuItem value="">{t('expenses.everyone')}</MenuItem>
            {data.users.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant={panelOpen ? 'contained' : 'outlined'}
            aria-expanded={panelOpen}
            aria-controls="expense-filters"
            onClick={() => setPanelOpen(!panelOpen)}
            startIcon={
              <Badge badgeContent={activeFilterCount(filters)} color="secondary">
                <FilterListIcon />
              </Badge>
            }
            sx={{ flexShrink: 0 }}
          >
            {t('expenses.filters')}
          </Button>
        </Stack>
      </Stack>
      <Collapse in={panelOpen} id="expense-filters" unmountOnExit>
        <ExpenseFiltersPanel event={data} value={filters} onChange={setFilters} />
      </Collapse>
      <ActiveFilterChips event={data} value={filters} onChange={setFilters} />
      <Typography variant="body2" color="text.secondary" role="status">
        {t('expenses.count', { count: view.count })}
        {narrowed && view.count > 0 && (
          <>
            {' · '}
            {t('expenses.total', { amount: formatMoney(view.total, eventCurrency) })}
            {view.unconverted > 0 && ` ${t('expenses.unconverted', { count: view.unconverted })}`}
          </>
        )}
      </Typography>
      {view.count === 0 &&
        (narrowed ? (
          <NoMatch
            onlySearch={activeFilterCount(filters) === 0}
            onClear={() => setFilters(NO_FILTERS)}
          />
        ) : (
          <NoExpensesYet eventId={eventId} closed={Boolean(data.closed_at)} />
        ))}
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
                  state={FROM_LIST}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <CategoryIcon
                      category={categoryOf(row.expense.category)}
                      label={categoryName(t, categoryOf(row.expense.category))}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={row.expense.title}
                    secondary={
                      row.expense.kind === 'income'
                        ? t('expenses.receivedBy', { names: row.payers })
                        : t('expenses.paidBy', { names: row.payers })
                    }
                  />
                  {row.expense.recurrence_id && (
                    <RepeatIcon
                      fontSize="small"
                      color="action"
                      titleAccess={t('expenses.repeats')}
                      sx={{ mx: 1 }}
                    />
                  )}
                  {row.expense.receipt_id && (
                    <ReceiptLongOutlinedIcon
                      fontSize="small"
                      color="action"
                      titleAccess={t('receipts.attached')}
                      sx={{ mx: 1 }}
                    />
                  )}
                  {(row.expense.attachments?.length ?? 0) > 0 && (
                    <AttachFileIcon
                      fontSize="small"
                      color="action"
                      titleAccess={t('attachments.count', {
                        count: row.expense.attachments?.length ?? 0,
                      })}
                      sx={{ mx: 1 }}
                    />
                  )}
                  <ListAmount
                    amount={formatMoney(row.expense.amount, {
                      id: row.expense.currency_id,
                      decimals: currencyDecimals(data, row.expense.currency_id),
                    })}
                    home={homeText(homeAmount.expense(row.expense))}
                    income={row.expense.kind === 'income'}
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
