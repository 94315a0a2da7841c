import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How full one bounded queue is: jobs waiting and running; `waiting` alone where it is known. */
export interface QueueLoad {
  jobs: number;
  waiting?: number;
}

/** Seconds; from a health check's answer to the slowest statement a person waits for. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The server's Prometheus metrics, one registry per app (tests run many apps in one process).
 * With metrics off, every method is a no-op and nothing is measured. Labels hold only names
 * from the code (route patterns, queue names, states), never anything a client sent, so no
 * event id can reach a label.
 */
export class ServerMetrics {
  readonly registry: Registry | null;
  readonly #queues = new Map<string, () => QueueLoad>();
  readonly #requests: Histogram<'method' | 'route' | 'status'> | null;

  constructor(enabled: boolean) {
    if (!enabled) {
      this.registry = null;
      this.#requests = null;
      return;
    }
    const registry = new Registry();
    this.registry = registry;
    // Process memory and CPU, handles, garbage collection, and the event loop's delay
    // (nodejs_eventloop_lag_*), measured by perf_hooks' histogram.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    this.#requests = new Histogram({
      name: 'quits_http_request_duration_seconds',
      help: 'Requests by method, route pattern and status, with the time to answer',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const queues = this.#queues;
    new Gauge({
      name: 'quits_queue_jobs',
      help: 'Jobs waiting or running in a bounded queue (push, receipts, exports, statements)',
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        for (const [queue, read] of queues) this.set({ queue }, read().jobs);
      },
    });
    new Gauge({
      name: 'quits_queue_waiting',
      help: 'Jobs waiting for their turn in a bounded queue, where the queue tells',
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        for (const [queue, read] of queues) {
          const { waiting } = read();
          if (waiting !== undefined) this.set({ queue }, waiting);
        }
      },
    });
  }

  get enabled(): boolean {
    return this.registry !== null;
  }

  /** One answered request; `route` is the pattern it matched, never its URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#requests?.observe({ method, route, status: String(status) }, seconds);
  }

  /** Reports the queue's load on every scrape, under `queue` (a name from the code). */
  observeQueue(queue: string, read: () => QueueLoad): void {
    if (this.enabled) this.#queues.set(queue, read);
  }

  /** A gauge read on every scrape, by `collect` (which may ask the database). */
  gauge<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    collect: (set: (labels: Record<Label, string>, value: number) => void) => Promise<void> | void,
  ): void {
    const registry = this.registry;
    if (!registry) return;
    new Gauge<Label>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        await collect((labels, value) => this.set(labels, value));
      },
    });
  }
}
