import { type ErrorBody, type ReceiptAnalysis, receiptAnalysisSchema } from '@quits/contract';
import { ApiError, apiHeaders } from '@web/lib/http';
import { answerFieldErrors, answerMessage } from '@web/lib/server-words';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Status of an answer that is not the analysis promised (a proxy's page, a broken body). */
const BAD_ANSWER = 502;

/** Reads the body of a finished upload: the analysis, or the server's reason as an ApiError. */
function readAnswer(request: XMLHttpRequest): ReceiptAnalysis {
  let payload: ({ data?: unknown } & Partial<ErrorBody>) | null;
  try {
    payload = JSON.parse(request.responseText) as typeof payload;
  } catch {
    payload = null;
  }
  if (request.status < 200 || request.status >= 300) {
    throw new ApiError(
      request.status,
      answerMessage(payload, request.statusText),
      answerFieldErrors(payload),
    );
  }
  const analysis = receiptAnalysisSchema.safeParse(payload?.data);
  if (!analysis.success) throw new ApiError(BAD_ANSWER, 'The analysis could not be read.');
  return analysis.data;
}

/**
 * POST /api/event/{id}/receipts/analyze, multipart field `receipt`, answering 201
 * `{ data: ReceiptAnalysis }`. Sent with XMLHttpRequest rather than fetch because only it
 * reports upload progress; `onProgress` gets the share sent, 0…1. Status 0 means the network
 * failed, as with apiRequest.
 */
export function analyzeReceipt(
  eventId: string,
  photo: Blob,
  options: { whoAmI: string | null; onProgress(sent: number): void; signal?: AbortSignal },
): Promise<ReceiptAnalysis> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/event/${encodeURIComponent(eventId)}/receipts/analyze`);
    // No Content-Type: the browser writes the multipart one, with its boundary.
    for (const [name, value] of Object.entries(apiHeaders(options.whoAmI))) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable && progress.total > 0) {
        options.onProgress(progress.loaded / progress.total);
      }
    };
    request.onload = () => {
      try {
        resolve(readAnswer(request));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, 'network'));
    request.ontimeout = () => reject(new ApiError(0, 'network'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('receipt', photo, photo instanceof File ? photo.name : 'receipt.jpg');
    request.send(form);
  });
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
