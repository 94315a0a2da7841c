import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Event } from '@quits/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { expenseBody } from '../support/fixtures';
import { type ServerProcess, seedDataFolder, startServer } from '../support/server-process';

const MB = 1024 * 1024;
/** Room for the empty database (about 40 MB: its files and two log segments) and some writes. */
const DISK_MB = 96;
/** Small, so that one upload can still find the disk too small for it above the floor. */
const FLOOR_MB = 1;

const isRoot = process.getuid?.() === 0;
const mountPoint = await mkdtemp(join(tmpdir(), 'quits-disk-'));
const dataDir = join(mountPoint, 'data');
const filler = join(mountPoint, 'filler');
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  // Lazily: the killed server's files may take a moment more to close.
  if (isRoot) execFileSync('umount', ['--lazy', mountPoint]);
  await rm(mountPoint, { recursive: true, force: true });
});

async function freeBytes(): Promise<number> {
  const stats = await statfs(mountPoint);
  return stats.bavail * stats.bsize;
}

/** Takes the disk's free space to `leftBytes` with a file of no use. */
async function fillTo(leftBytes: number): Promise<void> {
  await rm(filler, { force: true });
  const size = (await freeBytes()) - leftBytes;
  execFileSync('fallocate', ['-l', String(size), filler]);
}

/** Past the server's reading of the disk (kept a second). */
const nextReading = () => new Promise((resolve) => setTimeout(resolve, 1_100));

async function call(base: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

/** A photo of noise: JPEG cannot make it much smaller than its pixels. */
function noisePhoto(side: number): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 90 };
  const background = { r: 0, g: 0, b: 0 };
  return sharp({ create: { width: side, height: side, channels: 3, background, noise } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Uploads a photo; `chunked` sends it without its length, so the server cannot size it first. */
async function upload(base: string, eventId: string, photo: Buffer, chunked = false) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request(`${base}/api/event/${eventId}/attachments`, {
    method: 'POST',
    body: form,
  });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const headers = { 'content-type': request.headers.get('content-type') ?? '' };
  const sent = chunked
    ? new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      })
    : bytes;
  const answer = await fetch(request.url, {
    method: 'POST',
    headers,
    body: sent,
    ...(chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
  const answered = (await answer.json()) as { code?: string; data?: { id: string; bytes: number } };
  return { status: answer.status, body: answered };
}

describe.skipIf(!isRoot)('a nearly full disk (a tmpfs, mounted as root)', () => {
  it('refuses writes with 507, serves reads, says so in the health check, and loses nothing acknowledged', async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', mountPoint]);
    await mkdir(dataDir);
    seedDataFolder(dataDir, inject('pgliteTemplate'));
    const env = { DATA_DIR: dataDir, DISK_FREE_MIN: `${FLOOR_MB}MB`, RATE_LIMITS: 'off' };
    const first = startServer(env);
    servers.push(first);
    const base = await first.serving();

    const created = await call(base, 'POST', '/api/events', {
      name: 'Trip',
      currency_id: 'EUR',
      users: [{ name: 'Ana' }, { name: 'Ben' }],
    });
    expect(created.status).toBe(201);
    const event = created.body.data as Event;
    const [ana, ben] = event.users.map((user) => user.id) as [string, string];
    const acknowledged: string[] = [];
    const addExpense = async () => {
      const body = expenseBody({ payer: ana, among: [ana, ben], amount: 1000 });
      const answer = await call(base, 'POST', `/api/event/${event.id}/expenditure`, body);
      if (answer.status === 201) acknowledged.push(body.id);
      return answer;
    };
    for (let index = 0; index < 3; index += 1) expect((await addExpense()).status).toBe(201);
    const photo = await noisePhoto(1200);
    const stored = await upload(base, event.id, photo);
    expect(stored.status).toBe(201);

    // Below the floor: every write is refused at once, reads go on.
    await fillTo(FLOOR_MB * MB - MB / 2);
    await nextReading();
    const refused = await addExpense();
    expect(refused.status).toBe(507);
    expect(refused.body.code).toBe('disk_low');
    expect((await upload(base, event.id, photo)).status).toBe(507);
    expect((await call(base, 'GET', `/api/events/${event.id}`)).status).toBe(200);
    const health = await call(base, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data.disk).toMatchObject({ status: 'low', min_free_bytes: FLOOR_MB * MB });
    expect(health.body.data.disk.free_bytes).toBeLessThan(FLOOR_MB * MB);

    // Just above the floor, a large upload of unknown length fills the disk in the middle of
    // its write: that write fails, and the server goes on.
    await fillTo(FLOOR_MB * MB + MB / 4);
    await nextReading();
    const cut = await upload(base, event.id, await noisePhoto(2400), true);
    console.log(
      `an upload that filled the disk: ${cut.status} ${cut.body.code} (${stored.body.data?.bytes} bytes stored before)`,
    );
    expect(cut.status).toBe(507);
    expect((await call(base, 'GET', '/api/health')).status).toBe(200);

    // Room again: writes go on, without a restart.
    await rm(filler);
    await nextReading();
    expect((await addExpense()).status).toBe(201);
    expect((await call(base, 'GET', '/api/health')).body.data.disk.status).toBe('ok');

    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = startServer(env);
    servers.push(second);
    const again = await second.serving();
    const read = await call(again, 'GET', `/api/events/${event.id}`);
    const kept = (read.body.data.expenditures as { id: string }[]).map((entry) => entry.id);
    expect(kept.sort()).toEqual([...acknowledged].sort());
    const file = await fetch(`${again}/api/event/${event.id}/attachments/${stored.body.data?.id}`);
    expect(file.status).toBe(200);
  }, 120_000);
});
