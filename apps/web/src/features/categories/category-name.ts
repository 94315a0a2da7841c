import { CATEGORIES, type Category } from '@quits/contract';
import type { TFunction } from 'i18next';

const KNOWN: ReadonlySet<string> = new Set(CATEGORIES);

function isCategory(value: string): value is Category {
  return KNOWN.has(value);
}

/**
 * The category an expense counts under: its own, or `other` without one (or with one this
 * version does not know, say from a newer device).
 */
export function categoryOf(category: string | null | undefined): Category {
  return category && isCategory(category) ? category : 'other';
}

/** A category's name in the person's language. */
export function categoryName(t: TFunction, category: Category): string {
  return t(`category.${category}`);
}
