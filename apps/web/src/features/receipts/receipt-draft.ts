import {
  type Category,
  type Currency,
  type Event,
  LIMITS,
  type ReceiptAnalysis,
  receiptAnalysisSchema,
} from '@quits/contract';
import type { ItemisedSplitError } from '@quits/domain';
import { type ExpenseDraft, newDraft } from '@web/features/expenses';
import { currencyDecimals, minorToInput } from '@web/lib/money';

/**
 * Matches any of `words` as a whole word in any case (\b only knows ASCII letters), or any of
 * `chinese` anywhere, since Chinese writes no spaces between words.
 */
function kindWords(words: readonly string[], chinese: readonly string[]): RegExp {
  const whole = `(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])`;
  return new RegExp(`${whole}|${chinese.join('|')}`, 'iu');
}

/**
 * Words that name what kind of place a receipt is from, in the seven languages and on common
 * chains. Only words that leave no doubt are listed ("Bar" is cash in German, "Netto" a net
 * amount): a category is offered only when it is obvious.
 */
const CATEGORY_WORDS: readonly [Category, RegExp][] = [
  [
    'food',
    kindWords(
      [
        'restaurant',
        'ristorante',
        'restaurante',
        'trattoria',
        'osteria',
        'pizzeria',
        'bistro',
        'brasserie',
        'caf[eé]',
        'coffee',
        'kaffee',
        'cafeteria',
        'pub',
        'taverna',
        'sushi',
        'burger',
        'steakhouse',
        'diner',
        'kebab',
        'imbiss',
        'gasthaus',
        'gasthof',
        'nhà hàng',
        'quán ăn',
        'cà phê',
        'starbucks',
        "mcdonald'?s",
      ],
      ['餐厅', '饭店', '咖啡', '酒楼', '餐馆'],
    ),
  ],
  [
    'groceries',
    kindWords(
      [
        'supermarket',
        'supermarkt',
        'supermarch[eé]',
        'supermercado',
        'supermercato',
        'grocery',
        'groceries',
        'lebensmittel',
        'alimentari',
        'aldi',
        'lidl',
        'rewe',
        'edeka',
        'kaufland',
        'carrefour',
        'auchan',
        'leclerc',
        'intermarch[eé]',
        'monoprix',
        'franprix',
        'tesco',
        "sainsbury'?s",
        'waitrose',
        'mercadona',
        'esselunga',
        'conad',
        'migros',
        'albert heijn',
        'walmart',
        'whole foods',
        "trader joe'?s",
        'siêu thị',
        'bách hóa xanh',
        'winmart',
      ],
      ['超市'],
    ),
  ],
  [
    'transport',
    kindWords(
      [
        'taxi',
        'uber',
        'lyft',
        'petrol',
        'fuel',
        'gasoline',
        'tankstelle',
        'benzin',
        'carburant',
        'gasolinera',
        'parking',
        'parkhaus',
        'aparcamiento',
        'parcheggio',
        'deutsche bahn',
        'sncf',
        'renfe',
        'trenitalia',
        'xăng dầu',
      ],
      ['加油站', '出租车', '停车场'],
    ),
  ],
  [
    'accommodation',
    kindWords(
      ['hotel', 'hôtel', 'hostel', 'motel', 'albergo', 'auberge', 'airbnb', 'khách sạn'],
      ['酒店', '宾馆', '旅馆'],
    ),
  ],
  [
    'health',
    kindWords(['pharmacy', 'apotheke', 'pharmacie', 'farmacia', 'nhà thuốc'], ['药房', '药店']),
  ],
];

/**
 * The category a receipt's merchant and heading name beyond doubt, else null: when none or
 * several kinds of place match, the person chooses.
 */
export function guessCategory(
  analysis: Pick<ReceiptAnalysis, 'merchant' | 'text'>,
): Category | null {
  // The merchant and the first lines name the place; lower lines list goods, which mislead
  // (a bar of chocolate in a supermarket).
  const heading = [analysis.merchant ?? '', ...analysis.text.split('\n').slice(0, 4)].join('\n');
  const matches = CATEGORY_WORDS.filter(([, words]) => words.test(heading));
  return matches.length === 1 ? (matches[0]?.[0] ?? null) : null;
}

/**
 * A new expense filled in from a receipt's analysis: titled after the merchant (else
 * `fallbackTitle`), its total, currency and date, a category when obvious, the photo attached,
 * and its lines ready for the split by items, each first given to everyone, as an even split.
 */
export function draftFromReceipt(
  event: Event,
  me: string | null,
  analysis: ReceiptAnalysis,
  currencies: readonly Currency[],
  fallbackTitle: string,
): ExpenseDraft {
  const draft = newDraft(event, me);
  const decimals = currencyDecimals(event, analysis.currency_id, currencies);
  const everyone = event.users.map((user) => user.id);
  return {
    ...draft,
    title: (analysis.merchant?.trim() || fallbackTitle).slice(0, LIMITS.title),
    amountText:
      analysis.total !== null && analysis.total > 0 ? minorToInput(analysis.total, decimals) : '',
    currencyId: analysis.currency_id,
    date: analysis.date ?? draft.date,
    category: guessCategory(analysis),
    receiptId: analysis.receipt_id,
    items: analysis.items.map((item) => ({
      name: item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name,
      amount: item.amount,
      people: everyone,
    })),
  };
}

/**
 * The analysis the camera screen hands to the expense form with the navigation
 * (`{ receipt }` in the history state), checked, since that state outlives the app's versions.
 */
export function receiptOfNavigation(state: unknown): ReceiptAnalysis | null {
  if (typeof state !== 'object' || state === null || !('receipt' in state)) return null;
  const parsed = receiptAnalysisSchema.safeParse(state.receipt);
  return parsed.success ? parsed.data : null;
}

/** The text keys of the reasons a split by items cannot be made. */
const ITEMISED_PROBLEM_KEYS: Record<ItemisedSplitError['code'], string> = {
  'no-items': 'receipts.problemNoItems',
  'unassigned-item': 'receipts.problemUnassigned',
  'no-item-total': 'receipts.problemNoItemTotal',
  'negative-subtotal': 'receipts.problemNegative',
};

function isItemisedProblem(problem: string): problem is ItemisedSplitError['code'] {
  return Object.hasOwn(ITEMISED_PROBLEM_KEYS, problem);
}

/** The text key of a split problem when it is one of the split by items, else null. */
export function itemisedProblemKey(problem: string): string | null {
  return isItemisedProblem(problem) ? ITEMISED_PROBLEM_KEYS[problem] : null;
}
