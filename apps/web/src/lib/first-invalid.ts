import { type RefObject, useEffect, useRef, useState } from 'react';

/** What can take the focus inside a field: its input, a select's button, a group's first control. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([aria-hidden="true"]):not([disabled]), textarea, [role="combobox"], button:not([disabled]), [tabindex="0"]';

/**
 * Focuses the first field of `form` that shows a problem, and brings it to the middle of the
 * screen (clear of the title bar and a phone's keyboard). MUI marks a field in error with
 * `aria-invalid` on its input and `.Mui-error` on its parts; a problem shown under a group
 * (the split, the payers) marks only its helper text, so the group's first control is focused.
 * Returns whether one was found.
 */
export function focusFirstInvalid(form: HTMLElement): boolean {
  const marked = form.querySelector<HTMLElement>('[aria-invalid="true"], .Mui-error');
  if (!marked) return false;
  const field = marked.closest<HTMLElement>('.MuiFormControl-root, fieldset, [role="group"]');
  const target = marked.matches(FOCUSABLE)
    ? marked
    : (field?.querySelector<HTMLElement>(FOCUSABLE) ?? field ?? marked);
  target.focus({ preventScroll: true });
  (field ?? target).scrollIntoView({ block: 'center' });
  return true;
}

/**
 * For a form that validates as it is sent: call `attempted()` in the submit handler; once the
 * problems it found are drawn, the first one gets the focus. A save that is refused after the
 * server answered does not move the focus: the person may have gone on typing.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  attempted(): void;
} {
  const ref = useRef<T | null>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts > 0 && ref.current) focusFirstInvalid(ref.current);
  }, [attempts]);
  return { ref, attempted: () => setAttempts((count) => count + 1) };
}
