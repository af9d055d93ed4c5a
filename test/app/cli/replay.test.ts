/** `recheck replay`: exit 0 reproduces, 1 differs, 2 bad input or cannot run (one line), --json, overrides with --out. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { pythonCell, readableTempDir, replayCase, SWEEP_OUT, SWEEP_PY } from '../replay/replay-case';

const ROOT = resolve('.');
const BENCH = 'cell_cad14a3ec345';

describe('recheck replay', () => {
  it('exits 0 when the cell reproduces, with the run and files named', async () => {
    const r = await cli(['replay', 'cases/timing-normalization', '--cell', BENCH], ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^reproduces: the replay prints what the logbook printed \(3 lines, 4 numbers; numbers within the printed rounding/,
    );
    expect(r.stdout).toMatch(/run {7}\/\S*python3\S*, exited, exit 0, .* confined/);
    expect(r.stdout).toMatch(/files {5}bench.py \(page\)/);
  });

  it('exits 1 on a planted difference, naming both lines and both numbers', async () => {
    const dir = join(readableTempDir(), 'timing');
    cpSync(join(ROOT, 'cases/timing-normalization'), dir, { recursive: true });
    const page = join(dir, 'logbook/.trackio/logbook/pages/timing-comparison/page.md');
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('baseline: 1.5 s per trajectory\nratio', 'baseline: 1.25 s per trajectory\nratio'),
    );
    const r = await cli(['replay', dir, '--cell', BENCH, '--json'], ROOT);
    expect(r.code).toBe(1);
    const o = JSON.parse(r.stdout);
    expect(o.result).toBe('differs');
    expect(o.comparison.first).toMatchObject({
      printedLine: 2,
      printed: 'baseline: 1.25 s per trajectory',
      replayed: 'baseline: 1.5 s per trajectory',
    });
    expect(o.comparison.first.number).toMatchObject({ printed: '1.25', replayed: '1.5', difference: '0.25', bound: '0.005' });
    const text = await cli(['replay', dir, '--cell', BENCH], ROOT);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /printed {3}2: baseline: 1.25 s per trajectory\nreplayed {2}2: baseline: 1.5 s per trajectory\nnumbers {3}1.25 printed, 1.5 replayed: difference 0.25, allowed 0.005/,
    );
  });

  it('exits 2 with one line for a cell that cannot run, and for bad input', async () => {
    const dir = replayCase([pythonCell('cell_rb', 'x.rb', 'puts 1\n', '1\n', { command: ['ruby', 'x.rb'] })]);
    const r = await cli(['replay', dir, '--cell', 'cell_rb'], ROOT);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/case: cell cell_rb: cannot run: no interpreter for `ruby x.rb`/);
    const json = await cli(['replay', dir, '--cell', 'cell_rb', '--json'], ROOT);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ result: 'cannot-run', why: 'no interpreter for `ruby x.rb`' });
    const noCell = await cli(['replay', 'cases/timing-normalization', '--cell', 'cell_nope'], ROOT);
    expect(noCell.code).toBe(2);
    expect(noCell.stderr).toMatch(/cases\/timing-normalization: no cell "cell_nope"/);
    expect((await cli(['replay', 'cases/timing-normalization', '--cell', BENCH, '--tolerance', 'abs:x'], ROOT)).code).toBe(2);
    expect((await cli(['replay', 'cases/timing-normalization', '--cell', BENCH, '--set', 'K=[1,x]'], ROOT)).stderr).toMatch(
      /not a number or a list of numbers/,
    );
    expect((await cli(['replay', 'cases/timing-normalization', '--cell', BENCH, '--ignore', '('], ROOT)).stderr).toMatch(
      /ignore pattern "\(" is not a regular expression/,
    );
    expect((await cli(['replay', 'cases/timing-normalization'], ROOT)).stderr).toMatch(/--cell CELL-ID is required/);
  });

  it('--ignore skips a timing line; --tolerance replaces the printed rounding', async () => {
    const src = 'import time\nt = time.perf_counter()\nprint("result", 2 / 3)\nprint(f"took {time.perf_counter() - t + 1:.6f} s")\n';
    const dir = replayCase([pythonCell('cell_t', 't.py', src, 'result 0.6666666666666666\ntook 0.000012 s\n')]);
    expect((await cli(['replay', dir, '--cell', 'cell_t'], ROOT)).code).toBe(1);
    const r = await cli(['replay', dir, '--cell', 'cell_t', '--ignore', '^took ', '--json'], ROOT);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      result: 'reproduces',
      ignore: ['^took '],
      comparison: { ignoredLines: 1, linesCompared: 1 },
    });
    // A last digit printed otherwise (another libm, another float formatting) differs at the printed rounding...
    const other = replayCase([pythonCell('cell_t', 't.py', src, 'result 0.6666666666666667\ntook 0.000012 s\n')]);
    const strict = await cli(['replay', other, '--cell', 'cell_t', '--ignore', '^took ', '--json'], ROOT);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).comparison.first.number).toMatchObject({
      difference: '0.0000000000000001',
      bound: '0.00000000000000005',
    });
    // ...and agrees within a stated relative tolerance.
    expect((await cli(['replay', other, '--cell', 'cell_t', '--ignore', '^took ', '--tolerance', 'rel:1e-15'], ROOT)).code).toBe(0);
  });

  it('--set overrides a list literal; --out receives the table as CSV', async () => {
    const dir = replayCase([pythonCell('cell_sweep', 'sweep.py', SWEEP_PY, SWEEP_OUT)]);
    const out = join(tempDir('recheck-replay-out-'), 'sweep');
    const r = await cli(['replay', dir, '--cell', 'cell_sweep', '--set', 'KS=[2, 4, 8, 16, 32]', '--out', out], ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ran with KS = \[2, 4, 8, 16, 32\]/);
    expect(readFileSync(join(out, 'table-1.csv'), 'utf8')).toBe(
      'k,H_k\n2,1.5000000000\n4,2.0833333333\n8,2.7178571429\n16,3.3807289932\n32,4.0584951954\n',
    );
    expect((await cli(['replay', dir, '--cell', 'cell_sweep', '--out', out], ROOT)).stderr).toMatch(
      /--out applies to an overridden replay/,
    );
  });
});
