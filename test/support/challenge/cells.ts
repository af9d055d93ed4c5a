/**
 * Trackio logbook page text for generated challenges, written the way Trackio 0.36 writes it
 * (trackio/logbook.py; see app/logbook/trackio-page.ts): `# title`, then cells
 * `\n---\n<!-- trackio-cell\n<JSON header>\n-->\n<body>`, run cells with a command, an exit code, the script
 * and an output fence, outputs over 20,000 characters elided to their first 2,000 and last 18,000.
 */
import type { Xoshiro128 } from '../../../checkers/random/xoshiro128';

const STAMP = '2026-11-29T15:47:00+00:00';

/** A fresh cell id `cell_<12 hex>` from the generator. */
export function cellId(rng: Xoshiro128): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += '0123456789abcdef'[rng.nextInt(16)];
  return `cell_${s}`;
}

function header(o: Record<string, unknown>): string {
  return `\n---\n<!-- trackio-cell\n${JSON.stringify({ ...o, created_at: STAMP })}\n-->\n`;
}

export function markdownCell(id: string, body: string, title = body.split('\n')[0]?.slice(0, 80) ?? ''): string {
  return `${header({ type: 'markdown', id, title })}${body}\n\n`;
}

/** Trackio's elision of a long output: the first 2,000 and last 18,000 characters kept. */
export function elide(output: string): string {
  if (output.length <= 20000) return output;
  return `${output.slice(0, 2000)}\n... [${output.length - 20000} chars elided] ...\n${output.slice(-18000)}`;
}

export function runCell(id: string, script: string, source: string, output: string, exitCode = 0): string {
  const command = ['python3', script];
  return (
    `${header({ type: 'code', id, title: `Run: python3 ${script} (exit ${exitCode})`, command, exit_code: exitCode, duration_s: 0.5 })}` +
    `\`\`\`\`bash\n$ python3 ${script}\n\`\`\`\`\n\nexit ${exitCode} · 0.5s\n\n\n\`\`\`\`python title=${script}\n${source}\n\`\`\`\`\n\n\n` +
    `\`\`\`\`output\n${elide(output)}\n\n\`\`\`\`\n\n`
  );
}

export function artifactCell(id: string, path: string): string {
  return `${header({ type: 'artifact', id, title: `Artifact: ${path}`, path, artifact_type: 'file' })}trackio-local-path://${path}\n\n`;
}

export function dashboardCell(id: string, project: string): string {
  return `${header({ type: 'dashboard', id, title: `Dashboard: ${project}`, dashboard_project: project })}trackio-local-dashboard://${project}\n\n`;
}

export function page(title: string, cells: readonly string[]): string {
  return `# ${title}\n\n${cells.join('')}`;
}

/** A training log of `lines` lines (long ones are elided by runCell). */
export function trainingLog(rng: Xoshiro128, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(
      `step ${String(i).padStart(6)} loss ${(2 / (1 + i / 50) + 0.01 * rng.nextFloat()).toFixed(6)} lr 0.000300 grad_norm ${(0.5 + rng.nextFloat()).toFixed(3)}`,
    );
  return out.join('\n');
}
