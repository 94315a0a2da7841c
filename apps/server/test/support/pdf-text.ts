import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's pages and the text on each, read the way a PDF viewer reads it. */
export async function pdfText(file: Uint8Array): Promise<{ pages: number; text: string[] }> {
  const document = await getDocument({
    data: new Uint8Array(file),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const text: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return { pages: document.numPages, text };
}
