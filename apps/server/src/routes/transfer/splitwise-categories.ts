import type { Category } from '@quits/contract';

/**
 * Splitwise's categories and subcategories (as its exports name them, lower-cased) to ours.
 * "Payment" is not here: it marks a payment between two people, not an expense. Anything else
 * ("General", a category Splitwise adds later) counts as `other`.
 */
const SPLITWISE_CATEGORIES: Readonly<Record<string, Category>> = {
  'food and drink': 'food',
  'dining out': 'food',
  liquor: 'food',
  groceries: 'groceries',
  transportation: 'transport',
  bicycle: 'transport',
  'bus/train': 'transport',
  car: 'transport',
  'gas/fuel': 'transport',
  parking: 'transport',
  plane: 'transport',
  taxi: 'transport',
  hotel: 'accommodation',
  rent: 'accommodation',
  mortgage: 'accommodation',
  entertainment: 'activities',
  games: 'activities',
  movies: 'activities',
  music: 'activities',
  sports: 'activities',
  clothing: 'shopping',
  electronics: 'shopping',
  furniture: 'shopping',
  gifts: 'shopping',
  'household supplies': 'shopping',
  utilities: 'utilities',
  cleaning: 'utilities',
  electricity: 'utilities',
  'heat/gas': 'utilities',
  trash: 'utilities',
  'tv/phone/internet': 'utilities',
  water: 'utilities',
  'medical expenses': 'health',
};

export function categoryOfSplitwise(name: string): Category {
  return SPLITWISE_CATEGORIES[name.trim().toLowerCase()] ?? 'other';
}

/** Splitwise writes a payment between two people as a row of this category. */
export function isSplitwisePayment(category: string): boolean {
  return category.trim().toLowerCase() === 'payment';
}
