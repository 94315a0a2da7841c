import { cpus, loadavg, release, totalmem, type } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** The 1-minute load average when the run began: other work on the machine skews figures. */
  loadAtStart: number;
}

/** The machine the figures were measured on. */
export function describeMachine(): Machine {
  const processors = cpus();
  return {
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${type()} ${release()}`,
    loadAtStart: loadAverage(),
  };
}

/** The 1-minute load average (runnable processes), to two decimals. */
export function loadAverage(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}
