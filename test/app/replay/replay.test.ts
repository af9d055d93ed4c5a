/**
 * Replays for real in the sandbox (app/sandbox/process/run-program.ts): the bundled logbooks' Python run cells,
 * a planted difference, cannot-run cases, and an override of a list literal that yields a CSV table.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayCell } from '../../../app/replay/replay';
import { parseSetting } from '../../../checkers/replay/override';
import { parseTolerance } from '../../../checkers/replay/tolerance';
import { PYTHON, pythonModules } from '../../helpers/required';
import { tempDir } from '../../helpers/temp-case';
import { pythonCell, readableTempDir, replayCase, SWEEP_OUT, SWEEP_PY } from './replay-case';

const TIMING = resolve('cases/timing-normalization');
const FIXTURE = '/work/shared/fixtures/trackio-logbook-timing';
const missing = pythonModules(['mpmath']);
const noScipy = pythonModules(['numpy', 'scipy.stats']);

/** A copy of the timing case whose bench.py output block says `ratio method/baseline = <ratio>`. */
function plantedTiming(ratio: string): string {
  const dir = join(readableTempDir(), 'timing');
  cpSync(TIMING, dir, { recursive: true });
  const page = join(dir, 'logbook/.trackio/logbook/pages/timing-comparison/page.md');
  const text = readFileSync(page, 'utf8');
  const planted = text.replace(
    '````output\nmethod: 3.0 s per batch (batch = 50 trajectories)\nbaseline: 1.5 s per trajectory\nratio method/baseline = 2.00',
    `\`\`\`\`output\nmethod: 3.0 s per batch (batch = 50 trajectories)\nbaseline: 1.5 s per trajectory\nratio method/baseline = ${ratio}`,
  );
  expect(planted).not.toBe(text);
  writeFileSync(page, planted);
  return dir;
}

describe('the bundled logbooks, replayed', () => {
  it('timing-normalization: bench.py reproduces its 3 printed lines, confined', async () => {
    const o = await replayCell({ caseDir: TIMING, where: 'timing', cell: 'cell_cad14a3ec345' });
    expect(o.result).toBe('reproduces');
    expect(o.run).toMatchObject({ exitCode: 0, ended: 'exited', confined: true });
    expect(o.comparison).toMatchObject({ linesCompared: 3, numbersCompared: 4, differingLines: 0 });
    expect(o.files).toEqual([{ path: 'bench.py', from: 'page' }]);
  });
  it('timing-normalization: noisy.py reproduces what the elided output kept, and says so', async () => {
    const o = await replayCell({ caseDir: TIMING, where: 'timing', cell: 'cell_059559c6c361' });
    expect(o.result).toBe('reproduces');
    expect(o.comparison).toMatchObject({ printedLines: 379, linesCompared: 376, notCompared: 2, replayedLines: 3000 });
    expect(o.comparison?.elision?.elidedChars).toBe(139000);
    expect(o.notes.join(' ')).toMatch(/elided 139000 characters.*compared only what it printed/);
    expect(o.notes.join(' ')).toMatch(/printed 159000 characters, as many as the logbook's 20,000 kept plus 139000 elided/);
  });
  it('the shared Trackio fixture reproduces too (its workspace is the logbook folder)', async () => {
    const dir = join(readableTempDir(), 'fixture');
    cpSync(TIMING, dir, { recursive: true });
    cpSync(FIXTURE, join(dir, 'logbook'), { recursive: true });
    for (const cell of ['cell_cad14a3ec345', 'cell_059559c6c361'])
      expect((await replayCell({ caseDir: dir, where: 'fixture', cell })).result).toBe('reproduces');
  });
  it('quantization-stability: quantize_eval.py, run in logbook/ and reading ../images/pairs.csv, reproduces its PSNR table', async () => {
    // PIL and scikit-image come with the test command (scripts/system-deps.mjs); the script finds the case's images
    // where it found them when the logbook ran, because the sandbox mirrors the case around the logbook folder.
    const o = await replayCell({ caseDir: resolve('cases/quantization-stability'), where: 'q', cell: 'cell_8e41b07a55d3' });
    expect(o.result).toBe('reproduces');
  });
});

describe('shell and node cells', () => {
  it('replay the same way', async () => {
    const dir = replayCase([
      {
        type: 'run',
        id: 'cell_sh',
        command: ['bash', 'run.sh'],
        exitCode: 0,
        durationS: 0.1,
        scripts: [{ name: 'run.sh', lang: 'bash', text: 'for k in 2 4; do echo "k=$k sq=$((k * k))"; done' }],
        output: 'k=2 sq=4\nk=4 sq=16\n',
      },
      {
        type: 'run',
        id: 'cell_js',
        command: ['node', 'a.js'],
        exitCode: 0,
        durationS: 0.1,
        scripts: [{ name: 'a.js', lang: 'javascript', text: 'console.log(`ratio = ${(1 / 3).toFixed(4)}`);' }],
        output: 'ratio = 0.3333\n',
      },
    ]);
    expect((await replayCell({ caseDir: dir, where: 'sh', cell: 'cell_sh' })).result).toBe('reproduces');
    const js = await replayCell({ caseDir: dir, where: 'js', cell: 'cell_js' });
    expect(js).toMatchObject({ result: 'reproduces', interpreter: 'node', run: { confined: true } });
  });
});

describe('the case around the logbook folder', () => {
  it('a script that reads ../data/x.csv from its logbook folder finds the case file there and writes in its own folder; writing beside is hostile', async () => {
    const dir = replayCase([
      {
        type: 'run',
        id: 'cell_up',
        command: ['python3', 'up.py'],
        exitCode: 0,
        durationS: 0.1,
        scripts: [
          {
            name: 'up.py',
            lang: 'python',
            text: [
              'import os',
              'rows = open("../data/x.csv").read().split()',
              'print("rows", len(rows), "sum", sum(int(r) for r in rows))',
              'open("out.txt", "w").write("ok")  # the working folder is writable',
              'print(open("out.txt").read())',
            ].join('\n'),
          },
        ],
        output: 'rows 3 sum 6\nok\n',
      },
      {
        type: 'run',
        id: 'cell_beside',
        command: ['python3', 'beside.py'],
        exitCode: 0,
        durationS: 0.1,
        scripts: [{ name: 'beside.py', lang: 'python', text: 'open("../data/y.csv", "w").write("1")\nprint("wrote")' }],
        output: 'wrote\n',
      },
    ]);
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'x.csv'), '1\n2\n3\n');
    const o = await replayCell({ caseDir: dir, where: 'up', cell: 'cell_up' });
    expect(o.result).toBe('reproduces');
    const beside = await replayCell({ caseDir: dir, where: 'beside', cell: 'cell_beside' });
    expect(beside.result).toBe('cannot-run');
    expect(beside.why).toMatch(/writes outside/);
    expect(existsSync(join(dir, 'data', 'y.csv'))).toBe(false);
  });
});

