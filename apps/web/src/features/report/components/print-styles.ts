/**
 * The print stylesheet of the statement page: only the statement is printed (the app's bars,
 * menus and the page's own controls are not), in black on white whatever the theme, with the
 * event's name at the top of every page and "n / m" at the bottom (CSS page-margin boxes).
 */
export function printStyles(eventName: string): string {
  // JSON's string escapes are valid CSS string escapes for a name on one line.
  const name = JSON.stringify(eventName.replace(/\s+/g, ' '));
  return `@media print {
  @page {
    size: A4;
    margin: 18mm 14mm;
    @top-center { content: ${name}; font: 9pt sans-serif; color: #5f6368; }
    @bottom-center { content: counter(page) " / " counter(pages); font: 8pt sans-serif; color: #5f6368; }
  }
  body * { visibility: hidden; }
  .report-sheet, .report-sheet * { visibility: visible; }
  .report-sheet { position: absolute; left: 0; top: 0; width: 100%; color: #000; }
  .report-controls { display: none !important; }
  html, body, #root { background: #fff !important; }
  .report-sheet .MuiTableCell-root, .report-sheet .MuiTypography-root { color: #000 !important; }
}`;
}
