// Attacks on sweep resume: a checkpoint that lost or altered points, a host-side failure mid-sweep (a result
// nested 200,000 levels deep, an I/O error), a process killed with the manifest at "running", and parameter or
// field names that JavaScript reads through the prototype (`__proto__`, `constructor`, `toString`).
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCheckpoint, POINTS_FILE, MANIFEST_FILE } from '../../app/runs/checkpoint';
import { parseSweepSpec, pointAt, pointCount } from '../../app/runs/grid';
import type { PointRecord, SweepManifest } from '../../app/runs/record';
import { runSweep, type SweepEvent, type SweepOptions } from '../../app/runs/sweep';
import { nodeChildRunner } from '../../app/sandbox/runner';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp-case';
import { fakeRunner, type PointFn } from '../app/runs/fake-runner';
import { confinementOrSkip } from '../app/sandbox/harness';

const c = await confinementOrSkip();

function moduleIn(root: string, source = 'export default ({ t }) => ({ t });'): string {
  const path = join(root, 'point.mjs');
  writeFileSync(path, source);
  return path;
}

const deep = (levels: number): unknown => {
  let v: unknown = 0;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

function setup(fn: PointFn, extra: Partial<SweepOptions> = {}) {
  const root = tempDir();
  const runner = fakeRunner(fn);
  const base: SweepOptions = {
    modulePath: moduleIn(root),
    spec: { horizon: 5 },
    seed: 1,
    jobs: 1,
    runsDir: join(root, 'runs'),
    id: 's',
    runner,
    ...extra,
  };
  const dir = join(root, 'runs', 's');
  return { root, runner, base, dir, file: join(dir, POINTS_FILE) };
}

const lines = (file: string): PointRecord[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as PointRecord);
const manifestOf = (dir: string): SweepManifest => JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SweepManifest;
const square: PointFn = ({ t }) => ({ square: (t as number) ** 2 });

describe('resume verifies the checkpoint against its manifest', () => {
  it('a torn tail: the fragment is set aside, the lost point recomputed, every point on disk once', async () => {
    const { base, file, runner } = setup(square);
    await runSweep(base);
    const text = readFileSync(file, 'utf8');
    truncateSync(file, text.length - 20);
    const events: SweepEvent[] = [];
    const second = await runSweep({ ...base, onEvent: (e) => events.push(e) });
    expect(second).toMatchObject({ status: 'complete', done: 5, resumed: 4 });
    expect(second.notices[0]).toMatch(/points\.jsonl: a torn last line .* was moved to points\.jsonl\.torn/);
    expect(events.filter((e) => e.type === 'notice')).toHaveLength(1);
    expect(runner.runs).toEqual([1, 2, 3, 4, 5, 5]);
    expect(
      lines(file)
        .map((r) => r.index)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(readFileSync(`${file}.torn`, 'utf8')).toContain('"reason":"no-newline"');
  });

  it('records with altered params, seed or inputSha256, or beyond the grid, are not trusted and are recomputed', async () => {
    const { base, file, runner } = setup(square);
    await runSweep(base);
    const recs = lines(file);
    const altered = [
      { ...recs[0], params: { t: 99 } }, // params of another point
      { ...recs[1], seed: 12345 }, // another seed
      { ...recs[2], inputSha256: '0'.repeat(64) },
      recs[3],
      recs[4],
      { ...recs[4], index: 7 }, // beyond the horizon
    ];
    writeFileSync(file, altered.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const again = await runSweep(base);
    expect(again).toMatchObject({ status: 'complete', resumed: 2, rejected: 4, done: 5 });
    expect(again.notices.join('\n')).toMatch(/4 records do not match this sweep's parameters and seed/);
    expect(runner.runs.slice(5)).toEqual([1, 2, 3]);
    const cp = await readCheckpoint(again.dir);
    expect([...cp.points.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    for (const [i, r] of cp.points) expect(r.params).toEqual(pointAt(base.spec, i));
  });

  it('duplicates: the first valid record of an index wins (an invalid first one does not shadow a valid second)', async () => {
    const { base, file, runner } = setup(square);
    await runSweep(base);
    const recs = lines(file);
    writeFileSync(
      file,
      [{ ...recs[0], inputSha256: 'bad', value: 'forged' }, ...recs, { ...recs[1], wallMs: 999 }]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    const cp = await readCheckpoint(join(base.runsDir, 's'));
    expect(cp.points.get(0)?.value).toEqual({ square: 1 });
    expect(cp.points.get(1)?.value).toEqual({ square: 4 });
    expect(cp).toMatchObject({ rejectedPoints: 1, duplicatePoints: 1 });
    const again = await runSweep(base);
    expect(again).toMatchObject({ status: 'complete', resumed: 5 });
    expect(runner.runs).toHaveLength(5); // nothing recomputed
  });

  it('a manifest that says "complete" with a point missing on disk: the point is computed, then complete', async () => {
    const { base, file, dir, runner } = setup(square);
    await runSweep(base);
    writeFileSync(
      file,
      lines(file)
        .filter((r) => r.index !== 2)
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    expect(manifestOf(dir).status).toBe('complete');
    const again = await runSweep(base);
    expect(again).toMatchObject({ status: 'complete', resumed: 4, done: 5 });
    expect(runner.runs.slice(5)).toEqual([3]);
  });

  it('a killed process (manifest left at "running") resumes, computing only what is missing', async () => {
    const { base, file, dir, runner } = setup(square);
    await runSweep(base);
    const m = manifestOf(dir);
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...m, status: 'running' }));
    writeFileSync(
      file,
      lines(file)
        .filter((r) => r.index < 3)
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    const again = await runSweep(base);
    expect(again).toMatchObject({ status: 'complete', resumed: 3, done: 5 });
    expect(runner.runs.slice(5)).toEqual([4, 5]);
    expect(manifestOf(dir).status).toBe('complete');
  });

  it('points lost while the sweep runs are computed again before it says complete', async () => {
    let sabotaged = false;
    let file = '';
    const env = setup((p) => {
      // While computing the last point, something removes point 1 from the file.
      if (p.t === 5 && !sabotaged) {
        sabotaged = true;
        writeFileSync(
          file,
          lines(file)
            .filter((r) => r.index !== 1)
            .map((r) => `${JSON.stringify(r)}\n`)
            .join(''),
        );
      }
      return square(p, { seed: 0 });
    });
    file = env.file;
    const s = await runSweep(env.base);
    expect(s).toMatchObject({ status: 'complete', done: 5 });
    expect(s.notices.join('\n')).toMatch(/1 finished point was not found on disk: computing it again/);
    expect(env.runner.runs).toEqual([1, 2, 3, 4, 5, 2]);
    expect([...(await readCheckpoint(s.dir)).points.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('a checkpoint that keeps losing points ends as "failed" with the reason, not "complete"', async () => {
    let file = '';
    const env = setup((p) => {
      if (existsSync(file)) writeFileSync(file, ''); // every point erases the others
      return square(p, { seed: 0 });
    });
    file = env.file;
    await expect(runSweep(env.base)).rejects.toThrow(/still missing after 3 passes/);
    expect(manifestOf(env.dir)).toMatchObject({ status: 'failed', failure: expect.stringMatching(/still missing after 3 passes/) });
  });
});

describe('host-side failures never leave the manifest at "running"', () => {
  it('a result nested 200,000 levels deep becomes a failed point; the sweep goes on', async () => {
    const { base, dir } = setup(({ t }) => (t === 2 ? deep(200_000) : { t }));
    const s = await runSweep(base);
    expect(s).toMatchObject({ status: 'complete', outcomes: { ok: 4, threw: 1 } });
    const cp = await readCheckpoint(dir);
    expect(cp.points.get(1)).toMatchObject({ outcome: 'threw', message: 'the result cannot be recorded: nested deeper than 256 levels' });
    expect(manifestOf(dir).status).toBe('complete');
  });

  it('a runner that fails: the sweep rejects, the manifest says "failed" with a one-line reason; a resume completes', async () => {
    const { base, dir } = setup(({ t }) => {
      if (t === 3) throw new Error('window crashed\nwith a second line');
      return { t };
    });
    await expect(runSweep(base)).rejects.toThrow(/window crashed/);
    const m = manifestOf(dir);
    expect(m.status).toBe('failed');
    expect(m.failure).toBe('Error: window crashed | with a second line');
    const again = await runSweep({ ...base, runner: fakeRunner(({ t }) => ({ t })) });
    expect(again).toMatchObject({ status: 'complete', resumed: 2, done: 5 });
    expect(manifestOf(dir).failure).toBeUndefined();
  });

  it('an append refused mid-sweep (points.jsonl swapped for a symlink) fails the sweep; parallel workers stop', async () => {
    const outside = join(tempDir(), 'elsewhere.jsonl');
    writeFileSync(outside, '');
    const { base, dir, file } = setup(
      async ({ t }) => {
        await new Promise((r) => setTimeout(r, 5 * (t as number)));
        return { t };
      },
      { jobs: 3, spec: { horizon: 30 } },
    );
    const onEvent = (e: SweepEvent): void => {
      if (e.type === 'point' && e.record.index === 0) {
        unlinkSync(file); // points.jsonl becomes a symlink to a file outside
        symlinkSync(outside, file);
      }
    };
    await expect(runSweep({ ...base, onEvent })).rejects.toThrow(/points\.jsonl: is a symlink/);
    expect(manifestOf(dir).status).toBe('failed');
    const size = readFileSync(outside).length;
    await new Promise((r) => setTimeout(r, 300));
    expect(readFileSync(outside).length).toBe(size); // nothing appended through the link, no worker still running
  });

  it('an event callback that throws fails the sweep the same way', async () => {
    const { base, dir } = setup(({ t }) => ({ t }));
    await expect(
      runSweep({
        ...base,
        onEvent: (e) => {
          if (e.type === 'progress') throw new RangeError('Maximum call stack size exceeded');
        },
      }),
    ).rejects.toThrow(RangeError);
    expect(manifestOf(dir)).toMatchObject({ status: 'failed', failure: 'RangeError: Maximum call stack size exceeded' });
  });
});

describe('sweep folder and id', () => {
  it('an id that is not one folder name is refused before anything is written', async () => {
    const { base, root } = setup(square);
    for (const id of ['../escape', '.hidden', 'a/b', '', 'x'.repeat(200)]) {
      await expect(runSweep({ ...base, id })).rejects.toThrow(/sweep id .* must be one folder name/);
    }
    expect(existsSync(join(root, 'runs'))).toBe(false);
    expect(existsSync(join(root, 'escape'))).toBe(false);
  });

  it("another sweep's folder is refused before its checkpoint is touched (its torn tail stays)", async () => {
    const { base, file } = setup(square);
    await runSweep(base);
    const torn = readFileSync(file).subarray(0, readFileSync(file).length - 7);
    writeFileSync(file, torn);
    await expect(runSweep({ ...base, seed: 2 })).rejects.toThrow(/holds a sweep of different code, parameters, seed or stop condition/);
    expect(readFileSync(file).equals(torn)).toBe(true);
    expect(existsSync(`${file}.torn`)).toBe(false);
  });

  it('with a root, a runs/ symlink leaving it is refused and nothing is written outside', async () => {
    const { base, root } = setup(square);
    const outside = tempDir();
    symlinkSync(outside, join(root, 'runs'));
    await expect(runSweep({ ...base, root })).rejects.toThrow(/"runs" is a symlink that leaves the case folder/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('with a root, a runs/ symlink inside the case is followed', async () => {
    const { base, root } = setup(square);
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'runs'));
    const s = await runSweep({ ...base, root });
    expect(s.status).toBe('complete');
    expect(existsSync(join(root, 'elsewhere', 's', POINTS_FILE))).toBe(true);
  });
});

describe('names read through the prototype', () => {
  it('a grid parameter named __proto__ is refused, naming the file and the parameter', () => {
    const spec = JSON.parse('{"parameters":{"__proto__":[1,2],"a":[1]}}');
    expect(() => parseSweepSpec(spec, 'g.json')).toThrow(
      /^g\.json: \/parameters\/__proto__: "__proto__" cannot be a parameter or field name/,
    );
  });

  it('constructor, prototype and toString are ordinary own parameters', () => {
    const spec = parseSweepSpec(JSON.parse('{"parameters":{"constructor":[1,2],"prototype":["p"],"toString":[true,false]}}'), 'g.json');
    expect(pointCount(spec)).toBe(4);
    const p = pointAt(spec, 3);
    expect(Object.keys(p)).toEqual(['constructor', 'prototype', 'toString']);
    expect(p).toEqual({ constructor: 2, prototype: 'p', toString: false });
    expect(Object.hasOwn(p, 'constructor')).toBe(true);
  });

  it('--stop-on constructor and toString read only own fields: no false violation, a real one is found', async () => {
    for (const field of ['constructor', 'toString', 'hasOwnProperty']) {
      const { base } = setup(({ t }) => ({ t }), { stopOn: field });
      const s = await runSweep(base);
      expect(s.firstViolation).toBeNull();
      expect(s.status).toBe('complete');
    }
    const { base } = setup(({ t }) => ({ t, constructor: t === 3 }), { stopOn: 'constructor' });
    const s = await runSweep(base);
    expect(s).toMatchObject({ status: 'stopped', firstViolation: { index: 2 } });
  });

  it('runSweep refuses stopOn __proto__ before preparing anything', async () => {
    const { base, runner, root } = setup(square);
    await expect(runSweep({ ...base, stopOn: '__proto__' })).rejects.toThrow(/stop-on field: "__proto__" cannot be/);
    expect(runner.runs).toEqual([]);
    expect(existsSync(join(root, 'runs'))).toBe(false);
  });

  it('the CLI refuses --stop-on __proto__, --param __proto__=... and a grid file naming __proto__ with exit 2 and one line', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'case.json'), '{}');
    moduleIn(root);
    writeFileSync(join(root, 'g.json'), '{"parameters":{"__proto__":[1,2]}}');
    const cases: [string[], RegExp][] = [
      [['--horizon', '2', '--stop-on', '__proto__'], /^recheck: sweep: --stop-on: "__proto__" cannot be a parameter or field name/],
      [['--param', '__proto__=1,2'], /^recheck: --param: \/parameters\/__proto__: "__proto__" cannot be/],
      [['--grid', 'g.json'], /^recheck: g\.json: \/parameters\/__proto__: "__proto__" cannot be/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(['sweep', 'point.mjs', ...args], root);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(join(root, 'runs'))).toBe(false);
  });
});

describe.skipIf(c === null)('real sandbox', () => {
  it('a program printing a 200,000-level result: the sweep ends and its manifest is not left at "running"', async () => {
    const root = tempDir();
    const modulePath = moduleIn(
      root,
      `export default ({ t }) => {
  if (t === 2) process.stdout.write('{"type":"result","value":' + '['.repeat(200000) + ']'.repeat(200000) + '}\\n');
  return { t };
};`,
    );
    const base = {
      modulePath,
      spec: { horizon: 3 },
      seed: 1,
      jobs: 1,
      runsDir: join(root, 'runs'),
      id: 'deep',
      runner: nodeChildRunner(c!),
    };
    const s = await runSweep(base);
    expect(s.status).toBe('complete');
    expect(s.done).toBe(3);
    expect(manifestOf(join(root, 'runs', 'deep')).status).toBe('complete');
    // However the host classifies it (a failed point, or the program's own result), the checkpoint holds a line for it.
    expect((await readCheckpoint(s.dir)).points.get(1)).toBeDefined();
    appendFileSync(join(s.dir, POINTS_FILE), ''); // the file stays appendable
  });
});
