import { useDirection } from '@web/lib/direction';

interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * How a chart is mirrored for a language written right to left. MUI X anchors its labels by the
 * theme's direction itself, but leaves the axes where they are: here time and the bars' length
 * run from the right, and the value or name axis stands at the right.
 */
export function useChartDirection() {
  const rtl = useDirection() === 'rtl';
  return {
    /** For the axis along which time runs or bars grow. */
    reverse: rtl,
    /** Where the other axis stands. */
    side: rtl ? ('right' as const) : ('left' as const),
    margin: (margin: Margin): Margin =>
      rtl ? { ...margin, left: margin.right, right: margin.left } : margin,
  };
}
