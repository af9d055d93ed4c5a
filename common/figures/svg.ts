/**
 * A figure spec (spec.ts) drawn as a static SVG document: the reports' figures, the same specs the UI draws with
 * its plot components, so a report shows what the workbench shows. Pure string building (no DOM, no script, the
 * light theme's colours inline); every label is escaped. Non-finite values are not drawn: an x-y layer says how
 * many of its points it left out in its legend entry.
 * Example: `figureSvg({ type: 'xy', id: 'f', title: 't', caption: 'c', x: { label: 'k' }, y: { label: 'y' },
 * layers: [{ label: 'a', style: 'points', tone: 1, x: [1, 2], y: [3, 4] }] })` has two `<circle` marks plus the
 * legend's.
 */
import { convexHull, logTicks, niceTicks, scale } from './geometry';
import { short } from './read';
import type { Axis, BarSpec, FigureSpec, HullSpec, TimelineSpec, Tone, XYSpec } from './spec';

/** The light theme's plot colours (renderer/styles/app.css `--plot-*`). */
const TONE: Record<Tone, string> = { 1: '#2f5fb3', 2: '#c2571a', 3: '#1f8a5b', 4: '#5b6673' };
const AXIS = '#5b6673';
const GRID = '#e6e9ee';
const BAND = 'rgba(47, 95, 179, 0.09)';
const W = 760;
const H = 420;
const M = { left: 72, right: 200, top: 40, bottom: 86 };

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const r2 = (v: number): number => Math.round(v * 100) / 100;
const axisTitle = (a: Axis): string => `${a.label}${a.unit !== undefined ? ` (${a.unit})` : ''}`;

/** The SVG document of a figure spec. */
export function figureSvg(spec: FigureSpec): string {
  switch (spec.type) {
    case 'xy':
      return xySvg(spec);
    case 'bars':
      return barsSvg(spec);
    case 'timeline':
      return timelineSvg(spec);
    case 'hull':
      return hullSvg(spec);
  }
}

