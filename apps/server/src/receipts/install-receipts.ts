import type { FastifyInstance } from 'fastify';
import { type LoadedReader, ReceiptAnalyser } from './receipt-analyser';
import { startReceiptSweep } from './receipt-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads receipt photos: the OCR workers (started on the first receipt) and the model. */
    receipts: ReceiptAnalyser;
  }
}

/**
 * One receipt analyser per app, with its OCR workers and queue from the configuration, and
 * the vision model when one is configured; its workers stop when the app closes. Photos never
 * attached to an expense are swept away after a day.
 */
export function installReceipts(app: FastifyInstance): void {
  const { config } = app;
  const log = app.log.child({ area: 'receipts' });
  const loadReader = async (): Promise<LoadedReader> => {
    // Loaded on first use: tesseract.js is a large module that most requests never need.
    const { createReceiptReader, OcrQueueFullError } = await import('./reading');
    const reader = createReceiptReader({
      workers: config.RECEIPT_WORKERS,
      maxQueue: config.RECEIPT_QUEUE,
      log,
    });
    return { reader, isBusy: (error) => error instanceof OcrQueueFullError };
  };
  const model =
    config.RECEIPT_MODEL_URL && config.RECEIPT_MODEL
      ? {
          url: config.RECEIPT_MODEL_URL,
          model: config.RECEIPT_MODEL,
          apiKey: config.RECEIPT_MODEL_KEY,
          timeoutMs: config.RECEIPT_MODEL_TIMEOUT_MS,
        }
      : null;
  const analyser = new ReceiptAnalyser({ loadReader, model, log });
  app.decorate('receipts', analyser);
  app.metrics.observeQueue('receipts', () => ({ jobs: analyser.readings }));
  const stopSweep = startReceiptSweep(app.db, app.reclaimSpace, log);
  app.addHook('onClose', async () => {
    await stopSweep();
    await analyser.close();
  });
}
