import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent } from '../support/fixtures';
import { apiClient, useTestApp } from '../support/test-app';
import { startModelStub } from './support/model-stub';
import { receiptJpeg, sidewaysJpegWithGps } from './support/receipt-images';
import { uploadReceipt } from './support/receipt-upload';

const TIMEOUT_MS = 1_500;

/** What a good vision model answers for the test receipt (it writes the shop's name its way). */
const GOOD_ANSWER = {
  merchant: 'Café Luna',
  date: '2024-03-12',
  currency: 'EUR',
  total: '23.40',
  items: [
    { name: 'Cappuccino', amount: '4.50', quantity: 1 },
    { name: 'Croissant', amount: '3.90', quantity: 1 },
    { name: 'Pasta', amount: '15.00', quantity: 1 },
  ],
};

// Each test reads photos with tesseract, which a machine busy with other suites slows down.
vi.setConfig({ testTimeout: 90_000 });

// The model's part does not depend on the database: PGlite only.
describe('receipt analysis with a vision model', () => {
  let stub: Awaited<ReturnType<typeof startModelStub>>;
  // Filled in once the stub listens, before the app starts (hooks run in order).
  const env: NodeJS.ProcessEnv = {
    RECEIPT_MODEL: 'receipt-reader',
    RECEIPT_MODEL_KEY: 'test-key',
    RECEIPT_MODEL_TIMEOUT_MS: String(TIMEOUT_MS),
    RECEIPT_WORKERS: '1',
  };
  beforeAll(async () => {
    stub = await startModelStub();
    env.RECEIPT_MODEL_URL = stub.url;
  });
  afterAll(async () => stub.close());
  const started = useTestApp('pglite', env);
  let eventId = '';
  beforeAll(async () => {
    eventId = (await createEvent(apiClient(started().app))).id;
  });

  it('uses the model reading, sent the photo with a JSON schema, and says so', async () => {
    stub.answer({ kind: 'answer', content: JSON.stringify(GOOD_ANSWER) });
    const answer = await uploadReceipt(started().app, eventId, await receiptJpeg());
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      source: 'model',
      merchant: 'Café Luna',
      total: 2340,
      currency_id: 'EUR',
      date: '2024-03-12',
      items: [
        { name: 'Cappuccino', amount: 450, quantity: 1 },
        { name: 'Croissant', amount: 390, quantity: 1 },
        { name: 'Pasta', amount: 1500, quantity: 1 },
      ],
    });
    // The OCR read the same total: the surest case.
    expect(answer.body.data?.confidence).toBe(0.95);
    expect(answer.body.data?.text).toMatch(/TOTAL/);

    const sent = stub.requests.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer test-key');
    expect(sent?.body.model).toBe('receipt-reader');
    expect(sent?.body.response_format?.type).toBe('json_schema');
    expect(sent?.body.response_format?.json_schema?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['total', 'items', 'date', 'merchant', 'currency']),
    });
  });

  it('sends the model the cleaned photo: upright, without its GPS position', async () => {
    stub.answer({ kind: 'answer', content: JSON.stringify(GOOD_ANSWER) });
    await uploadReceipt(started().app, eventId, await sidewaysJpegWithGps());
    const content = stub.requests.at(-1)?.body.messages?.at(-1)?.content as {
      type: string;
      image_url?: { url: string };
    }[];
    const url = content.find((part) => part.type === 'image_url')?.image_url?.url ?? '';
    expect(url).toMatch(/^data:image\/jpeg;base64,/);
    const image = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
  });

  it('rates a model total lower when nothing backs it', async () => {
    const unbacked = { ...GOOD_ANSWER, total: '25.00' };
    stub.answer({ kind: 'answer', content: `\`\`\`json\n${JSON.stringify(unbacked)}\n\`\`\`` });
    const answer = await uploadReceipt(started().app, eventId, await receiptJpeg());
    expect(answer.body.data).toMatchObject({ source: 'model', total: 2500, confidence: 0.75 });
  });

  const fallbacks = [
    ['answers with text that is not JSON', { kind: 'answer', content: 'The total is 23.40 EUR.' }],
    [
      'answers JSON of another shape',
      { kind: 'answer', content: JSON.stringify({ sum: 23.4, shop: 'Luna' }) },
    ],
    [
      'answers with no total',
      { kind: 'answer', content: JSON.stringify({ ...GOOD_ANSWER, total: null }) },
    ],
    ['answers something that is no chat completion', { kind: 'raw', body: '<html>proxy</html>' }],
    ['fails with HTTP 500', { kind: 'status', status: 500 }],
  ] as const;

  it.each(fallbacks)(
    'falls back to the OCR reading when the model %s',
    async (_case, behaviour) => {
      stub.answer(behaviour);
      const answer = await uploadReceipt(started().app, eventId, await receiptJpeg());
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ source: 'ocr', total: 2340, merchant: 'CAFE LUNA' });
    },
  );

  it(`falls back to the OCR reading when the model takes longer than ${TIMEOUT_MS} ms`, async () => {
    stub.answer({ kind: 'silent' });
    const began = performance.now();
    const answer = await uploadReceipt(started().app, eventId, await receiptJpeg());
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ source: 'ocr', total: 2340 });
    // The wait is bounded by the timeout (the OCR reads meanwhile), not by the model.
    expect(performance.now() - began).toBeLessThan(TIMEOUT_MS + 15_000);
  });
});
