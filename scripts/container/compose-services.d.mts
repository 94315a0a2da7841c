// Types of compose-services.mjs, for its test (scripts/test/compose-services.test.ts).

export interface ComposeService {
  name: string;
  project: string;
  image: string;
  environment: Record<string, string>;
  volumes: string[];
  ports: string[];
  healthcheck: { test: string[]; [key: string]: unknown };
  /** The services this one waits for, and for what (`service_healthy`, `service_started`). */
  dependsOn: Record<string, string>;
}

export function interpolate(text: string, variables: Record<string, string | undefined>): string;

export function composeServices(
  text: string,
  variables: Record<string, string | undefined>,
  options?: { folder?: string },
): ComposeService[];

export function waitHealthy(container: string, timeoutMs: number): Promise<void>;

export function runComposeService(
  service: ComposeService,
  all: ComposeService[],
  options: { prefix: string; healthTimeoutMs: number },
): Promise<void>;
