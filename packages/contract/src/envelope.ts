import { z } from 'zod';

/** Every success answers `{ "data": … }`. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
