import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Held while a server has the folder open; the next start judges whether it is still held. */
export const LOCK_FILE = 'quits.lock';
/** The server's process id alone, for `kill -TERM "$(cat …/quits.pid)"`. */
export const PID_FILE = 'quits.pid';

/** Who holds the folder: enough to tell a live holder from a dead one whose pid came back. */
interface Holder {
  pid: number;
  host: string;
  /** Linux's id of this boot: a lock from before a reboot is stale whatever its pid. */
  bootId: string | null;
  /** The process's start in clock ticks since boot (Linux): a reused pid starts later. */
  startTicks: number | null;
  /** The folder as it was locked: a lock copied with the folder (a restored snapshot) is not one. */
  folder: string;
  since: string;
}

export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so after its ")". */
function startTicks(pid: number): number | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  return Number.isSafeInteger(ticks) ? ticks : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    return Number.isSafeInteger(holder.pid) && typeof holder.host === 'string'
      ? (holder as Holder)
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether the holder may still run. Another machine's process cannot be checked from here
 * (a folder on a network share): it counts as live until an operator removes the lock.
 */
function stillHeld(holder: Holder, folder: string): boolean {
  if (holder.folder !== folder) return false;
  const boot = bootId();
  if (holder.host !== hostname()) {
    // A container made anew has a new host name but shares the machine's boot id.
    if (boot === null || holder.bootId !== boot) return true;
  } else if (boot !== null && holder.bootId !== null && holder.bootId !== boot) {
    return false;
  }
  // In a restarted container the server often gets its old pid back.
  if (holder.pid === process.pid || !alive(holder.pid)) return false;
  const ticks = startTicks(holder.pid);
  return ticks === null || holder.startTicks === null || ticks === holder.startTicks;
}

function describeHolder(holder: Holder, lockPath: string): string {
  const where = holder.host === hostname() ? '' : ` on ${holder.host}`;
  return (
    `process ${holder.pid}${where}, since ${holder.since}. Stop that server first ` +
    `(kill -TERM ${holder.pid}); if it no longer runs, delete ${lockPath}`
  );
}

export interface FolderLock {
  /** Gives the folder back; safe to call more than once, and from an `exit` handler. */
  release(): void;
}

/**
 * Takes the data folder for this process, or throws a DataFolderInUseError naming the folder
 * and the process that holds it: PGlite's files must never be open in two processes, whose
 * writes would silently overwrite each other's. A lock left by a process that died (kill -9, a
 * crash, a reboot) is taken over. The lock is written whole before it appears (a link of a
 * finished file), so a reader never judges a half-written one; taking over a stale lock moves
 * it aside first (a rename, which only one process can win), so two starts at once cannot both
 * take it. Also writes the pid file.
 */
export async function lockDataFolder(dataDir: string): Promise<FolderLock> {
  await mkdir(dataDir, { recursive: true });
  const folder = await realpath(dataDir);
  const lockPath = join(folder, LOCK_FILE);
  const pidPath = join(folder, PID_FILE);
  const mine: Holder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
    folder,
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, text);
  try {
    await linkOrTakeOver(draft, lockPath, folder);
  } finally {
    await unlink(draft).catch(() => {});
  }
  await writeFile(pidPath, `${process.pid}\n`);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // Only our own: never a lock another process took after ours was judged stale.
    if (readText(lockPath) !== text) return;
    for (const path of [pidPath, lockPath]) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', release);
  return { release };
}

/** Links the finished lock in place, moving a stale one aside first. */
async function linkOrTakeOver(draft: string, lockPath: string, folder: string): Promise<void> {
  // A few rounds: another start may be taking over the same stale lock at the same moment.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await link(draft, lockPath);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    await takeOverIfStale(lockPath, folder);
  }
  throw new DataFolderInUseError(`The data folder ${folder} stays locked by other starts.`);
}

/** Moves a stale lock aside, or throws naming its live holder. */
async function takeOverIfStale(lockPath: string, folder: string): Promise<void> {
  const found = await readFile(lockPath, 'utf8').catch(() => null);
  if (found === null) return; // Gone meanwhile: try again.
  const holder = parseHolder(found);
  if (holder && stillHeld(holder, folder)) {
    throw new DataFolderInUseError(
      `The data folder ${folder} is in use by another Quits server: ${describeHolder(holder, lockPath)}.`,
    );
  }
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return; // Another start moved it first: try again.
  }
  // Between our read and the rename another start may have put its own, live, lock there.
  const moved = await readFile(aside, 'utf8').catch(() => null);
  if (moved !== null && moved !== found) {
    await rename(aside, lockPath).catch(() => {});
    const other = parseHolder(moved);
    const who = other ? describeHolder(other, lockPath) : 'another process';
    throw new DataFolderInUseError(
      `The data folder ${folder} is in use by another Quits server: ${who}.`,
    );
  }
  await unlink(aside).catch(() => {});
}
