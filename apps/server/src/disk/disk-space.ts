import { statfs } from 'node:fs/promises';
import { type DiskFloor, floorBytes } from './disk-config';

/** A reading of the disk is trusted this long: one statfs a second at most, however busy. */
const READING_MS = 1_000;

export interface DiskReading {
  /** Bytes this process may still write (what `df` shows as available). */
  freeBytes: number;
  totalBytes: number;
  /** Below this many free bytes, writes are refused. */
  floorBytes: number;
}

/**
 * The free space of the disk that holds the data folder (PGlite's files, with every stored
 * photo and file), read at most once a second; a reading that fails counts as unknown, and an
 * unknown disk refuses nothing.
 */
export class DiskSpace {
  #reading: DiskReading | null = null;
  #readAt = 0;
  #pending: Promise<DiskReading | null> | null = null;

  constructor(
    readonly folder: string,
    private readonly floor: DiskFloor,
  ) {}

  /** The latest reading, refreshed when older than a second. */
  async read(): Promise<DiskReading | null> {
    if (Date.now() - this.#readAt < READING_MS) return this.#reading;
    this.#pending ??= this.#refresh().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Whether a write of `bytes` more would leave the disk below its floor. */
  async tooFullFor(bytes: number): Promise<DiskReading | null> {
    const reading = await this.read();
    if (!reading) return null;
    return reading.freeBytes - bytes < reading.floorBytes ? reading : null;
  }

  async #refresh(): Promise<DiskReading | null> {
    try {
      const stats = await statfs(this.folder);
      const totalBytes = stats.blocks * stats.bsize;
      this.#reading = {
        freeBytes: stats.bavail * stats.bsize,
        totalBytes,
        floorBytes: floorBytes(this.floor, totalBytes),
      };
    } catch {
      this.#reading = null;
    }
    this.#readAt = Date.now();
    return this.#reading;
  }
}