/** The document around a drawing: title, the drawing, and the whole caption below it (the figure grows to hold it). */
function frame(title: string, caption: string, body: string[]): string {
  const lines = wrap(caption, 118).slice(0, 12);
  const height = H + 14 * Math.max(0, lines.length - 3);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="sans-serif" font-size="12" role="img" aria-label="${esc(title)}">`,
    `<title>${esc(title)}</title>`,
    `<desc>${esc(caption)}</desc>`,
    `<rect width="${W}" height="${height}" fill="white"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="14">${esc(clip(title, 100))}</text>`,
    ...body,
    ...lines.map((line, i) => `<text x="${M.left}" y="${H - 34 + 14 * i}" fill="${AXIS}" font-size="11">${esc(line)}</text>`),
    '</svg>',
    '',
  ].join('\n');
}

function clip(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

/** Words of `s` in lines of at most `n` characters. */
function wrap(s: string, n: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > n) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? clip(word, n) : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The value range of finite numbers, widened when empty or a single value. */
function extent(vs: readonly number[], log: boolean): [number, number] {
  const ok = vs.filter((v) => Number.isFinite(v) && (!log || v > 0));
  if (ok.length === 0) return log ? [1, 10] : [0, 1];
  let lo = Math.min(...ok);
  let hi = Math.max(...ok);
  if (lo === hi) {
    if (log) return [lo / 2, hi * 2];
    const pad = Math.abs(lo) > 0 ? Math.abs(lo) * 0.1 : 1;
    if (Number.isFinite(lo - pad) && Number.isFinite(hi + pad)) {
      lo -= pad;
      hi += pad;
    } else if (lo > 0) lo -= pad;
    else hi += pad;
  } else if (!log) {
    const pad = 0.05 * hi - 0.05 * lo;
    if (Number.isFinite(lo - pad) && Number.isFinite(hi + pad)) {
      lo -= pad;
      hi += pad;
    }
  }
  return [lo, hi];
}

function legend(entries: { label: string; color: string; dash?: boolean; mark: 'dot' | 'line' | 'box' | 'note' }[]): string[] {
  const x = W - M.right + 14;
  return entries.slice(0, 18).flatMap((e, i) => {
    const y = M.top + 8 + 18 * i;
    if (e.mark === 'note') return [`<text x="${x + 22}" y="${y + 2}" fill="${AXIS}" font-size="10">${esc(clip(e.label, 34))}</text>`];
    const mark =
      e.mark === 'dot'
        ? `<circle cx="${x + 8}" cy="${y}" r="3.5" fill="${e.color}"/>`
        : e.mark === 'box'
          ? `<rect x="${x + 2}" y="${y - 5}" width="12" height="10" fill="${e.color}"/>`
          : `<line x1="${x}" y1="${y}" x2="${x + 16}" y2="${y}" stroke="${e.color}" stroke-width="2"${e.dash === true ? ' stroke-dasharray="6 4"' : ''}/>`;
    return [mark, `<text x="${x + 22}" y="${y + 4}">${esc(clip(e.label, 26))}</text>`];
  });
}

function xySvg(spec: XYSpec): string {
  const xLog = spec.x.log === true;
  const yLog = spec.y.log === true;
  const ok = (x: number, y: number): boolean => Number.isFinite(x) && Number.isFinite(y) && (!xLog || x > 0) && (!yLog || y > 0);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const l of spec.layers)
    l.x.forEach((x, i) => {
      const y = l.y[i]!;
      if (!ok(x, y)) return;
      xs.push(x);
      ys.push(y);
      const e = l.err?.[i];
      if (e !== undefined && Number.isFinite(e)) ys.push(y - e, y + e);
    });
  for (const h of spec.hlines ?? []) ys.push(h.y);
  for (const m of spec.markers ?? []) xs.push(m.x);
  // An axis' own domain (given so that no mark sits on the edge) covers every mark; the data's range otherwise.
  const [x0, x1] = spec.x.domain ?? extent(xs, xLog);
  const [y0, y1] = extent(ys, yLog);
  const right = W - M.right;
  const bottom = H - M.bottom;
  const px = scale(x0, x1, M.left, right, xLog);
  const py = scale(y0, y1, bottom, M.top, yLog);
  const inX = (v: number): boolean => v >= x0 && v <= x1;
  const inY = (v: number): boolean => v >= y0 && v <= y1;
  const out: string[] = [];
  if (spec.band !== undefined) {
    const a = Math.max(M.left, px(Math.max(spec.band.from, x0)));
    const b = spec.band.to !== undefined ? Math.min(right, px(Math.min(spec.band.to, x1))) : right;
    if (b > a) out.push(`<rect x="${r2(a)}" y="${M.top}" width="${r2(b - a)}" height="${bottom - M.top}" fill="${BAND}"/>`);
  }
  out.push(
    ...axes(
      spec.x.ticks !== undefined ? spec.x.ticks.filter((t) => inX(t.value)) : xLog ? logTicks(x0, x1).filter(inX) : niceTicks(x0, x1),
      yLog ? logTicks(y0, y1).filter(inY) : niceTicks(y0, y1).filter(inY),
      px,
      py,
    ),
  );
  out.push(`<text x="${(M.left + right) / 2}" y="${bottom + 34}" text-anchor="middle">${esc(axisTitle(spec.x))}</text>`);
  out.push(
    `<text x="16" y="${(M.top + bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(M.top + bottom) / 2})">${esc(axisTitle(spec.y))}</text>`,
  );
  for (const h of spec.hlines ?? []) {
    if (!inY(h.y)) continue;
    const y = r2(py(h.y));
    out.push(`<line x1="${M.left}" y1="${y}" x2="${right}" y2="${y}" stroke="${AXIS}" stroke-dasharray="4 3"/>`);
    out.push(`<text x="${M.left + 4}" y="${y - 3}" fill="${AXIS}" font-size="11">${esc(clip(h.label, 60))}</text>`);
  }
  (spec.markers ?? []).forEach((m, i) => {
    if (!inX(m.x)) return;
    const x = r2(px(m.x));
    const anchor = x > (M.left + right) / 2 ? 'end' : 'start';
    out.push(`<line x1="${x}" y1="${M.top}" x2="${x}" y2="${bottom}" stroke="${TONE[m.tone]}" stroke-dasharray="4 3"/>`);
    out.push(
      `<text x="${anchor === 'end' ? x - 4 : x + 4}" y="${M.top + 12 + 13 * i}" text-anchor="${anchor}" fill="${TONE[m.tone]}" font-size="11">${esc(clip(m.label, 50))}</text>`,
    );
  });
  const entries: Parameters<typeof legend>[0] = [];
  for (const l of spec.layers) {
    const color = TONE[l.tone];
    const pts = l.x.flatMap((x, i) => (ok(x, l.y[i]!) ? [[x, l.y[i]!, l.err?.[i]] as const] : []));
    const left = l.x.length - pts.length;
    if (l.style === 'line' && pts.length > 1) {
      const d = pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r2(px(x))},${r2(py(y))}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="1.75"${l.dash === true ? ' stroke-dasharray="6 4"' : ''}/>`);
    } else {
      for (const [x, y] of pts) out.push(`<circle cx="${r2(px(x))}" cy="${r2(py(y))}" r="3.5" fill="${color}"/>`);
    }
    for (const [x, y, e] of pts) {
      if (e === undefined || !Number.isFinite(e) || e === 0) continue;
      const X = r2(px(x));
      const top = r2(py(Math.min(y1, y + e)));
      const low = y - e;
      const bot = r2(yLog && low <= 0 ? bottom : py(Math.max(y0, low)));
      out.push(
        `<path d="M${X},${top} L${X},${bot} M${X - 3},${top} L${X + 3},${top} M${X - 3},${bot} L${X + 3},${bot}" stroke="${color}"/>`,
      );
    }
    entries.push({ label: l.label, color, mark: l.style === 'line' ? 'line' : 'dot', ...(l.dash === true ? { dash: true } : {}) });
    if (left > 0) entries.push({ label: `${left} not drawn: ${xLog || yLog ? 'not finite or ≤ 0' : 'not finite'}`, color, mark: 'note' });
  }
  out.push(...legend(entries));
  return frame(spec.title, spec.caption, out);
}

