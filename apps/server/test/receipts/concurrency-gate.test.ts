import { ConcurrencyGate, GateFullError } from '@server/receipts/concurrency-gate';
import { describe, expect, it } from 'vitest';

/** A task that runs until `finish` is called, recording when it starts. */
function heldTask(name: string, started: string[]) {
  let finish: (fail?: boolean) => void = () => {};
  const task = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      finish = (fail = false) => (fail ? reject(new Error(name)) : resolve(name));
    });
  return { task, finish: (fail?: boolean) => finish(fail) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a concurrency gate', () => {
  it('runs at most its limit at once, the others in the order they came', async () => {
    const gate = new ConcurrencyGate(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(name, started));
    const results = tasks.map(({ task }) => gate.run(task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    tasks[1]?.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]?.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    tasks[2]?.finish();
    tasks[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a task that fails', async () => {
    const gate = new ConcurrencyGate(1);
    const started: string[] = [];
    const failing = heldTask('failing', started);
    const next = heldTask('next', started);
    const first = gate.run(failing.task);
    const second = gate.run(next.task);
    await tick();
    failing.finish(true);
    await expect(first).rejects.toThrow('failing');
    await tick();
    expect(started).toEqual(['failing', 'next']);
    next.finish();
    expect(await second).toBe('next');
    // Free again: a later task starts at once.
    expect(await gate.run(async () => 'later')).toBe('later');
  });

  it('refuses at once a task past those it lets wait, and takes one again when a place frees', async () => {
    const gate = new ConcurrencyGate(1, 1);
    const started: string[] = [];
    const [running, waiting] = [heldTask('running', started), heldTask('waiting', started)];
    const first = gate.run(running.task);
    const second = gate.run(waiting.task);
    await expect(gate.run(async () => 'refused')).rejects.toBeInstanceOf(GateFullError);
    running.finish();
    await tick();
    expect(started).toEqual(['running', 'waiting']);
    // The waiting one now runs: one more may wait again.
    const third = gate.run(async () => 'third');
    waiting.finish();
    expect(await Promise.all([first, second, third])).toEqual(['running', 'waiting', 'third']);
  });
});
