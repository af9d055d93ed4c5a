/**
 * A one-line terminal progress bar on stderr (only when stderr is a TTY): done/total, rate and ETA.
 * Redraws at most every 100 ms; `finish()` clears the line so the final output stays clean.
 */
import type { CliIO } from './command';

export interface ProgressBar {
  update(done: number, total?: number, label?: string): void;
  finish(): void;
}

export function createProgressBar(io: CliIO, label: string, clockMs: () => number = () => performance.now()): ProgressBar {
  if (!io.isTTY) return { update: () => undefined, finish: () => undefined };
  const start = clockMs();
  let last = -Infinity;
  let drawn = false;
  return {
    update(done, total, extra) {
      const now = clockMs();
      if (now - last < 100 && (total === undefined || done < total)) return;
      last = now;
      const elapsed = (now - start) / 1000;
      const rate = elapsed > 0 ? done / elapsed : 0;
      const width = 28;
      let bar = '';
      let tail = `${done}`;
      if (total !== undefined && total > 0) {
        const frac = Math.min(1, done / total);
        const filled = Math.round(frac * width);
        bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] `;
        const eta = rate > 0 ? (total - done) / rate : NaN;
        tail = `${done}/${total} ${(frac * 100).toFixed(0)}%${Number.isFinite(eta) ? ` eta ${formatSeconds(eta)}` : ''}`;
      }
      io.stderr(`\r\x1b[2K${label} ${bar}${tail} ${rate > 0 ? `${rate.toFixed(rate < 10 ? 1 : 0)}/s` : ''}${extra ? ` ${extra}` : ''}`);
      drawn = true;
    },
    finish() {
      if (drawn) io.stderr('\r\x1b[2K');
    },
  };
}

export function formatSeconds(s: number): string {
  if (s < 60) return `${s.toFixed(0)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.round((s % 3600) / 60)).padStart(2, '0')}m`;
}
