/** Small display formatters used across the UI. Pure functions of their arguments. */

/** Seconds as `850 ms`, `12.3 s`, `4 min 05 s`, `2 h 03 min`. Example: `formatSeconds(245)` -> `4 min 05 s`. */
export function formatSeconds(s: number | null | undefined): string {
  if (s === null || s === undefined || !Number.isFinite(s) || s < 0) return '–';
  if (s < 1) return `${Math.round(s * 1000)} ms`;
  if (s < 60) return `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    return `${m} min ${String(Math.floor(s - m * 60)).padStart(2, '0')} s`;
  }
  const h = Math.floor(s / 3600);
  return `${h} h ${String(Math.floor((s - h * 3600) / 60)).padStart(2, '0')} min`;
}

/** A rate in units per second with 3 significant digits. Example: `formatRate(1234.5)` -> `1.23k/s`. */
export function formatRate(rate: number | undefined): string {
  if (rate === undefined || !Number.isFinite(rate)) return '';
  if (rate >= 1e6) return `${(rate / 1e6).toPrecision(3)}M/s`;
  if (rate >= 1e3) return `${(rate / 1e3).toPrecision(3)}k/s`;
  return `${rate.toPrecision(3)}/s`;
}

/** Byte counts. Example: `formatBytes(1536)` -> `1.5 KB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Integer with thousands separators. Example: `formatCount(20000)` -> `20,000`. */
export function formatCount(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** First 10 hex digits of a hash, keeping an algorithm prefix. Example: `shortHash('sha256:abcdef0123456789')` -> `sha256:abcdef0123`. */
export function shortHash(h: string): string {
  const i = h.indexOf(':');
  const prefix = i >= 0 ? h.slice(0, i + 1) : '';
  const hex = i >= 0 ? h.slice(i + 1) : h;
  return prefix + (hex.length > 10 ? hex.slice(0, 10) : hex);
}

/** ISO time as `2026-11-29 15:47:00 UTC` (UTC, so every reviewer reads the same time). */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
    .replace(/Z$/, ' UTC');
}

/** Fraction done in [0, 1], or null when the total is unknown. Example: `fractionDone(5, 20)` -> 0.25. */
export function fractionDone(done: number, total: number | undefined): number | null {
  if (total === undefined || !(total > 0)) return null;
  return Math.min(1, Math.max(0, done / total));
}
