import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { Currency, User } from '@quits/contract';
import { Amount } from '@web/components/amount';
import type { DraftItem, DraftOutcome } from '@web/features/expenses';
import { formatMoney } from '@web/lib/money';
import { useTranslation } from 'react-i18next';

/**
 * The split by a receipt's items: under each line, the people who had it (tap to add or
 * remove); then what each person pays, their items plus their part of tax and service.
 */
export function ItemisedSplitField(props: {
  items: readonly DraftItem[];
  outcome: DraftOutcome;
  people: readonly User[];
  currency: Pick<Currency, 'id' | 'decimals'>;
  eventCurrency: Pick<Currency, 'id' | 'decimals'>;
  onChange(items: DraftItem[]): void;
}) {
  const { t } = useTranslation();
  const { items, outcome, currency } = props;
  const foreign = currency.id !== props.eventCurrency.id;
  const itemsSum = items.reduce((sum, item) => sum + item.amount, 0);
  const extra = outcome.amount !== null && outcome.amount > 0 ? outcome.amount - itemsSum : 0;
  const toggle = (index: number, userId: string) =>
    props.onChange(
      items.map((item, at) =>
        at !== index
          ? item
          : {
              ...item,
              people: item.people.includes(userId)
                ? item.people.filter((id) => id !== userId)
                : [...item.people, userId],
            },
      ),
    );

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('receipts.itemsHint')}
      </Typography>
      <Stack
        component="ul"
        spacing={1.5}
        divider={<Divider />}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a receipt may repeat a line; its place is what stays
          <Box component="li" key={index}>
            <Stack direction="row" spacing={1} justifyContent="space-between">
              <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{item.name}</Typography>
              <Typography sx={{ whiteSpace: 'nowrap' }}>
                <Amount>{formatMoney(item.amount, currency)}</Amount>
              </Typography>
            </Stack>
            <Stack
              direction="row"
              useFlexGap
              flexWrap="wrap"
              spacing={0.75}
              role="group"
              aria-label={t('receipts.whoHad', { item: item.name })}
              sx={{ mt: 0.75 }}
            >
              {props.people.map((person) => {
                const had = item.people.includes(person.id);
                return (
                  <Chip
                    key={person.id}
                    label={person.name}
                    size="small"
                    color={had ? 'primary' : 'default'}
                    variant={had ? 'filled' : 'outlined'}
                    aria-pressed={had}
                    onClick={() => toggle(index, person.id)}
                  />
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('receipts.itemsTotal', {
          items: formatMoney(itemsSum, currency),
          extra: formatMoney(extra, currency),
        })}
      </Typography>
      <Stack component="ul" spacing={0.5} aria-label={t('receipts.perPerson')} sx={{ p: 0, m: 0 }}>
        {outcome.perPerson.map((line) => {
          const person = props.people.find((candidate) => candidate.id === line.userId);
          return (
            <Stack component="li" key={line.userId} direction="row" justifyContent="space-between">
              <Typography noWrap sx={{ minWidth: 0 }}>
                {person?.name}
              </Typography>
              <Typography sx={{ whiteSpace: 'nowrap' }}>
                <Amount>
                  {formatMoney(
                    foreign ? line.inEventCurrency : line.amount,
                    foreign ? props.eventCurrency : currency,
                  )}
                </Amount>
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
