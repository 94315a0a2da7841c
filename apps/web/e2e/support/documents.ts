import PDFKit from 'pdfkit';

/** A one-page PDF invoice, with an author in its metadata as billing software writes one. */
export function invoicePdf(author = 'Hotel Billing Desk'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ info: { Author: author, Title: 'Invoice 7' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text('Invoice 7 — two nights, 240.00 EUR');
    doc.end();
  });
}
