import { rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DatabaseHandle } from '@server/db/connection';
import { startPeriodicJob } from '@server/periodic-job';
import type { FastifyInstance } from 'fastify';
import { listBackups } from './backup-folder';
import { type BackupOutcome, takeBackup } from './take-backup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Backups taken by this server: on its schedule, or asked for (`npm run backup`). */
    backups: BackupSchedule;
  }
}

/**
 * What the last backup this server took came to, in BACKUP_DIR: `npm run backup` reads it after
 * asking the server for one (SIGUSR2), to tell the operator the file, or why there is none.
 */
export const STATUS_FILE = 'quits-backup-status.json';

export interface BackupStatus {
  pid: number;
  /** When the backup began (ISO): a request sent before it is answered by it. */
  started_at: string;
  finished_at: string;
  file: string | null;
  bytes: number | null;
  error: string | null;
}

/** How often the schedule looks whether a backup is due; the interval itself is hours. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The first look after a start: not in the way of the start itself. */
const FIRST_CHECK_MS = 5 * 60 * 1000;
/** A backup a little younger than the interval still counts as due (checks drift by minutes). */
const DUE_SLACK_MS = 10 * 60 * 1000;

export class BackupSchedule {
  #queue: Promise<unknown> = Promise.resolve();
  readonly #stopping = new AbortController();

  constructor(
    private readonly app: FastifyInstance,
    private readonly database: Pick<DatabaseHandle, 'kind' | 'session'>,
  ) {}

  /**
   * Takes a backup now, after any under way (one at a time), and writes its status file. Never
   * throws: a failure is logged and answered as null, as is a backup another instance is taking.
   */
  now(): Promise<BackupOutcome | null> {
    const run = this.#queue.then(() => this.#take());
    this.#queue = run;
    return run;
  }

  /** A backup when the newest in BACKUP_DIR is older than the interval (after a restart too). */
  async whenDue(now = new Date()): Promise<BackupOutcome | null> {
    const intervalMs = this.app.config.BACKUP_INTERVAL_HOURS * 3_600_000;
    const newest = (await listBackups(this.app.config.BACKUP_DIR)).at(-1);
    if (newest && now.getTime() - newest.takenAt.getTime() < intervalMs - DUE_SLACK_MS) {
      return null;
    }
    return this.now();
  }

  /** Stops a backup under way (its file is not kept) and waits for it. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#queue;
  }

  async #take(): Promise<BackupOutcome | null> {
    const { config, log } = this.app;
    const startedAt = new Date();
    let outcome: BackupOutcome | null = null;
    let failure: string | null = null;
    try {
      if (this.#stopping.signal.aborted) throw new Error('the server is stopping');
      outcome = await takeBackup(this.database, {
        folder: config.BACKUP_DIR,
        keepDays: config.BACKUP_KEEP_DAYS,
        reserveBytes: (await this.app.disk?.read())?.floorBytes ?? 0,
        signal: this.#stopping.signal,
      });
      if (outcome) {
        const rows = Object.values(outcome.rows).reduce((sum, count) => sum + count, 0);
        log.info(
          {
            file: basename(outcome.file),
            bytes: outcome.bytes,
            rows,
            ms: outcome.ms,
            deleted_old: outcome.pruned.length,
          },
          'backup taken',
        );
      } else {
        failure = 'another instance is taking a backup of this database';
        log.info(failure);
      }
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      if (this.#stopping.signal.aborted) log.warn('backup stopped: the server is stopping');
      else log.error({ err: error }, 'backup failed');
    }
    await this.#writeStatus({
      pid: process.pid,
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      file: outcome?.file ?? null,
      bytes: outcome?.bytes ?? null,
      error: failure,
    });
    return outcome;
  }

  async #writeStatus(status: BackupStatus): Promise<void> {
    const path = join(this.app.config.BACKUP_DIR, STATUS_FILE);
    try {
      await writeFile(`${path}.${process.pid}`, `${JSON.stringify(status)}\n`, { mode: 0o600 });
      await rename(`${path}.${process.pid}`, path);
    } catch (error) {
      this.app.log.warn({ err: error }, 'the backup status could not be written');
    }
  }
}

/**
 * Backups by the running server (see docs/OPERATIONS.md): `app.backups.now()` on request, and
 * with BACKUP_INTERVAL_HOURS above 0 one whenever the newest is that old. The server stopping
 * stops a backup under way.
 */
export function installBackups(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'kind' | 'session'>,
): void {
  const schedule = new BackupSchedule(app, database);
  app.decorate('backups', schedule);
  const intervalHours = app.config.BACKUP_INTERVAL_HOURS;
  const stopChecks =
    intervalHours > 0
      ? startPeriodicJob({
          name: 'checking whether a backup is due',
          everyMs: Math.min(CHECK_EVERY_MS, intervalHours * 3_600_000),
          firstAfterMs: FIRST_CHECK_MS,
          log: app.log,
          run: async () => {
            await schedule.whenDue();
          },
        })
      : async () => {};
  // The backup under way is stopped first, so that waiting for the check is short.
  app.addHook('onClose', async () => {
    await schedule.stop();
    await stopChecks();
  });
}
