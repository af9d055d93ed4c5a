/**
 * A run's budget for what untrusted code sends its host: a number of messages, their total size, and a rate
 * (a token bucket: `perSecond` messages may arrive in a burst, refilled at `perSecond` a second). Every message
 * the desktop's sandbox page relays becomes an IPC message and a UI event, so a program that floods would freeze
 * the main process and the UI; over budget the run ends `invalid-output` with one line saying which bound it
 * crossed. Pure: the caller passes the clock. Example: `budget.take(120, now)` is null while within budget.
 */

export interface MessageLimits {
  readonly messages: number;
  readonly bytes: number;
  readonly perSecond: number;
}

/** Generous for real programs (a progress bar, logs, a sweep's points), far below what freezes a UI. */
export const MESSAGE_BUDGET: MessageLimits = { messages: 200_000, bytes: 256 * 1024 * 1024, perSecond: 20_000 };

export class MessageBudget {
  private count = 0;
  private total = 0;
  private tokens: number;
  private last: number | null = null;

  constructor(private readonly limits: MessageLimits = MESSAGE_BUDGET) {
    this.tokens = limits.perSecond;
  }

  /** Counts one message of `bytes` at time `nowMs`; the reason the run must end, or null. */
  take(bytes: number, nowMs: number): string | null {
    const { messages, perSecond } = this.limits;
    if (this.last !== null) this.tokens = Math.min(perSecond, this.tokens + ((nowMs - this.last) / 1000) * perSecond);
    this.last = nowMs;
    this.count += 1;
    this.total += bytes;
    this.tokens -= 1;
    if (this.count > messages) return `the program sent more than ${messages.toLocaleString('en-US')} messages (the run's message budget)`;
    if (this.total > this.limits.bytes)
      return `the program sent more than ${this.limits.bytes.toLocaleString('en-US')} bytes of messages (the run's message budget)`;
    if (this.tokens < 0)
      return `the program sent messages faster than ${perSecond.toLocaleString('en-US')} a second (the run's message budget)`;
    return null;
  }
}
