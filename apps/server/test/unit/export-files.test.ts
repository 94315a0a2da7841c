import { ExportFiles, ExportsBusyError } from '@server/routes/transfer/export-files';
import { describe, expect, it } from 'vitest';

/** A build the test finishes by hand, counting how often it was started and how many at once. */
function controlledBuilds() {
  const counts = { started: 0, running: 0, mostAtOnce: 0 };
  const finishers: (() => void)[] = [];
  const build = (bytes: number) => () => {
    counts.started += 1;
    counts.running += 1;
    counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
    return new Promise<Buffer>((resolve) => {
      finishers.push(() => {
        counts.running -= 1;
        resolve(Buffer.alloc(bytes));
      });
    });
  };
  /** Finishes every build started so far, and lets the next ones start. */
  const finishAll = async () => {
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    while (finishers.length > 0) {
      for (const finish of finishers.splice(0)) finish();
      await settle();
    }
  };
  return { counts, build, finishAll };
}

const OPTIONS = { building: 2, waiting: 4, keptBytes: 1_000 };

describe('export files', () => {
  it('builds the file of one version once, however many read it at once or after', async () => {
    const files = new ExportFiles(OPTIONS);
    const { counts, build, finishAll } = controlledBuilds();
    const readers = Array.from({ length: 70 }, () => files.get('event:json:"3.r"', build(100)));
    await finishAll();
    const answers = await Promise.all(readers);
    expect(counts.started).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // A later reader of the same version is given the kept file.
    await files.get('event:json:"3.r"', build(100));
    expect(counts.started).toBe(1);
    // A new version is a new file.
    const next = files.get('event:json:"4.r"', build(100));
    await finishAll();
    await next;
    expect(counts.started).toBe(2);
  });

  it('builds at most `building` files at once and refuses more than `waiting` in line', async () => {
    const files = new ExportFiles(OPTIONS);
    const { counts, build, finishAll } = controlledBuilds();
    const accepted = Array.from({ length: 6 }, (_, index) => files.get(`e${index}`, build(10)));
    await expect(files.get('e6', build(10))).rejects.toBeInstanceOf(ExportsBusyError);
    // Readers of a file already in line share its build and are not refused.
    const shared = files.get('e5', build(10));
    await finishAll();
    await Promise.all([...accepted, shared]);
    expect(counts.started).toBe(6);
    expect(counts.mostAtOnce).toBe(2);
    // Once the line is empty, a new file is built again.
    const later = files.get('e6', build(10));
    await finishAll();
    await expect(later).resolves.toHaveLength(10);
  });

  it('keeps at most `keptBytes` of files, dropping the least recently read first', async () => {
    const files = new ExportFiles(OPTIONS);
    const { counts, build, finishAll } = controlledBuilds();
    const fill = async (key: string, bytes: number) => {
      const file = files.get(key, build(bytes));
      await finishAll();
      return file;
    };
    await fill('a', 400);
    await fill('b', 400);
    await fill('a', 400); // read again: now the most recent
    await fill('c', 400); // 1,200 bytes: b goes
    expect(counts.started).toBe(3);
    await fill('a', 400);
    await fill('c', 400);
    expect(counts.started).toBe(3);
    await fill('b', 400);
    expect(counts.started).toBe(4);
    // A file larger than the whole budget is built for each reader and never kept.
    await fill('huge', 2_000);
    await fill('huge', 2_000);
    expect(counts.started).toBe(6);
  });

  it('builds again after a failed build, rather than keeping the failure', async () => {
    const files = new ExportFiles(OPTIONS);
    await expect(
      files.get('x', () => {
        throw new Error('rates too large');
      }),
    ).rejects.toThrow('rates too large');
    await expect(files.get('x', () => Buffer.from('ok'))).resolves.toEqual(Buffer.from('ok'));
  });
});
