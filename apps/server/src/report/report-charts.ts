import type { PdfCursor } from './report-layout';
import { MUTED, RULE } from './report-layout';

export interface Bar {
  label: string;
  /** Minor units; bars are drawn in proportion to the largest value of the chart. */
  values: readonly number[];
  /** The values as written beside the bars. */
  texts: readonly string[];
}

const BAR_HEIGHT = 7;
const LABEL_WIDTH = 130;
const TEXT_WIDTH = 90;

/**
 * A horizontal bar chart: one group of bars per label (e.g. paid and share of a person), one
 * colour per position in the group, each bar's value written at its end.
 */
export function drawBars(cursor: PdfCursor, bars: readonly Bar[], colors: readonly string[]): void {
  const { doc } = cursor;
  const largest = Math.max(1, ...bars.flatMap((bar) => bar.values.map(Math.abs)));
  const room = cursor.width - LABEL_WIDTH - TEXT_WIDTH;
  for (const bar of bars) {
    const groupHeight = bar.values.length * (BAR_HEIGHT + 4) + 6;
    cursor.ensure(groupHeight);
    const top = cursor.y;
    cursor.write(bar.label, cursor.left, { width: LABEL_WIDTH - 8 });
    bar.values.forEach((value, index) => {
      const y = top + index * (BAR_HEIGHT + 4);
      // A bar of a value above zero is at least a hairline, so that it shows.
      const length = value === 0 ? 0 : Math.max(1, (Math.abs(value) / largest) * room);
      doc
        .rect(cursor.left + LABEL_WIDTH, y + 1, room, BAR_HEIGHT)
        .fillColor(RULE)
        .fillOpacity(0.35)
        .fill()
        .fillOpacity(1);
      if (length > 0) {
        doc
          .rect(cursor.left + LABEL_WIDTH, y + 1, length, BAR_HEIGHT)
          .fillColor(colors[index % colors.length] ?? MUTED)
          .fill();
      }
      cursor.y = y - 1;
      cursor.write(bar.texts[index] ?? '', cursor.left + LABEL_WIDTH + room + 6, {
        width: TEXT_WIDTH - 6,
        align: 'right',
        size: 8,
        color: MUTED,
      });
    });
    cursor.y = top + groupHeight;
  }
}

/** A legend line: a coloured square and a word for each colour of a chart. */
export function drawLegend(
  cursor: PdfCursor,
  items: readonly { label: string; color: string }[],
): void {
  cursor.ensure(16);
  let x = cursor.left + LABEL_WIDTH;
  for (const item of items) {
    cursor.doc
      .rect(x, cursor.y + 2, 8, 8)
      .fillColor(item.color)
      .fill();
    cursor.write(item.label, x + 12, { width: 110, color: MUTED, size: 8 });
    x += 120;
  }
  cursor.y += 16;
}
