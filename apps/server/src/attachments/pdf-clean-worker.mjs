// Re-saves one PDF without what it carries besides its pages: the document information (author,
// the program that made it, dates), the XMP metadata, and what runs or hides inside it (scripts,
// actions on opening, embedded files). Runs in a worker thread, then exits: parsing a 10 MB PDF
// takes a second of CPU that the main thread must not spend. Plain JavaScript, so that it starts
// the same under tsx, in tests and in production.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';

/** Catalog entries that are not the pages: metadata, scripts and actions, embedded files. */
const CATALOG_DROPPED = ['Metadata', 'OpenAction', 'AA', 'JavaScript'];
/** Name trees of the catalog's `Names` that hold scripts and files. */
const NAMES_DROPPED = ['JavaScript', 'EmbeddedFiles'];

async function clean(bytes) {
  let document;
  try {
    // Loaded even when encrypted, to tell a protected PDF (said so) from a damaged one.
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return { outcome: 'unreadable' };
  }
  if (document.isEncrypted) return { outcome: 'protected' };
  if (document.getPageCount() === 0) return { outcome: 'unreadable' };
  document.context.trailerInfo.Info = undefined;
  const { catalog } = document;
  for (const key of CATALOG_DROPPED) catalog.delete(PDFName.of(key));
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (names) for (const key of NAMES_DROPPED) names.delete(PDFName.of(key));
  for (const page of document.getPages()) {
    page.node.delete(PDFName.of('AA'));
    page.node.delete(PDFName.of('Metadata'));
  }
  const saved = await document.save({ updateFieldAppearances: false });
  return { outcome: 'cleaned', pdf: saved, pages: document.getPageCount() };
}

const answer = await clean(workerData).catch(() => ({ outcome: 'unreadable' }));
parentPort.postMessage(answer, answer.pdf ? [answer.pdf.buffer] : []);
