import { type ReceiptAnalysis, receiptAnalysisSchema } from '@quits/contract';
import { apiUrl } from '@web/lib/base-path';
import { type UploadOptions, uploadFile } from '@web/lib/file-upload';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * POST /api/event/{id}/receipts/analyze, multipart field `receipt`, answering 201
 * `{ data: ReceiptAnalysis }`; `onProgress` gets the share sent, 0…1.
 */
export function analyzeReceipt(
  eventId: string,
  photo: Blob,
  options: UploadOptions,
): Promise<ReceiptAnalysis> {
  return uploadFile(
    apiUrl(`/event/${encodeURIComponent(eventId)}/receipts/analyze`),
    {
      field: 'receipt',
      file: photo,
      filename: photo instanceof File ? photo.name : 'receipt.jpg',
      schema: receiptAnalysisSchema,
    },
    options,
  );
}

/** Where an analysis stands, with the share of the photo uploaded so far (0…1). */
export type AnalysisState =
  | { status: 'idle' }
  | { status: 'pending'; sent: number }
  | { status: 'success'; analysis: ReceiptAnalysis }
  | { status: 'error'; error: Error };

/**
 * Uploads and analyses one photo at a time: a new photo cancels the one before, as does
 * leaving the screen. Plain React state rather than a query mutation: a receipt is read once,
 * never cached nor retried, and the event's home screen need not load the mutation code.
 */
export function useAnalyzeReceipt(eventId: string, whoAmI: string | null) {
  const [state, setState] = useState<AnalysisState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const analyze = useCallback(
    async (photo: Blob): Promise<ReceiptAnalysis | Error | null> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ status: 'pending', sent: 0 });
      try {
        const analysis = await analyzeReceipt(eventId, photo, {
          whoAmI,
          signal: controller.signal,
          onProgress: (sent) => {
            if (!controller.signal.aborted) setState({ status: 'pending', sent });
          },
        });
        if (controller.signal.aborted) return null;
        setState({ status: 'success', analysis });
        return analysis;
      } catch (caught) {
        // Cancelled: whoever cancelled has moved on.
        if (controller.signal.aborted) return null;
        const error = caught instanceof Error ? caught : new Error(String(caught));
        setState({ status: 'error', error });
        return error;
      }
    },
    [eventId, whoAmI],
  );
  const reset = useCallback(() => {
    current.current?.abort();
    setState({ status: 'idle' });
  }, []);
  return { state, analyze, reset };
}
