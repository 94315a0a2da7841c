import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { EventHomePage } from './pages/event-home-page';
import { addEvenExpense, createEvent, person } from './support/api';
import { presetWhoAmI } from './support/storage';

/** Where the focus screenshots go: the test output, never a tracked file. */
const SCREENSHOTS = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** How the focused control looks, against how it looks unfocused. */
interface FocusLook {
  element: string;
  changed: boolean;
  /** The ring's width in px, 0 without one. */
  ring: number;
  /** The ring's colour against what lies behind it (WCAG contrast ratio). */
  contrast: number;
}

/**
 * The focused element's ring (on a text field: the field's box) and how it differs from the
 * element unfocused; focus is put back afterwards, still shown as from the keyboard.
 */
function readFocusLook(page: Page): Promise<FocusLook | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    // A text field shows focus on its box, a switch or checkbox round its invisible input; a
    // button inside a field (a date picker's) shows its own.
    const box =
      (focused.classList.contains('MuiInputBase-input')
        ? focused.closest<HTMLElement>('.MuiInputBase-root')
        : null) ??
      (focused.classList.contains('PrivateSwitchBase-input') ? focused.parentElement : null) ??
      focused;
    // An outlined text field's border is its ring.
    const border = box.querySelector<HTMLElement>(':scope > .MuiOutlinedInput-notchedOutline');
    const look = () => {
      const style = getComputedStyle(box);
      const edge = border ? getComputedStyle(border) : null;
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.boxShadow} ${edge?.borderTopWidth} ${edge?.borderTopColor}`;
    };
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // What the ring is painted on: the first ancestor with a background of its own.
    let behind = 'rgb(255, 255, 255)';
    for (let at = box.parentElement; at; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if ((channels(colour)[3] ?? 1) > 0) {
        behind = colour;
        break;
      }
    }
    const style = getComputedStyle(box);
    const edge = border ? getComputedStyle(border) : null;
    const ring = edge
      ? Number.parseFloat(edge.borderTopWidth)
      : style.outlineStyle === 'none'
        ? 0
        : Number.parseFloat(style.outlineWidth);
    const colour = edge ? edge.borderTopColor : style.outlineColor;
    const [lighter, darker] = [luminance(colour), luminance(behind)].sort((a, b) => b - a);
    const withFocus = look();
    focused.blur();
    const without = look();
    focused.focus();
    const labelled = 'labels' in focused ? (focused.labels as NodeListOf<HTMLLabelElement>) : null;
    const name =
      focused.getAttribute('aria-label') ??
      labelled?.[0]?.textContent?.trim() ??
      focused.textContent?.trim() ??
      '';
    return {
      element: `${focused.tagName.toLowerCase()} "${name.slice(0, 40)}"${focused.id ? ` #${focused.id}` : ''}`,
      changed: withFocus !== without,
      ring,
      contrast: ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05),
    };
  });
}

/** Focuses the next control after the focused one, in the page's order. */
async function skipFocusedControl(page: Page): Promise<void> {
  await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex="0"]',
      ),
    ].filter((control) => !control.hasAttribute('disabled') && control.offsetParent !== null);
    const at = controls.indexOf(document.activeElement as HTMLElement);
    controls[at + 1]?.focus();
  });
}

async function seedEvent(page: Page, request: Parameters<typeof createEvent>[0]) {
  const event = await createEvent(request, {
    name: 'Lisbon trip',
    currency: 'EUR',
    people: ['Ana', 'Ben', 'Chloé'],
  });
  await addEvenExpense(request, event, {
    title: 'Dinner',
    amount: 9000,
    payer: 'Ana',
    among: ['Ana', 'Ben', 'Chloé'],
  });
  await presetWhoAmI(page, event.id, person(event, 'Ana').id);
  return event;
}

test('choosing the payer with the keyboard keeps focus on "Who paid"', async ({
  page,
  request,
}, testInfo) => {
  const event = await seedEvent(page, request);
  await page.goto(`/event/expense/${event.id}/new`);
  const payer = page.getByRole('combobox', { name: 'Who paid' });
  await expect(payer).toHaveText('Ana');
  await payer.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Ana' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(payer).toHaveText('Ben');
  await expect(payer).toBeFocused();
  if (testInfo.project.name === 'phone') {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SCREENSHOTS}focus-payer-${scheme}-phone.png` });
    }
  }

  // Adding a payer, then removing one: focus goes to the payer field in its place.
  await page.getByRole('button', { name: 'Add a payer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Who paid' }).nth(1)).toBeFocused();
  await page
    .getByRole('button', { name: /Remove .* as payer/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Who paid' })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Who paid' })).toBeFocused();
});

