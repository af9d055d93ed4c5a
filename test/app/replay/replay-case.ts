/** Temporary cases with a Trackio logbook of run cells, for replay tests (written by test/helpers/trackio-writer.ts). */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../helpers/temp-case';
import { writeTrackioLogbook, type TestCell } from '../../helpers/trackio-writer';

/**
 * A temporary folder the sandbox's user can read: mkdtemp makes it 0700, and when the tests run as root the
 * sandbox runs as uid 65534, which could not open the case's files there (cases live in readable folders).
 */
export function readableTempDir(): string {
  const dir = tempDir('recheck-replay-');
  chmodSync(dir, 0o755);
  return dir;
}

/** A case whose logbook `lb` (folder `logbook/`) holds the given run cells on one page; `files` go into the logbook folder. */
export function replayCase(cells: TestCell[], files: Record<string, string> = {}, checks: unknown[] = []): string {
  const dir = join(readableTempDir(), 'case');
  mkdirSync(join(dir, 'logbook'), { recursive: true });
  writeTrackioLogbook(join(dir, 'logbook'), { title: 'Replay test', pages: [{ slug: 'runs', title: 'Runs', cells }] });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'logbook', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'logbook', path), text);
  }
  writeFileSync(join(dir, 'paper.md'), '# Paper\n');
  const json = {
    format: 'recheck.case/1',
    id: 'replay-test',
    title: 'Replay test',
    paper: { title: 'A paper', venueId: 'openreview:example-replay', claims: [{ id: 'C1', text: 'The method is 8x faster.' }] },
    logbooks: [{ id: 'lb', path: 'logbook', format: 'trackio', title: 'A logbook' }],
    falsifications: [{ id: 'F1', claim: 'C1', logbook: 'lb', assertion: 'It is 2x slower.', checks }],
  };
  writeFileSync(join(dir, 'case.json'), `${JSON.stringify(json, null, 2)}\n`);
  return dir;
}

/** A run cell running `python3 <name>` with the script embedded and the output as printed. */
export function pythonCell(
  id: string,
  name: string,
  source: string,
  output: string,
  o: { exitCode?: number; embed?: boolean; command?: string[] } = {},
): TestCell {
  return {
    type: 'run',
    id,
    command: o.command ?? ['python3', name],
    exitCode: o.exitCode ?? 0,
    durationS: 0.1,
    scripts: o.embed === false ? [] : [{ name, lang: 'python', text: source }],
    output,
  };
}

/** A sweep script in the style of the paging logbooks: H_k for each k of a top-level list, printed as key=value lines. */
export const SWEEP_PY = `# harmonic numbers for each cache size
from fractions import Fraction
KS = [2, 4, 8, 16]
DIGITS = 10
for k in KS:
    h = sum(Fraction(1, i) for i in range(1, k + 1))
    print(f"k={k} H_k={float(h):.{DIGITS}f}")
`;
export const SWEEP_OUT = 'k=2 H_k=1.5000000000\nk=4 H_k=2.0833333333\nk=8 H_k=2.7178571429\nk=16 H_k=3.3807289932\n';
