import { EventEmitter } from 'node:events';
import { installProcessGuards } from '@server/process-guards';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';

/** A logger that keeps what it was told, by level. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_fields: unknown, message: string) => {
    lines.push({ level, message });
  };
  const log = { error: at('error'), fatal: at('fatal') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the process-wide guards', () => {
  it('logs a promise rejected with nobody to handle it and keeps serving', () => {
    const target = new EventEmitter();
    const { log, lines } = recordingLog();
    const exits: number[] = [];
    installProcessGuards({ log, target, exit: (code) => exits.push(code) });
    target.emit('unhandledRejection', new Error('lost'));
    expect(lines).toEqual([{ level: 'error', message: expect.stringMatching(/still serving/) }]);
    expect(exits).toEqual([]);
  });

  it('logs an exception that escaped every handler as fatal, then exits with 1', () => {
    const target = new EventEmitter();
    const { log, lines } = recordingLog();
    const exits: number[] = [];
    installProcessGuards({ log, target, exit: (code) => exits.push(code) });
    target.emit('uncaughtException', new Error('broken'));
    expect(lines.map((line) => line.level)).toEqual(['fatal']);
    expect(exits).toEqual([1]);
  });
});
