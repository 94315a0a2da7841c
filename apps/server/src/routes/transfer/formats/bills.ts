import { nameKey } from '@quits/contract';
import {
  type BookEntry,
  currencyOf,
  dayOf,
  FileProblem,
  minorOf,
  type ReadContext,
  type Where,
} from './book';

/**
 * A bill as IHateMoney, Cospend and MoneyBuster write it (Cospend began as IHateMoney's
 * companion and kept its columns): one payer, the people it was for (`owers`), each bearing the
 * amount in proportion to their person's weight.
 */
export interface Bill {
  where: Where;
  what: string;
  amount: unknown;
  date: unknown;
  payer: string;
  owers: readonly string[];
  /** `Reimbursement` (IHateMoney 7) or Cospend's reimbursement category: a payment. */
  payment: boolean;
  /** The bill's currency when the file names one; else the event's. */
  currency: string;
  comment: string;
}

/**
 * People's weights as these apps keep them: per person, not per bill. A file gives the weight of
 * each person who paid something (`payer_weight`) or lists it (Cospend's members); anyone else
 * weighs 1, as the apps' own imports take it.
 */
export class Weights {
  readonly #weights = new Map<string, { name: string; weight: number }>();

  note(name: string, weight: number | null): void {
    const key = nameKey(name.trim());
    const known = this.#weights.get(key);
    if (!known || (weight !== null && known.weight === 1)) {
      this.#weights.set(key, { name: name.trim(), weight: weight ?? known?.weight ?? 1 });
    }
  }

  of(name: string): number {
    return this.#weights.get(nameKey(name.trim()))?.weight ?? 1;
  }

  people(): { name: string; weight: number }[] {
    return [...this.#weights.values()];
  }
}

/** A weight as these files write it ("2.0", 1.5); null when it is not a positive number. */
export function weightOf(value: unknown): number | null {
  const weight = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(weight) && weight > 0 ? weight : null;
}

/** The entry a bill makes, its owers weighted by their person's weight. */
export function entryOfBill(bill: Bill, weights: Weights, { currencies, fields }: ReadContext) {
  const { where } = bill;
  const date = dayOf(bill.date);
  if (!date) throw new FileProblem(where, 'import_entry_date');
  // "XXX" or nothing: IHateMoney's "no currency", the project's own.
  const named =
    bill.currency.trim() === '' || bill.currency.trim() === 'XXX' ? null : bill.currency;
  const currencyId = named === null ? (fields.currency_id ?? null) : currencyOf(named, currencies);
  if (named !== null && currencyId === null) {
    throw new FileProblem(where, 'import_entry_currency', { currency: named });
  }
  const decimals = currencies.get(currencyId ?? 'EUR')?.decimals ?? 2;
  const signed = minorOf(bill.amount, decimals);
  if (signed === null || signed === 0) throw new FileProblem(where, 'import_entry_amount');
  const owers = bill.owers.map((name) => name.trim()).filter((name) => name !== '');
  if (owers.length === 0) throw new FileProblem(where, 'import_entry_nobody');
  const amount = Math.abs(signed);
  const entry: BookEntry = {
    where,
    kind: bill.payment ? 'payment' : signed < 0 ? 'income' : 'expense',
    title: bill.what,
    desc: bill.comment,
    date,
    // Settled once the event's currency is known (book-plan): a bill without one is in it.
    currencyId: currencyId ?? '',
    amount,
    paid: new Map([[bill.payer.trim(), amount]]),
    shares: { by: 'weights', weights: new Map(owers.map((name) => [name, weights.of(name)])) },
    category: null,
  };
  return entry;
}
