import { z } from 'zod';
import type { ReceiptFields } from './receipt-analysis';

export interface VisionModelOptions {
  /** An OpenAI-compatible chat completions endpoint. */
  url: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}

/**
 * The answer asked of the model. Amounts are text as printed, never JSON numbers: a binary
 * float cannot hold 0.10 exactly, and money is parsed into minor units in one place.
 */
const modelAnswerSchema = z.object({
  merchant: z.string().max(500).nullable(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .describe('The purchase date as YYYY-MM-DD, null when none is printed.'),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullable()
    .describe('ISO 4217 code of the currency, e.g. EUR, null when unsure.'),
  total: z
    .string()
    .max(40)
    .nullable()
    .describe('The amount paid (grand total) as printed, e.g. 23.40; null when unreadable.'),
  items: z
    .array(
      z.object({
        name: z.string().max(500),
        amount: z.string().max(40).describe('The line amount as printed, e.g. 4.50.'),
        quantity: z.number().positive(),
      }),
    )
    .max(500),
});
type ModelAnswer = z.infer<typeof modelAnswerSchema>;

const { $schema: _draft, ...answerJsonSchema } = z.toJSONSchema(modelAnswerSchema);

/** The part of an OpenAI-style answer that holds the text: `choices[0].message.content`. */
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const INSTRUCTIONS =
  'You read photos of shop receipts. Answer only with JSON of the given schema: the merchant ' +
  '(shop name), the purchase date, the currency, the total paid, and each purchased line ' +
  'with its amount and quantity. Copy amounts as printed. Use null for anything not printed.';

/** Why the model's reading was not used; logged, and the OCR's reading is used instead. */
export class VisionModelError extends Error {
  override readonly name = 'VisionModelError';
}

/**
 * Asks a vision model to read a receipt photo (a JPEG) with a JSON schema for the answer, and
 * checks the answer. Throws a `VisionModelError` when the model fails, takes longer than
 * `timeoutMs`, or answers something that is not a reading of a receipt.
 */
export async function readWithVisionModel(
  jpeg: Buffer,
  options: VisionModelOptions,
): Promise<Omit<ReceiptFields, 'confidence' | 'text'>> {
  const body = {
    model: options.model,
    temperature: 0,
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Read this receipt.' },
          {
            type: 'image_url',
            image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
          },
        ],
      },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'receipt', strict: true, schema: answerJsonSchema },
    },
  };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  let response: Response;
  let text: string;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      // Bounds the whole exchange, the answer's body included.
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new VisionModelError(
      timedOut ? `no answer within ${options.timeoutMs} ms` : `request failed: ${String(error)}`,
    );
  }
  if (!response.ok) throw new VisionModelError(`answered HTTP ${response.status}`);
  return toFields(parseAnswer(text));
}

function parseAnswer(text: string): ModelAnswer {
  const completion = completionSchema.safeParse(parseJson(text));
  if (!completion.success) throw new VisionModelError('answer is not a chat completion');
  const content = completion.data.choices[0]?.message.content ?? '';
  // Some models wrap JSON in a Markdown fence even when asked for JSON only.
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '');
  const answer = modelAnswerSchema.safeParse(parseJson(json));
  if (!answer.success) throw new VisionModelError('answer does not follow the receipt schema');
  return answer.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new VisionModelError('answer is not JSON');
  }
}

function toFields(answer: ModelAnswer): Omit<ReceiptFields, 'confidence' | 'text'> {
  return {
    total: answer.total,
    currency_id: answer.currency?.toUpperCase() ?? null,
    items: answer.items,
    date: answer.date,
    merchant: answer.merchant,
  };
}
