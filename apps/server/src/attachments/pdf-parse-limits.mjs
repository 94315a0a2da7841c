// Bounds what reading one PDF may cost, checked while pdf-lib parses it rather than after: the
// bytes its compressed parts unpack to (a 1 MB file can inflate to gigabytes), the objects it
// holds and the pages it has. Plain JavaScript, loaded by the cleaning worker.
import { createRequire } from 'node:module';
import { PDFContext, PDFPageLeaf } from 'pdf-lib';

const require = createRequire(import.meta.url);
// Every decoder of pdf-lib (Flate, LZW, RunLength, ASCII85, ASCIIHex) grows its output through
// this base class's `ensureBuffer(total)`: the one place to count what a stream unpacks to.
const { default: DecodeStream } = require('pdf-lib/cjs/core/streams/DecodeStream');

/** Why a PDF was refused: `pages`, or `unpacked` (its parts unpack to, or number, too much). */
export class PdfLimitError extends Error {
  constructor(reason) {
    super(`the PDF passes its limit of ${reason}`);
    this.reason = reason;
  }
}

/** The limits of the PDF read now (one per worker at a time), and what it has used of them. */
let current = null;

/**
 * Counts from now on against `limits` ({ maxPages, maxUnpackedBytes, maxObjects }); objects and
 * pages are counted while `parsing` is set on the answer. A limit passed throws `PdfLimitError`
 * where it is passed, and again at every next object, so that pdf-lib's recovery from a damaged
 * object cannot swallow it; the error is kept in `exceeded`.
 */
export function startLimits(limits) {
  current = {
    ...limits,
    unpacked: 0,
    objects: 0,
    pages: new Set(),
    parsing: false,
    exceeded: null,
  };
  return current;
}

function exceed(reason) {
  current.exceeded ??= new PdfLimitError(reason);
  throw current.exceeded;
}

const ensureBuffer = DecodeStream.prototype.ensureBuffer;
if (typeof ensureBuffer !== 'function') {
  // Fails closed: without the count, no PDF is taken (and the tests say so at once).
  throw new Error('pdf-lib no longer decodes through DecodeStream.ensureBuffer');
}
/** Bytes each live decoder was already counted for. */
const counted = new WeakMap();
DecodeStream.prototype.ensureBuffer = function boundedEnsureBuffer(requested) {
  if (current) {
    if (current.exceeded) throw current.exceeded;
    const before = counted.get(this) ?? 0;
    if (requested > before) {
      counted.set(this, requested);
      current.unpacked += requested - before;
      // Before the buffer grows: what is refused is never allocated.
      if (current.unpacked > current.maxUnpackedBytes) exceed('unpacked');
    }
  }
  return ensureBuffer.call(this, requested);
};

const assign = PDFContext.prototype.assign;
PDFContext.prototype.assign = function boundedAssign(ref, object) {
  if (current?.parsing) {
    if (current.exceeded) throw current.exceeded;
    if (!this.indirectObjects.has(ref)) {
      current.objects += 1;
      if (current.objects > current.maxObjects) exceed('unpacked');
    }
    if (object instanceof PDFPageLeaf) {
      current.pages.add(ref);
      if (current.pages.size > current.maxPages) exceed('pages');
    }
  }
  return assign.call(this, ref, object);
};