/** Grid lines, ticks and tick labels of a plot area (an x tick given with its label is shown by that label). */
function axes(
  xTicks: readonly (number | { value: number; label: string })[],
  yTicks: number[],
  px: (v: number) => number,
  py: (v: number) => number,
): string[] {
  const right = W - M.right;
  const bottom = H - M.bottom;
  const out = [`<rect x="${M.left}" y="${M.top}" width="${right - M.left}" height="${bottom - M.top}" fill="none" stroke="${AXIS}"/>`];
  for (const t of yTicks) {
    const y = r2(py(t));
    out.push(`<line x1="${M.left}" y1="${y}" x2="${right}" y2="${y}" stroke="${GRID}"/>`);
    out.push(`<text x="${M.left - 6}" y="${r2(y + 4)}" text-anchor="end" fill="${AXIS}">${esc(short(t))}</text>`);
  }
  for (const t of xTicks) {
    const x = r2(px(typeof t === 'number' ? t : t.value));
    out.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + 5}" stroke="${AXIS}"/>`);
    out.push(
      `<text x="${x}" y="${bottom + 18}" text-anchor="middle" fill="${AXIS}">${esc(typeof t === 'number' ? short(t) : t.label)}</text>`,
    );
  }
  return out;
}

function barsSvg(spec: BarSpec): string {
  const log = spec.value.log === true;
  const vals: number[] = [];
  for (const s of spec.series)
    s.values.forEach((v, i) => {
      if (v !== null && Number.isFinite(v)) vals.push(v);
      const iv = s.intervals?.[i];
      if (iv != null) vals.push(...iv.filter(Number.isFinite));
    });
  for (const r of spec.refs ?? []) vals.push(r.value);
  if (!log) vals.push(0);
  const [v0, v1] = extent(vals, log);
  const right = W - M.right;
  const bottom = H - M.bottom;
  const py = scale(v0, v1, bottom, M.top, log);
  const base = log ? bottom : py(Math.max(v0, Math.min(v1, 0)));
  const n = Math.max(1, spec.categories.length);
  const group = (right - M.left) / n;
  const bar = Math.max(2, (group * 0.8) / Math.max(1, spec.series.length));
  const ticks = (log ? logTicks(v0, v1) : niceTicks(v0, v1)).filter((t) => t >= v0 && t <= v1);
  const out = axes([], ticks, () => 0, py);
  out.push(
    `<text x="16" y="${(M.top + bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(M.top + bottom) / 2})">${esc(axisTitle(spec.value))}</text>`,
  );
  spec.categories.forEach((c, ci) => {
    const gx = M.left + ci * group + group * 0.1;
    spec.series.forEach((s, si) => {
      const v = s.values[ci];
      const x = r2(gx + si * bar);
      if (v !== null && v !== undefined && Number.isFinite(v) && (!log || v > 0)) {
        const y = py(Math.max(v0, Math.min(v1, v)));
        out.push(
          `<rect x="${x}" y="${r2(Math.min(y, base))}" width="${r2(bar - 1)}" height="${r2(Math.abs(base - y))}" fill="${TONE[s.tone]}"/>`,
        );
      }
      const iv = s.intervals?.[ci];
      if (iv != null && iv.every(Number.isFinite)) {
        const cx = r2(x + (bar - 1) / 2);
        const a = r2(py(Math.max(v0, Math.min(v1, iv[0]))));
        const b = r2(py(Math.max(v0, Math.min(v1, iv[1]))));
        out.push(`<path d="M${cx},${a} L${cx},${b} M${cx - 3},${a} L${cx + 3},${a} M${cx - 3},${b} L${cx + 3},${b}" stroke="${AXIS}"/>`);
      }
    });
    const lx = r2(M.left + (ci + 0.5) * group);
    out.push(
      `<text x="${lx}" y="${bottom + 14}" text-anchor="end" transform="rotate(-30 ${lx} ${bottom + 14})" fill="${AXIS}" font-size="11">${esc(clip(c, 24))}</text>`,
    );
  });
  for (const r of spec.refs ?? []) {
    if (r.value < v0 || r.value > v1) continue;
    const y = r2(py(r.value));
    out.push(`<line x1="${M.left}" y1="${y}" x2="${right}" y2="${y}" stroke="${AXIS}" stroke-dasharray="4 3"/>`);
    out.push(`<text x="${right - 4}" y="${y - 3}" text-anchor="end" fill="${AXIS}" font-size="11">${esc(clip(r.label, 50))}</text>`);
  }
  const entries: Parameters<typeof legend>[0] = spec.series.map((s) => ({ label: s.label, color: TONE[s.tone], mark: 'box' }));
  if (spec.interval !== undefined) entries.push({ label: `whiskers: ${spec.interval}`, color: AXIS, mark: 'line' });
  out.push(...legend(entries));
  return frame(spec.title, spec.caption, out);
}