test('"Mark as paid" with the keyboard leaves focus on the next transfer, then on "settled"', async ({
  page,
  request,
}) => {
  const event = await seedEvent(page, request);
  const home = new EventHomePage(page);
  await home.goto(event.id);
  const markPaid = home.transfers.getByRole('button', { name: 'Mark as paid' });
  await expect(markPaid).toHaveCount(2);
  await markPaid.first().focus();
  await page.keyboard.press('Enter');
  await expect(markPaid).toHaveCount(1);
  await expect(markPaid).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Everyone is settled up.')).toBeFocused();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`every control of the event home and the expense form shows a ring of 3:1 in ${scheme} mode`, async ({
    page,
    request,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const event = await seedEvent(page, request);
    const home = new EventHomePage(page);
    await home.goto(event.id);
    await expect(home.transfers.getByRole('button', { name: 'Mark as paid' })).toHaveCount(2);
    if (testInfo.project.name === 'desktop') {
      // The permanent drawer loads after the page: tabbing waits for it.
      await expect(page.getByRole('link', { name: 'Quits' }).first()).toBeVisible();
    }

    const seen: FocusLook[] = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const look = await readFocusLook(page);
      if (!look) continue;
      if (seen.some((earlier) => earlier.element === look.element)) continue;
      seen.push(look);
      if (look.element.includes('Mark as paid') && testInfo.project.name === 'phone') {
        await page.screenshot({ path: `${SCREENSHOTS}focus-mark-paid-${scheme}-phone.png` });
      }
    }
    if (testInfo.project.name === 'desktop') {
      // The permanent drawer's logo link is among them, with its ring.
      expect(seen.map((look) => look.element)).toContain('a "Quits"');
      await page.getByRole('link', { name: 'Quits' }).first().focus();
      await page.screenshot({
        path: `${SCREENSHOTS}focus-logo-${scheme}-desktop.png`,
        clip: { x: 0, y: 0, width: 400, height: 200 },
      });
    }
    expect(seen.length, 'controls reached with Tab').toBeGreaterThan(8);

    // The expense form: text fields, selects, the split's toggles and checkboxes.
    await page.goto(`/event/expense/${event.id}/new`);
    await expect(page.getByRole('combobox', { name: 'Who paid' })).toHaveText('Ana');
    const before = seen.length;
    let last = '';
    let repeats = 0;
    for (let step = 0; step < 24; step += 1) {
      await page.keyboard.press('Tab');
      const look = await readFocusLook(page);
      if (!look) continue;
      // A touch screen's date input keeps Tab inside its parts: its ring was read, move on.
      repeats = look.element === last ? repeats + 1 : 0;
      last = look.element;
      if (repeats >= 3) await skipFocusedControl(page);
      if (seen.slice(before).some((earlier) => earlier.element === look.element)) continue;
      seen.push(look);
      if (look.element.startsWith('input') && testInfo.project.name === 'phone') {
        await page.screenshot({ path: `${SCREENSHOTS}focus-field-${scheme}-phone.png` });
      }
    }
    expect(seen.length - before, 'form controls reached with Tab').toBeGreaterThan(8);
    const weak = seen.filter((look) => !look.changed || look.ring < 2 || look.contrast < 3);
    expect(weak, 'controls whose focus is not shown with 3:1').toEqual([]);
  });
}
