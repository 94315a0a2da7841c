// Re-saves one PDF as a new document of its pages alone: without the document information
// (author, the program that made it, dates), the XMP metadata, and what runs or hides inside it
// (scripts, actions, forms, embedded files), none of which is copied, so none is left in the
// bytes. Refuses a PDF past its limits (pages, unpacked bytes, objects) while reading it. Runs in
// a worker thread with a memory limit, then exits: parsing a 10 MB PDF takes a second of CPU
// that the main thread must not spend. Plain JavaScript, so that it starts the same under tsx,
// in tests and in production.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { PdfLimitError, startLimits } from './pdf-parse-limits.mjs';
import { countPages, passiveCopy, unpackEveryStream } from './pdf-passive-copy.mjs';

async function clean({ pdf, limits }) {
  const counting = startLimits(limits);
  let document;
  try {
    counting.parsing = true;
    // Loaded even when encrypted, to tell a protected PDF (said so) from a damaged one.
    document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    // Every limit passed is kept there, even when pdf-lib's error says something else.
    if (counting.exceeded) throw counting.exceeded;
    return { outcome: 'unreadable' };
  } finally {
    counting.parsing = false;
  }
  // A limit passed within an object pdf-lib skipped as damaged still refuses the file.
  if (counting.exceeded) throw counting.exceeded;
  if (document.isEncrypted) return { outcome: 'protected' };
  const pages = countPages(document, limits.maxPages);
  if (pages > limits.maxPages) return { outcome: 'pages' };
  if (pages === 0) return { outcome: 'unreadable' };
  const copy = await passiveCopy(document);
  unpackEveryStream(copy);
  const saved = await copy.save({ updateFieldAppearances: false });
  return { outcome: 'cleaned', pdf: saved, pages };
}

function refusal(error) {
  if (error instanceof PdfLimitError) return { outcome: error.reason };
  return { outcome: 'unreadable' };
}

const answer = await clean(workerData).catch(refusal);
parentPort.postMessage(answer, answer.pdf ? [answer.pdf.buffer] : []);
