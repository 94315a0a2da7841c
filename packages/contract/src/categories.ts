import { z } from 'zod';

/** The fixed set of expense categories; an expense without one counts as `other`. */
export const CATEGORIES = [
  'food',
  'groceries',
  'transport',
  'accommodation',
  'activities',
  'shopping',
  'utilities',
  'health',
  'other',
] as const;

export const categorySchema = z.enum(CATEGORIES, {
  message: `Must be one of: ${CATEGORIES.join(', ')}.`,
});
export type Category = z.infer<typeof categorySchema>;
