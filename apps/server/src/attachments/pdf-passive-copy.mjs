// A PDF's pages copied into a new document that holds nothing but what draws them: no action,
// script, form, embedded file or metadata. Only what the kept pages reach is copied, so what is
// left out is gone from the file's bytes, not merely unlinked. Plain JavaScript, for the worker.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFPageTree,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { PdfLimitError } from './pdf-parse-limits.mjs';

/** Annotations that only show something: a note, a highlight, a stamp, a drawn form field, a link. */
const SHOWN_ANNOTATIONS = new Set(
  ['Text', 'Link', 'FreeText', 'Line', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Highlight']
    .concat(['Underline', 'Squiggly', 'StrikeOut', 'Caret', 'Stamp', 'Ink', 'Popup', 'Widget'])
    .concat(['Watermark', 'Redact', 'PrinterMark', 'TrapNet']),
);

/**
 * What a page keeps: what draws it and its annotations (no actions, thumbnails, metadata), and
 * its `Parent`, through which it inherits its resources and size as it is copied.
 */
const PAGE_ENTRIES = new Set(
  [
    'Type',
    'Parent',
    'Resources',
    'MediaBox',
    'CropBox',
    'BleedBox',
    'TrimBox',
    'ArtBox',
    'BoxColorInfo',
  ].concat(['Contents', 'Rotate', 'Group', 'Annots', 'UserUnit', 'Tabs']),
);

/**
 * Entries dropped from every dictionary: actions (`A`, `AA`, `PA`, `Next`, `OpenAction`),
 * scripts (`JS`), destinations (which would copy other pages along), embedded and associated
 * files (`EF`, `AF`), metadata (`Metadata`, `PieceInfo`), forms (`AcroForm`, `XFA`), and an
 * annotation's page (`P`, which would copy its page twice).
 */
const DROPPED_ENTRIES = ['A', 'AA', 'PA', 'Next', 'OpenAction', 'JS', 'Dest']
  .concat(['EF', 'AF', 'Metadata', 'PieceInfo', 'AcroForm', 'XFA', 'P'])
  .map((key) => PDFName.of(key));

/** A link keeps its address only for these: a web page or an e-mail, never a script or a file. */
const SAFE_URI = /^(https?:\/\/|mailto:)/i;

/** pdf-lib's decoders, to check what a kept stream unpacks to; images are left compressed. */
const DECODABLE = new Set(['FlateDecode', 'LZWDecode', 'ASCII85Decode', 'ASCIIHexDecode']);
DECODABLE.add('RunLengthDecode');

/** Most page-tree nodes visited to count the pages: a tree that repeats itself is refused. */
const TREE_VISITS_PER_PAGE = 4;

function text(value) {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
}

/** A link's action rebuilt as a bare web or mail address, or undefined. */
function safeLinkAction(dict, context) {
  const action = dict.lookup(PDFName.of('A'));
  if (!(action instanceof PDFDict)) return undefined;
  if (action.lookup(PDFName.of('S')) !== PDFName.of('URI')) return undefined;
  const uri = text(action.lookup(PDFName.of('URI')));
  if (!uri || !SAFE_URI.test(uri.trim())) return undefined;
  return context.obj({ S: 'URI', URI: PDFString.of(uri.trim()) });
}

/** Drops the active entries of `object` and of what it holds directly; refs are cleaned apart. */
function cleanObject(object, context, seen) {
  if (seen.has(object)) return;
  seen.add(object);
  if (object instanceof PDFArray) {
    for (let index = 0; index < object.size(); index += 1) {
      cleanObject(object.get(index), context, seen);
    }
    return;
  }
  const dict = object instanceof PDFStream ? object.dict : object;
  if (!(dict instanceof PDFDict)) return;
  const subtype = dict.lookup(PDFName.of('Subtype'));
  const link = subtype === PDFName.of('Link') ? safeLinkAction(dict, context) : undefined;
  for (const key of DROPPED_ENTRIES) dict.delete(key);
  if (link) dict.set(PDFName.of('A'), link);
  // A form field's widget keeps its look, not the form it belonged to.
  if (subtype === PDFName.of('Widget')) dict.delete(PDFName.of('Parent'));
  for (const [, value] of dict.entries()) cleanObject(value, context, seen);
}

/** Pages of the document, counted up to `max` + 1 without trusting its page tree's `Count`. */
export function countPages(document, max) {
  let pages = 0;
  let visits = 0;
  const stack = [document.catalog.Pages()];
  while (stack.length > 0) {
    const node = stack.pop();
    visits += 1;
    if (visits > max * TREE_VISITS_PER_PAGE + 1) return max + 1;
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let index = 0; kids && index < kids.size(); index += 1) {
      const kid = kids.lookup(index);
      if (kid instanceof PDFPageTree) stack.push(kid);
      else if (kid instanceof PDFDict) pages += 1;
      if (pages > max) return pages;
    }
  }
  return pages;
}

/** Keeps, of a page's own entries, what draws it, and of its annotations those that only show. */
function keepPageDrawing(page) {
  const node = page.node;
  for (const [key] of node.entries()) {
    if (!PAGE_ENTRIES.has(key.decodeText())) node.delete(key);
  }
  const annotations = node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annotations) return;
  const shown = annotations.asArray().filter((entry) => {
    const annotation = node.context.lookup(entry);
    if (!(annotation instanceof PDFDict)) return false;
    const subtype = annotation.lookup(PDFName.of('Subtype'));
    return subtype instanceof PDFName && SHOWN_ANNOTATIONS.has(subtype.decodeText());
  });
  node.set(PDFName.of('Annots'), node.context.obj(shown));
}

/**
 * Checks what every stream of `document` unpacks to, through pdf-lib's decoders, which the parse
 * limits count (`PdfLimitError` past them): a bomb in a page's drawing is refused as one in its
 * structure is. A filter pdf-lib does not decode (an image's) ends the check of that stream.
 */
export function unpackEveryStream(document) {
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.lookup(PDFName.of('Filter'));
    const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
    const decodable = [];
    for (const name of filters) {
      if (!(name instanceof PDFName) || !DECODABLE.has(name.decodeText())) break;
      decodable.push(name);
    }
    if (decodable.length === 0) continue;
    const params = object.dict.lookup(PDFName.of('DecodeParms'));
    const parts = { Filter: decodable };
    if (params instanceof PDFArray) parts.DecodeParms = params.asArray().slice(0, decodable.length);
    else if (params instanceof PDFDict && decodable.length === 1) parts.DecodeParms = params;
    const checked = PDFRawStream.of(document.context.obj(parts), object.contents);
    try {
      decodePDFRawStream(checked).decode();
    } catch (error) {
      // A stream that does not decode is drawn as damaged by viewers; only a limit refuses.
      if (error instanceof PdfLimitError) throw error;
    }
  }
}

/**
 * A new document of `source`'s pages holding only what draws them: no document information or
 * XMP, no catalog (so no opening action, scripts, embedded files, outlines or forms), no page
 * action, no annotation that runs, plays or carries a file, and no action on those kept but a
 * link's web or mail address.
 */
export async function passiveCopy(source) {
  const pages = source.getPages();
  for (const page of pages) keepPageDrawing(page);
  const seen = new Set();
  for (const [ref, object] of source.context.enumerateIndirectObjects()) {
    if (ref instanceof PDFRef) cleanObject(object, source.context, seen);
  }
  const copy = await PDFDocument.create({ updateMetadata: false });
  const copied = await copy.copyPages(
    source,
    pages.map((_, index) => index),
  );
  for (const page of copied) copy.addPage(page);
  return copy;
}