function timelineSvg(spec: TimelineSpec): string {
  const right = W - M.right;
  const axisY = H - M.bottom - 40;
  const x = scale(0, spec.horizon > 0 ? spec.horizon : 1, M.left, right);
  const out: string[] = [];
  for (const r of spec.ranges) {
    const a = r2(x(r.from));
    out.push(
      `<rect x="${a}" y="${axisY - 30}" width="${r2(Math.max(1, x(r.to) - x(r.from)))}" height="30" fill="${BAND}" stroke="${TONE[r.tone]}" stroke-dasharray="3 3"/>`,
    );
    out.push(`<text x="${a + 4}" y="${axisY - 16}" fill="${AXIS}" font-size="11">${esc(clip(r.label, 40))}</text>`);
  }
  out.push(`<line x1="${M.left}" y1="${axisY}" x2="${right}" y2="${axisY}" stroke="${AXIS}"/>`);
  for (const t of niceTicks(0, spec.horizon, 6)) {
    const X = r2(x(t));
    out.push(`<line x1="${X}" y1="${axisY}" x2="${X}" y2="${axisY + 5}" stroke="${AXIS}"/>`);
    out.push(`<text x="${X}" y="${axisY + 18}" text-anchor="middle" fill="${AXIS}" font-size="11">${esc(short(t))}</text>`);
  }
  out.push(`<text x="${right}" y="${axisY + 34}" text-anchor="end" fill="${AXIS}" font-size="11">${esc(spec.unit)}</text>`);
  const steps = [...new Set(spec.marks.map((m) => m.t))].sort((a, b) => a - b);
  steps.forEach((t, i) => {
    const here = spec.marks.filter((m) => m.t === t);
    const color = TONE[here[0]!.tone];
    const X = r2(x(t));
    const top = M.top + 14 * (i % 6);
    const anchor = X > (M.left + right) / 2 ? 'end' : 'start';
    out.push(`<line x1="${X}" y1="${top}" x2="${X}" y2="${axisY}" stroke="${color}" stroke-width="2"/>`);
    out.push(`<circle cx="${X}" cy="${axisY}" r="4" fill="${color}"/>`);
    out.push(
      `<text x="${anchor === 'end' ? X - 5 : X + 5}" y="${top + 10}" text-anchor="${anchor}" fill="${color}" font-size="11">${esc(clip(`${here.map((m) => m.label).join(', ')}: ${t}`, 60))}</text>`,
    );
  });
  return frame(spec.title, spec.caption, out);
}