describe('differences', () => {
  it('a planted difference in the printed output is reported with both lines and both values', async () => {
    const o = await replayCell({ caseDir: plantedTiming('2.10'), where: 'planted', cell: 'cell_cad14a3ec345' });
    expect(o.result).toBe('differs');
    expect(o.comparison?.first).toMatchObject({
      printedLine: 3,
      replayedLine: 3,
      printed: 'ratio method/baseline = 2.10',
      replayed: 'ratio method/baseline = 2.00',
      number: { printed: '2.10', replayed: '2.00', difference: '0.1', bound: '0.005' },
    });
    expect(o.summary).toMatch(/differs at printed line 3 .*2\.10 printed, 2\.00 replayed.*difference 0\.1, allowed 0\.005/);
  });
  it('a stated tolerance wide enough accepts it, and is named', async () => {
    const o = await replayCell({
      caseDir: plantedTiming('2.10'),
      where: 'planted',
      cell: 'cell_cad14a3ec345',
      tolerance: parseTolerance('abs:0.1'),
    });
    expect(o.result).toBe('reproduces');
    expect(o.comparison?.tolerance).toBe('abs 0.1');
  });
  it('a recorded exit code the replay does not match differs', async () => {
    const dir = replayCase([pythonCell('cell_exit', 'x.py', 'print("hi")\n', 'hi\n', { exitCode: 3 })]);
    const o = await replayCell({ caseDir: dir, where: 'x', cell: 'cell_exit' });
    expect(o).toMatchObject({ result: 'differs', exit: { recorded: 3, replayed: 0, agree: false } });
  });
});

