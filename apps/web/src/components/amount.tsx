/**
 * An amount as one unbreakable piece: "-€4.00" never leaves its minus, nor "4,00 €" its sign,
 * on a line of their own. In a row it keeps its width, so the label beside it wraps instead (a
 * flex item never shrinks below its unbreakable content). `data-amount` marks every amount for
 * the browser tests that check this on each screen.
 */
export function Amount(props: { children: string }) {
  return (
    <span data-amount="" style={{ whiteSpace: 'nowrap' }}>
      {props.children}
    </span>
  );
}
