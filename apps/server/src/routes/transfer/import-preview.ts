import type { ImportPreview } from '@quits/contract';
import { buildRateTable, computeBalances, type ExpenseLike } from '@quits/domain';
import type { CurrencyLookup } from '@server/currencies/currency-lookup';
import { HttpError, say } from '@server/http/http-error';
import type { ImportPlan } from './import-plan';

/**
 * What importing the plan creates, computed as the event will compute it (the same domain
 * functions, the plan's own rates, one pass over its ledger): each person's paid, share and
 * balance, the count of entries and the total spent, all in minor units of the event currency.
 */
export function previewImport(plan: ImportPlan, currencies: CurrencyLookup): ImportPreview {
  const { event } = plan;
  const rates = buildRateTable(event.currency_id, event.currency_rates, currencies.infos());
  // The planned expenses as the copy stores them, not a pick of their fields: the rate each was
  // converted at and the texts that break its ties are what make the preview the copy's figures.
  const expenditures: readonly ExpenseLike[] = plan.expenditures;
  let computed: ReturnType<typeof computeBalances>;
  try {
    computed = computeBalances({
      user_ids: plan.people.map((person) => person.id),
      expenditures,
      payments: plan.payments,
      rates,
    });
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
    ...(plan.format ? { format: plan.format } : {}),
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
    // "Total spent" as the home, the statistics and the statement count it: not less income.
    total: computed.totals.spent,
    missing_rates: computed.missing_rates,
    warnings: plan.warnings,
    stated_balances: statedBesideComputed(plan, currencies, nameOf),
  };
}

/**
 * The balances the file states, each beside the one its entries give in that same currency: the
 * entries of the currency alone, through the same balance function, without any conversion.
 */
function statedBesideComputed(
  plan: ImportPlan,
  currencies: CurrencyLookup,
  nameOf: ReadonlyMap<string, string>,
): ImportPreview['stated_balances'] {
  const stated = plan.stated ?? [];
  const byCurrency = new Map<string, Map<string, number>>();
  for (const currencyId of new Set(stated.map((row) => row.currency_id))) {
    const same = <T extends { currency_id: string }>(entries: readonly T[]) =>
      entries.filter((entry) => entry.currency_id === currencyId);
    const { balances } = computeBalances({
      user_ids: plan.people.map((person) => person.id),
      expenditures: same<ExpenseLike>(plan.expenditures),
      payments: same(plan.payments),
      rates: buildRateTable(currencyId, [], currencies.infos()),
    });
    byCurrency.set(currencyId, new Map(balances.map((row) => [row.user_id, row.balance])));
  }
  return stated.map((row) => ({
    name: nameOf.get(row.person_id) ?? row.person_id,
    currency_id: row.currency_id,
    stated: row.amount,
    computed: byCurrency.get(row.currency_id)?.get(row.person_id) ?? 0,
  }));
}