describe('cannot run', () => {
  it('no interpreter for the command', async () => {
    const dir = replayCase([pythonCell('cell_rb', 'x.rb', 'puts 1\n', '1\n', { command: ['ruby', 'x.rb'] })]);
    const o = await replayCell({ caseDir: dir, where: 'x', cell: 'cell_rb' });
    expect(o).toMatchObject({ result: 'cannot-run', why: 'no interpreter for `ruby x.rb`' });
  });
  it('a script neither embedded nor in the case is named; one in the case is used', async () => {
    const cells = [
      pythonCell('cell_a', 'gone.py', '', '1\n', { embed: false }),
      pythonCell('cell_b', 'here.py', '', '7\n', { embed: false }),
    ];
    const dir = replayCase(cells, { 'here.py': 'print(3 + 4)\n' });
    const a = await replayCell({ caseDir: dir, where: 'x', cell: 'cell_a' });
    expect(a.result).toBe('cannot-run');
    expect(a.why).toMatch(/`gone.py`, which the command runs, is neither embedded in the page nor a file of the case/);
    const b = await replayCell({ caseDir: dir, where: 'x', cell: 'cell_b' });
    expect(b).toMatchObject({ result: 'reproduces', files: [{ path: 'here.py', from: 'case' }] });
  });
  it('a case file the command reads is found read-only in the workspace; the page copy of a script wins', async () => {
    const src = 'print(open("data.txt").read().strip())\n';
    const dir = replayCase([pythonCell('cell_r', 'read.py', src, 'forty-two\n')], {
      'data.txt': 'forty-two\n',
      'read.py': 'print("old")\n',
    });
    const o = await replayCell({ caseDir: dir, where: 'x', cell: 'cell_r' });
    expect(o.result).toBe('reproduces');
    expect(o.notes).toContain("read.py: the page's copy differs from the case's file; the page's copy ran");
  });
  it('a hostile cell is contained and reported; one that sleeps forever ends at its time limit', async () => {
    const src = [
      'import os, socket',
      'try:',
      '    print(os.listdir("/root/.ssh"))',
      'except Exception as e:',
      '    print("no ssh")',
      'try:',
      '    socket.create_connection(("1.1.1.1", 80), timeout=2)',
      'except Exception as e:',
      '    print("no network")',
      '',
    ].join('\n');
    const dir = replayCase([
      pythonCell('cell_h', 'h.py', src, 'no ssh\nno network\n'),
      pythonCell('cell_s', 's.py', 'import time\ntime.sleep(1000)\n', ''),
    ]);
    const h = await replayCell({ caseDir: dir, where: 'h', cell: 'cell_h' });
    expect(h.result).toBe('cannot-run');
    expect(h.why).toMatch(/^the sandbox stopped hostile behaviour: .*network/);
    expect(h.run?.confined).toBe(true);
    const s = await replayCell({ caseDir: dir, where: 'h', cell: 'cell_s', limits: { timeoutMs: 1500 } });
    expect(s).toMatchObject({ result: 'cannot-run', run: { ended: 'timeout' } });
    expect(s.why).toMatch(/did not finish within its time limit/);
  });
  it('an interpreter that cannot be used is named', async () => {
    const o = await replayCell({ caseDir: TIMING, where: 'timing', cell: 'cell_cad14a3ec345', python: '/nonexistent/bin/python3' });
    expect(o.result).toBe('cannot-run');
    expect(o.why).toBe('the interpreter cannot be used: /nonexistent/bin/python3: replay interpreter does not exist');
  });
  it("the workspace's replay.python is used when none is asked for (a gone one is bad input naming settings.json)", async () => {
    const dir = replayCase([pythonCell('cell_v', 'v.py', 'import sys\nprint(sys.version_info[0])\n', '3\n')]);
    const settings = join(dir, '..', 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({ format: 'recheck.settings/1', sweeps: { backend: 'local' }, replay: { python: '/nonexistent/python3' } }),
    );
    await expect(replayCell({ caseDir: dir, where: 'v', cell: 'cell_v' })).rejects.toThrow(
      /settings.json: \/replay\/python: \/nonexistent\/python3 does not exist/,
    );
    // An interpreter asked for wins over the setting.
    expect((await replayCell({ caseDir: dir, where: 'v', cell: 'cell_v', python: PYTHON })).result).toBe('reproduces');
    writeFileSync(settings, JSON.stringify({ format: 'recheck.settings/1', sweeps: { backend: 'local' }, replay: { python: PYTHON } }));
    expect((await replayCell({ caseDir: dir, where: 'v', cell: 'cell_v' })).result).toBe('reproduces');
  });
  it('a bad cell id is bad input naming the case and the nearest ids', async () => {
    await expect(replayCell({ caseDir: TIMING, where: 'timing', cell: 'cell_cad14a3ec34' })).rejects.toThrow(
      /timing: no cell "cell_cad14a3ec34".*nearest: cell_cad14a3ec345/,
    );
  });
});

