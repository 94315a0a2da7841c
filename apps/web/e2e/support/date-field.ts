import type { Locator } from '@playwright/test';

/**
 * Types a date into a date field as a person does: the field's whole text selected, then the
 * digits in the order the language writes them ("15032026" is 15.03.2026 in German), the
 * separators put in by the field itself.
 */
export async function typeDate(field: Locator, digits: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(digits);
}
