import { describe, expect, it } from 'vitest';
import { SandboxQueue, reservationMb } from '../../../app/sandbox/queue';
import { BusyError, CancelledError } from '../../../app/errors';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SandboxQueue', () => {
  it('runs at most `slots` at once, in order of arrival', async () => {
    const q = new SandboxQueue({ slots: 2, memoryBudgetMb: 100_000, maxWaiting: 10 });
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const waits = [0, 1, 2, 3].map((i) => q.admit(64).then((release) => (order.push(i), releases.push(release))));
    await tick();
    expect(order).toEqual([0, 1]);
    expect(q.stats).toMatchObject({ running: 2, waiting: 2 });
    releases[0]!();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    releases[1]!();
    releases[2]!();
    await Promise.all(waits);
    expect(order).toEqual([0, 1, 2, 3]);
    releases[3]!();
    releases[3]!(); // a second release is ignored
    expect(q.stats).toEqual({ running: 0, waiting: 0, reservedMb: 0 });
  });

  it('keeps the memory reservations within the budget', async () => {
    const q = new SandboxQueue({ slots: 8, memoryBudgetMb: reservationMb(512) * 2, maxWaiting: 10 });
    const a = await q.admit(512);
    await q.admit(512);
    let third = false;
    void q.admit(512).then(() => (third = true));
    await tick();
    expect(third).toBe(false);
    a();
    await tick();
    expect(third).toBe(true);
  });

  it('refuses at once what cannot be served: more than the budget, or too many waiting', async () => {
    const q = new SandboxQueue({ slots: 1, memoryBudgetMb: 1024, maxWaiting: 1 });
    expect(() => q.check(4096)).toThrow(BusyError);
    await q.admit(64);
    void q.admit(64);
    await expect(q.admit(64)).rejects.toBeInstanceOf(BusyError);
  });

  it('a request cancelled while waiting leaves the line and never starts', async () => {
    const q = new SandboxQueue({ slots: 1, memoryBudgetMb: 100_000, maxWaiting: 10 });
    const release = await q.admit(64);
    const ac = new AbortController();
    const waiting = q.admit(64, { signal: ac.signal });
    ac.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
    release();
    expect(q.stats).toEqual({ running: 0, waiting: 0, reservedMb: 0 });
  });
});