describe.skipIf(missing !== '')('overrides', () => {
  let h1024 = '';
  beforeAll(() => {
    const r = spawnSync(PYTHON, ['-c', 'from mpmath import mp, harmonic, nstr; mp.dps = 50; print(nstr(harmonic(1024), 30))'], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(r.stderr);
    h1024 = r.stdout.trim();
  });
  it('the sweep reproduces as printed; an override of its list literal changes the output and yields a CSV table', async () => {
    const dir = replayCase([pythonCell('cell_sweep', 'sweep.py', SWEEP_PY, SWEEP_OUT)]);
    const plain = await replayCell({ caseDir: dir, where: 'sweep', cell: 'cell_sweep' });
    expect(plain.result).toBe('reproduces');
    expect(plain.literals.filter((l) => l.kind === 'constant').map((l) => (l.kind === 'constant' ? `${l.name}=${l.value}` : ''))).toEqual([
      'KS=[2, 4, 8, 16]',
      'DIGITS=10',
    ]);
    const out = tempDir('recheck-replay-out-');
    const o = await replayCell({
      caseDir: dir,
      where: 'sweep',
      cell: 'cell_sweep',
      set: [parseSetting('KS=[2, 4, 8, 16, 1024]')],
      artifactDir: async () => out,
    });
    expect(o.result).toBe('ran');
    expect(o.comparison).toBeUndefined();
    expect(o.overrides.set).toEqual([{ name: 'KS', line: 3, from: '[2, 4, 8, 16]', to: '[2, 4, 8, 16, 1024]' }]);
    expect(o.tables).toHaveLength(1);
    expect(o.tables[0]).toMatchObject({ file: 'table-1.csv', columns: ['k', 'H_k'], rows: 5 });
    const csv = readFileSync(join(out, 'table-1.csv'), 'utf8');
    const last = csv.trim().split('\n').at(-1)?.split(',');
    expect(last?.[0]).toBe('1024');
    // H_1024 to 10 decimals, against mpmath.
    expect(Math.abs(Number(last?.[1]) - Number(h1024))).toBeLessThanOrEqual(5e-11);
    expect(existsSync(join(out, 'stdout.txt'))).toBe(true);
    expect(o.summary).toMatch(/ran with KS = \[2, 4, 8, 16, 1024\].*5 rows of k, H_k.*not compared/);
  });
  it('--arg and --env reach the program', async () => {
    const src = 'import os, sys\nprint("n", sys.argv[1], "steps", os.environ.get("STEPS", "3"))\n';
    const dir = replayCase([pythonCell('cell_e', 'e.py', src, 'n 1 steps 3\n', { command: ['python3', 'e.py', '1'] })]);
    const o = await replayCell({ caseDir: dir, where: 'e', cell: 'cell_e', args: ['9'], env: { STEPS: '50' } });
    expect(o.result).toBe('ran');
    expect(o.literals.map((l) => l.kind)).toEqual(['argv', 'env']);
    expect(o.run?.exitCode).toBe(0);
    expect(o.output).toBe('n 1 steps 50\n');
    expect(o.overrides).toEqual({ set: [], args: ['9'], env: ['STEPS=50'] });
  });
  it('an override of a name that is not a top-level constant is bad input naming the script', async () => {
    const dir = replayCase([pythonCell('cell_sweep', 'sweep.py', SWEEP_PY, SWEEP_OUT)]);
    await expect(replayCell({ caseDir: dir, where: 'sweep', cell: 'cell_sweep', set: [parseSetting('K=3')] })).rejects.toThrow(
      /sweep: sweep.py: no top-level K = <number or list of numbers> \(overridable: KS, DIGITS\)/,
    );
  });
});

describe.skipIf(noScipy !== '')('numpy and scipy code', () => {
  const SRC = [
    'import numpy as np',
    'from scipy import stats',
    'rng = np.random.default_rng(0)',
    'x = rng.normal(size=50)',
    'print(f"mean {x.mean():.6f} sd {x.std(ddof=1):.6f}")',
    'r = stats.ttest_1samp(x, 0)',
    'print(f"t {r.statistic:.6f} p {r.pvalue:.6e}")',
    '',
  ].join('\n');
  let host = '';
  beforeAll(() => {
    // The same code run on the host by Debian's Python, outside any sandbox: what the logbook would print.
    const r = spawnSync(PYTHON, ['-c', SRC], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    host = r.stdout;
  });
  it('replays in the sandbox as it prints on the host; a planted digit differs', async () => {
    const dir = replayCase([pythonCell('cell_np', 'np_stats.py', SRC, host)]);
    const o = await replayCell({ caseDir: dir, where: 'np', cell: 'cell_np' });
    expect(o.result).toBe('reproduces');
    expect(o.comparison).toMatchObject({ linesCompared: 2, numbersCompared: 4, numbersIdentical: 4 });
    const t = /t (-?\d+\.\d{6})/.exec(host)?.[1] as string;
    const changed = host.replace(`t ${t}`, `t ${(Number(t) + 0.00001).toFixed(6)}`);
    const bad = await replayCell({
      caseDir: replayCase([pythonCell('cell_np', 'np_stats.py', SRC, changed)]),
      where: 'np',
      cell: 'cell_np',
    });
    expect(bad.result).toBe('differs');
    expect(bad.comparison?.first).toMatchObject({ printedLine: 2, number: { replayed: t, difference: '0.00001', bound: '0.0000005' } });
  });
});