/** The hull figure's first shown frame: exact and float64 positions with their convex hulls. */
function hullSvg(spec: HullSpec): string {
  const f = spec.frames[spec.start] ?? spec.frames[0];
  const sets = [
    { label: 'exact', pts: f?.exact ?? null, color: TONE[1] },
    { label: 'float64', pts: f?.float64 ?? null, color: TONE[2] },
  ];
  const finite = (p: readonly number[]): boolean => p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
  const all = sets.flatMap((s) => (s.pts ?? []).filter(finite));
  const [x0, x1] = extent(
    all.map((p) => p[0]!),
    false,
  );
  const [y0, y1] = extent(
    all.map((p) => p[1]!),
    false,
  );
  const px = scale(x0, x1, M.left, W - M.right);
  const py = scale(y0, y1, H - M.bottom, M.top);
  const out = axes(
    niceTicks(x0, x1),
    niceTicks(y0, y1).filter((t) => t >= y0 && t <= y1),
    px,
    py,
  );
  const entries: Parameters<typeof legend>[0] = [];
  for (const s of sets) {
    if (s.pts === null) {
      entries.push({ label: `${s.label}: stopped`, color: s.color, mark: 'dot' });
      continue;
    }
    const pts = s.pts.filter(finite);
    const hull = convexHull(pts);
    if (hull.length > 2)
      out.push(
        `<polygon points="${hull.map(([x, y]) => `${r2(px(x))},${r2(py(y))}`).join(' ')}" fill="none" stroke="${s.color}"${s.label === 'float64' ? ' stroke-dasharray="5 3"' : ''}/>`,
      );
    for (const [x, y] of pts) out.push(`<circle cx="${r2(px(x!))}" cy="${r2(py(y!))}" r="3" fill="${s.color}"/>`);
    entries.push({ label: s.label, color: s.color, mark: 'dot' });
  }
  const at = f !== undefined ? ` at step ${f.t}` : '';
  entries.push({ label: `positions${at}`, color: AXIS, mark: 'line' });
  out.push(...legend(entries));
  return frame(spec.title, spec.caption, out);
}
