/**
 * Reconnect delays for the event socket: exponential from `baseMs`, capped at `maxMs`, with a deterministic
 * jitter in [0, jitter) of the delay supplied by the caller (pass 0 in tests). Exact integer milliseconds.
 * Example: `reconnectDelayMs(3, 0)` returns 2000 (250 * 2^3).
 */
export function reconnectDelayMs(attempt: number, jitter: number, baseMs = 250, maxMs = 10_000): number {
  const n = Math.max(0, Math.floor(attempt));
  const raw = Math.min(maxMs, baseMs * 2 ** Math.min(n, 30));
  const j = Math.min(Math.max(jitter, 0), 0.999);
  return Math.round(raw * (1 + j * 0.25));
}
