import { fontFor } from './report-fonts';

/** A4 in PDF points, and the room kept for the running header and footer. */
export const PAGE = { size: 'A4', top: 64, bottom: 64, side: 48 } as const;

export const INK = '#1d1d1f';
export const MUTED = '#5f6368';
export const RULE = '#d0d4da';

export interface Cell {
  text: string;
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
  color?: string;
}

/**
 * Writes a statement top to bottom: tracks the line it is on and starts a new page before a
 * block would cross the bottom margin, so that no row is cut in two.
 */
export class PdfCursor {
  y: number;

  constructor(readonly doc: PDFKit.PDFDocument) {
    this.y = PAGE.top;
  }

  get left(): number {
    return PAGE.side;
  }

  get width(): number {
    return this.doc.page.width - 2 * PAGE.side;
  }

  /** Starts a new page when `height` points do not fit below the current line. */
  ensure(height: number): void {
    if (this.y + height > this.doc.page.height - PAGE.bottom) {
      this.doc.addPage();
      this.y = PAGE.top;
    }
  }

  /**
   * One line of text in a box `width` wide; what does not fit is cut with an ellipsis. Placed by
   * its measured width rather than through pdfkit's line wrapper, which is many times slower
   * and dominates a statement of thousands of rows.
   */
  write(text: string, x: number, cell: Omit<Cell, 'text'> & { size?: number }): void {
    const size = cell.size ?? 9;
    this.doc
      .font(fontFor(text, cell.bold))
      .fontSize(size)
      .fillColor(cell.color ?? INK);
    const line = this.fit(text.replace(/\s+/g, ' '), cell.width);
    const left = cell.align === 'right' ? x + cell.width - this.doc.widthOfString(line) : x;
    this.doc.text(line, left, this.y, { lineBreak: false });
  }

  /** `text`, cut to fit `width` points in the current font with an ellipsis when it does not. */
  private fit(text: string, width: number): string {
    if (this.doc.widthOfString(text) <= width) return text;
    const characters = [...text];
    let low = 0;
    let high = characters.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.doc.widthOfString(`${characters.slice(0, middle).join('')}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return `${characters.slice(0, low).join('')}…`;
  }

  /** A row of cells side by side, with a thin rule below when asked. */
  row(cells: readonly Cell[], options: { rule?: boolean; size?: number } = {}): void {
    const height = (options.size ?? 9) * 1.6;
    this.ensure(height);
    let x = this.left;
    for (const cell of cells) {
      // A little room between columns.
      this.write(cell.text, x, { ...cell, width: cell.width - 6, size: options.size });
      x += cell.width;
    }
    this.y += height;
    if (options.rule) this.rule();
  }

  rule(): void {
    this.doc
      .moveTo(this.left, this.y - 3)
      .lineTo(this.left + this.width, this.y - 3)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  /** A section's title, kept on the same page as at least `keepWith` points of what follows. */
  heading(text: string, keepWith = 40): void {
    this.y += 10;
    this.ensure(24 + keepWith);
    this.write(text, this.left, { width: this.width, bold: true, size: 13 });
    this.y += 24;
  }

  /** Text that may wrap over several lines. */
  paragraph(text: string, color = MUTED): void {
    this.doc.font(fontFor(text)).fontSize(9);
    const height = this.doc.heightOfString(text, { width: this.width });
    this.ensure(height);
    this.doc.fillColor(color).text(text, this.left, this.y, { width: this.width });
    this.y += height + 6;
  }
}

/**
 * The event's name at the top of every page and "Page n of m" at the bottom, written once all
 * pages exist (the document keeps them buffered for this).
 */
export function stampPages(
  doc: PDFKit.PDFDocument,
  eventName: string,
  pageText: (page: number, pages: number) => string,
): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing in the margins must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * PAGE.side;
    const footer = pageText(index - start + 1, count);
    doc
      .font(fontFor(eventName, true))
      .fontSize(9)
      .fillColor(MUTED)
      .text(eventName, PAGE.side, 28, { width, height: 14, ellipsis: true, lineBreak: false });
    doc
      .font(fontFor(footer))
      .fontSize(8)
      .text(footer, PAGE.side, doc.page.height - 40, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
