// Finding 7: 50 parallel runs started 44 live sandboxes of about 1 GiB each. Runs now wait for one of the
// queue's slots; the overlap is measured from inside the sandboxes (each reports when it ran), not from the queue.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxQueue } from '../../app/sandbox/queue';
import { nodeChildRunner } from '../../app/sandbox/runner';
import { BusyError } from '../../app/errors';
import { confinementOrSkip } from '../app/sandbox/harness';

const c = await confinementOrSkip();

/** Largest number of the intervals [start, end] that overlap at one instant. */
function maxOverlap(intervals: readonly (readonly [number, number])[]): number {
  const events = intervals
    .flatMap(
      ([a, b]) =>
        [
          [a, 1],
          [b, -1],
        ] as const,
    )
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let live = 0;
  let most = 0;
  for (const [, d] of events) most = Math.max(most, (live += d));
  return most;
}

describe.skipIf(c === null)('sandbox queue: a flood of runs never starts more sandboxes than slots', () => {
  it('12 parallel runs on 2 slots overlap at most 2 at a time, and all finish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-queue-'));
    writeFileSync(
      join(dir, 'nap.mjs'),
      `export default async () => { const a = Date.now(); await new Promise((r) => setTimeout(r, 400)); return [a, Date.now()]; };`,
    );
    const queue = new SandboxQueue({ slots: 2, memoryBudgetMb: 64 * 1024, maxWaiting: 64 });
    const runner = nodeChildRunner(c!, { queue });
    const program = await runner.prepare({ modulePath: join(dir, 'nap.mjs') });
    try {
      const waitedLogs: string[] = [];
      const reports = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          runner.run(program, {
            input: null,
            seed: i,
            limits: { memoryMb: 64 },
            onMessage: (m) => void (m.type === 'log' && waitedLogs.push(m.text)),
          }),
        ),
      );
      expect(reports.map((r) => r.outcome)).toEqual(Array(12).fill('ok'));
      const intervals = reports.map((r) => (r.outcome === 'ok' ? (r.value as [number, number]) : [0, 0]) as [number, number]);
      expect(maxOverlap(intervals)).toBeLessThanOrEqual(2);
      expect(waitedLogs.some((t) => /^waiting for a free sandbox/.test(t))).toBe(true);
    } finally {
      await program.dispose();
    }
  });

  it('a run asking for more memory than all sandboxes may use is refused at once', () => {
    const runner = nodeChildRunner(c!, { queue: new SandboxQueue({ slots: 2, memoryBudgetMb: 2048, maxWaiting: 4 }) });
    expect(() => runner.checkCapacity?.({ memoryMb: 4096 })).toThrow(BusyError);
  });
});
