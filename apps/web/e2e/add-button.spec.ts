import { expect, type Locator, type Page, test } from '@playwright/test';
import { addEvenExpense, createEvent, person } from './support/api';
import { text } from './support/locale-texts';
import { presetWhoAmI } from './support/storage';

// German: its "Als bezahlt markieren" is the widest of the settlement buttons.
test.use({ locale: 'de-DE' });

const PEOPLE = ['Ana', 'Ben', 'Chloé', 'David', 'Emma', 'Felix', 'Greta'];

/** Whether the element drawn at the centre of `control` is the control itself (or inside it). */
async function drawnOnTop(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** Scrolls by `dy` px and lets the add button react (a frame, then its transition). */
async function scrollBy(page: Page, dy: number): Promise<void> {
  await page.evaluate((by) => window.scrollBy(0, by), dy);
  await page.waitForTimeout(400);
}

test('the add button never covers a "Mark as paid", wherever the page is scrolled, and leaves room under the last item', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, { name: 'Hütte', currency: 'EUR', people: PEOPLE });
  // Each but the last pays for everyone, unevenly: six transfers to settle, so a long page.
  for (const [index, payer] of PEOPLE.slice(0, -1).entries()) {
    await addEvenExpense(request, event, {
      title: `Einkauf ${index + 1}`,
      amount: 700 * (index + 2) * 3,
      payer,
      among: PEOPLE,
    });
  }
  await presetWhoAmI(page, event.id, person(event, 'Greta').id);
  await page.goto(`/event/${event.id}/home`);
  const markPaid = page.getByRole('button', { name: text('de', 'event.markPaid') });
  await expect(markPaid.first()).toBeVisible();
  const count = await markPaid.count();
  expect(count).toBeGreaterThanOrEqual(3);
  const add = page.getByRole('link', { name: text('de', 'expense.add') });
  const fab = page.locator('a.MuiFab-root');
  // Its place, where it shows: scrolled to the end, with room left under the last item.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(fab).toBeVisible();
  const corner = await fab.boundingBox();
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!corner) throw new Error('the add button has no box');
  const cornerCentre = corner.y + corner.height / 2;

  // Each "Mark as paid" scrolled to the add button's place: it is the one drawn there.
  for (let index = 0; index < count; index++) {
    const button = markPaid.nth(index);
    const box = await button.boundingBox();
    if (!box) throw new Error('a "Mark as paid" has no box');
    await scrollBy(page, box.y + box.height / 2 - cornerCentre);
    const moved = await button.boundingBox();
    // The page can be scrolled that far: the button really sits where the add button is.
    expect(Math.abs((moved?.y ?? 0) + (moved?.height ?? 0) / 2 - cornerCentre)).toBeLessThan(2);
    expect(await drawnOnTop(button)).toBe(true);
  }
  // And at every other scroll position, in steps smaller than a button: no control is covered.
  await page.evaluate(() => window.scrollTo(0, 0));
  const controls = page.locator('main').locator('button, .MuiButton-root');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top < height; top += 32) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(150);
    const covered = await controls.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          if (box.bottom <= 64 || box.top >= window.innerHeight || box.width === 0) return false;
          const hit = document.elementFromPoint(
            box.left + box.width / 2,
            Math.min(box.top + box.height / 2, window.innerHeight - 1),
          );
          return hit !== null && !element.contains(hit) && hit.closest('a.MuiFab-root') !== null;
        })
        .map((element) => element.textContent),
    );
    expect(covered, `scrolled to ${top} px`).toEqual([]);
    // Always one "Add expense" in view: the page's own at its top, else in the corner, or in
    // the title bar while the corner is taken.
    await expect
      .poll(() =>
        add.evaluateAll(
          (links) =>
            links.filter((link) => {
              const box = link.getBoundingClientRect();
              // Whole, below the title bar (64 px at most), or in the title bar itself.
              const whole = box.top >= 64 && box.bottom <= window.innerHeight;
              return box.width > 0 && (whole || link.closest('header') !== null);
            }).length,
        ),
      )
      .toBe(1);
  }
  // Scrolled to the end, the add button shows: the page leaves it room under its last item.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(fab).toBeVisible();
  const last = page.locator('main section').last();
  const lastBox = await last.boundingBox();
  const addBox = await fab.boundingBox();
  expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(addBox?.y ?? 0);
});
