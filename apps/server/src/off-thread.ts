import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Runs one task in a worker thread of its own and answers its one message: for work that takes
 * seconds of CPU (decoding a phone photo, re-saving a PDF), which on the main thread would hold
 * up every other request. The worker exits after its message, which also returns its memory
 * (WebAssembly memory never shrinks while a worker lives). A task past `timeoutMs` is stopped
 * and rejected; a worker that fails or exits without a message rejects with why.
 */
export function runOffThread<T>(
  script: URL,
  input: unknown,
  options: { name: string; timeoutMs: number; resourceLimits?: ResourceLimits },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: input,
      resourceLimits: options.resourceLimits ?? {},
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${options.name} took longer than ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const settle = () => clearTimeout(timer);
    worker.once('message', (answer: T) => {
      settle();
      resolve(answer);
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      // After a message this changes nothing; without one, the worker died silently.
      reject(new Error(`${options.name} exited with code ${code} without an answer`));
    });
  });
}
