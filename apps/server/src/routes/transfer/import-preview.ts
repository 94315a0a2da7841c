import type { ImportPreview } from '@quits/contract';
import {
  buildRateTable,
  computeBalances,
  convertTotal,
  type ExpenseLike,
  signOf,
} from '@quits/domain';
import type { CurrencyStore } from '@server/currencies/currency-store';
import { HttpError, say } from '@server/http/http-error';
import type { ImportPlan } from './import-plan';

/**
 * What importing the plan creates, computed as the event will compute it (the same domain
 * functions, the plan's own rates): each person's paid, share and balance, the count of
 * entries and the total spent, all in minor units of the event currency.
 */
export function previewImport(plan: ImportPlan, currencies: CurrencyStore): ImportPreview {
  const { event } = plan;
  const rates = buildRateTable(event.currency_id, event.currency_rates, currencies.infos());
  // The planned expenses as the copy stores them, not a pick of their fields: the rate each was
  // converted at and the texts that break its ties are what make the preview the copy's figures.
  const expenditures: readonly ExpenseLike[] = plan.expenditures;
  let computed: ReturnType<typeof computeBalances>;
  let total = 0;
  try {
    computed = computeBalances({
      user_ids: plan.people.map((person) => person.id),
      expenditures,
      payments: plan.payments,
      rates,
    });
    // What was spent, as the report counts it: money received is not spending.
    for (const expense of expenditures) {
      if (signOf(expense) > 0) total += convertTotal(expense, rates).amount;
    }
    if (!Number.isSafeInteger(total)) throw new RangeError('total beyond safe integers');
  } catch (error) {
    // Amounts and rates are bounded, but extreme rates could still overflow exact sums.
    if (!(error instanceof RangeError)) throw error;
    throw new HttpError(422, say('import_amounts_too_large'), {
      'event.currency_rates': [say('rate_too_large')],
    });
  }
  const nameOf = new Map(plan.people.map((person) => [person.id, person.name]));
  return {
    source: plan.source,
    name: event.name,
    currency_id: event.currency_id,
    currency_rates: event.currency_rates,
    people: computed.balances.map((row) => ({
      name: nameOf.get(row.user_id) ?? row.user_id,
      paid: row.paid,
      share: row.share,
      balance: row.balance,
    })),
    expenditure_count: plan.expenditures.length,
    payment_count: plan.payments.length,
    total,
    missing_rates: computed.missing_rates,
    warnings: plan.warnings,
  };
}
