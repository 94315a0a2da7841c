/** The part of a pino/Fastify logger the reading uses; a Fastify `log` fits as is. */
export interface ReadingLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** For callers that do not care (scripts, tests): says nothing. */
export const silentLog: ReadingLog = {
  debug: () => {},
  warn: () => {},
  error: () => {},
};

/** The message and name of anything thrown, for a log line (a worker may reject with a string). */
export function describeError(error: unknown): { error: string; error_name?: string } {
  if (error instanceof Error) return { error: error.message, error_name: error.name };
  return { error: String(error) };
}
