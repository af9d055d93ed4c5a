// Issue 9, finding 8: every malformed input to a file-reading command is reported as bad input (exit 2, one
// line on stderr naming the file, the place and the problem), never exit 3, never silently accepted, never a
// hang. Each case here reproduces one report of the attack and runs the CLI in process (test/helpers/cli.ts).
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';

type Result = Awaited<ReturnType<typeof cli>>;

/** Exit 2 with exactly one line on stderr that names `file` (and matches `problem` when given). */
function expectBadInput(r: Result, file: string, problem?: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.slice(0, -1)).not.toMatch(/[\n\r\u2028\u2029]/);
  expect(r.stderr).toContain(file);
  if (problem !== undefined) expect(r.stderr).toMatch(problem);
}

const units = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'recheck.units/1',
    definitions: ['batch = 32 trajectory'],
    quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectory' },
    claim: { numerator: 'method', denominator: 'baseline', ratio: 8, relTol: 0.05 },
    ...over,
  });

const certificate = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'recheck.certificate/1',
    dynamic: 'fw-attention',
    params: { c: 200 },
    points: [
      ['-3', '1/4'],
      ['-3', '-3'],
      ['-1/3', '-7/4'],
      ['3', '1/2'],
    ],
    claim: { kind: 'origin-leaves-hull', step: 2 },
    ...over,
  });

/** A minimal valid case whose one check is a real kind (units-audit on sandbox/q.json), for `validate` and `run`. */
function unitsCase(root = tempDir(), params: Record<string, unknown> = { quantities: 'sandbox/q.json' }, kind = 'units-audit'): string {
  const dir = writeMinimalCase(root);
  writeFileSync(join(dir, 'sandbox', 'q.json'), units());
  const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
  j.falsifications[0].checks[0] = { id: 'c1', kind, title: 'a check', params };
  writeFileSync(join(dir, 'case.json'), JSON.stringify(j));
  return dir;
}

const sweep = (n: number) => {
  const rows = ['k,additive,se'];
  for (let i = 0; i < n; i++) rows.push(`${2 + i},${0.5 + 0.25 * Math.log(2 + i) + (i % 2 === 0 ? 0.004 : -0.004)},0.01`);
  return `${rows.join('\n')}\n`;
};

describe('fit is linear in the number of rows', () => {
  // No time is asserted: before the fix this test never finished (vitest's timeout failed it).
  it('fits 150,000 rows (was quadratic: 10,000 rows took 18 s) with one prefix fit per distinct x', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'big.csv'), sweep(150_000));
    const r = await cli(['fit', 'big.csv', '--x', 'k', '--y', 'additive', '--se', 'se', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.n).toBe(150_000);
    // The horizon starts where the minimums are met (6 distinct x and a decade of x: k = 2..20, the first 19 rows).
    expect(doc.prefix).toHaveLength(150_000 - 18);
    expect(doc.prefix.at(-1).b).toBeCloseTo(doc.models.find((m: { name: string }) => m.name === 'log').params.b, 9);
    // The human report stays short; the plot draws a sample (150,000 points overflowed the plot's Math.min(...xs)).
    const human = await cli(['fit', 'big.csv', '--x', 'k', '--y', 'additive', '--plot', 'big.svg'], dir);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout.split('\n').length).toBeLessThan(100);
    expect(human.stdout).toMatch(/; \d\d of 149982 prefixes shown, --json lists all/);
    expect(readFileSync(join(dir, 'big.svg'), 'utf8').match(/<circle/g)?.length).toBeLessThanOrEqual(20_000 + 10);
  });
});

describe('verify: a certificate beyond the documented size', () => {
  it('1,000,000 points is bad input with a one-line reason (was exit 3: Map maximum size exceeded)', async () => {
    const dir = tempDir();
    const points = (n: number) => Array.from({ length: n }, (_, i) => [String((i % 7) - 3), String((i % 5) - 2)]);
    writeFileSync(join(dir, 'big.json'), certificate({ points: points(1_000_000) }));
    expectBadInput(await cli(['verify', 'big.json'], dir), 'big.json', /JSON with more than 1000000 values/);
    writeFileSync(join(dir, 'many.json'), certificate({ points: points(1001) }));
    expectBadInput(await cli(['verify', 'many.json'], dir), 'many.json', /many\.json: \/points: 1001 points; at most 1000/);
    expectBadInput(await cli(['search', 'many.json', '--horizon', '3'], dir), 'many.json', /\/points: 1001 points/);
  });

  it("a claimed step, a coordinate or c beyond the format's limits is bad input naming the place", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'step.json'), certificate({ claim: { kind: 'origin-leaves-hull', step: 1e9 } }));
    expectBadInput(await cli(['verify', 'step.json'], dir), 'step.json', /\/claim\/step: step 1000000000; at most 100000/);
    writeFileSync(
      join(dir, 'exp.json'),
      certificate({
        points: [
          ['1e999999', '1'],
          ['-1', '1'],
          ['0', '-1'],
        ],
      }),
    );
    expectBadInput(await cli(['verify', 'exp.json'], dir), 'exp.json', /\/points\/0\/0: decimal exponent 999999/);
    writeFileSync(join(dir, 'c.json'), certificate({ params: { c: Number.MAX_SAFE_INTEGER } }));
    expectBadInput(await cli(['verify', 'c.json'], dir), 'c.json', /\/params\/c: c must be an integer/);
    expectBadInput(await cli(['search', 'c.json', '--horizon', '1000000'], dir), 'search', /--horizon must be an integer from 0 to 100000/);
  });
});

describe('audit units', () => {
  it('keeps a quantity named __proto__ (was silently dropped)', async () => {
    const dir = tempDir();
    // JSON.stringify drops an own __proto__ key built with an object literal: write the text by hand.
    writeFileSync(
      join(dir, 'q.json'),
      '{"format": "recheck.units/1", "definitions": ["batch = 32 trajectory"], "quantities": {"__proto__": "6.4 s/batch", "baseline": "0.8 s/trajectory"}, "claim": {"numerator": "__proto__", "denominator": "baseline", "ratio": 0.25}}',
    );
    const r = await cli(['audit', 'units', 'q.json', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.normalized)).toEqual(['__proto__', 'baseline']);
    expect(out.ratio).toBeCloseTo(0.25, 12);
    expect(out.claimHolds).toBe(true);
    const human = await cli(['audit', 'units', 'q.json'], dir);
    expect(human.stdout).toMatch(/__proto__: 6\.4 s\/batch/);
  });

  it('a zero denominator is bad input naming the quantity (was ratio: null)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'z.json'), units({ quantities: { method: '6.4 s/batch', baseline: '0 s/trajectory' } }));
    expectBadInput(await cli(['audit', 'units', 'z.json', '--json'], dir), 'z.json', /quantities\.baseline: .*zero/);
  });

  it('a ratio that overflows float64 is bad input, not null', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'o.json'), units({ quantities: { method: '1e300 s/batch', baseline: '1e-300 s/trajectory' } }));
    expectBadInput(await cli(['audit', 'units', 'o.json', '--json'], dir), 'o.json', /claim: the ratio method \/ baseline overflows/);
  });
});

describe('ledger', () => {
  it('two paper names that differ only in invalid UTF-8 bytes are bad input naming the line (were merged)', async () => {
    const dir = tempDir();
    const text = Buffer.concat([
      Buffer.from('paper,claim,logbook,verdict\nP'),
      Buffer.from([0xff]),
      Buffer.from(',C1,L1,verified\nP'),
      Buffer.from([0xfe]),
      Buffer.from(',C1,L2,falsified\n'),
    ]);
    writeFileSync(join(dir, 'v.csv'), text);
    expectBadInput(await cli(['ledger', 'v.csv', '--json'], dir), 'v.csv', /line 2: .*UTF-8/);
    writeFileSync(
      join(dir, 'v.json'),
      Buffer.concat([
        Buffer.from('[{"paper": "P'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('", "logbook": "L", "claims": {"C1": "verified"}}]'),
      ]),
    );
    expectBadInput(await cli(['ledger', 'v.json'], dir), 'v.json', /line 1: .*UTF-8/);
  });

  it('an empty JSON file is bad input (was exit 0)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'empty.json'), '');
    expectBadInput(await cli(['ledger', 'empty.json'], dir), 'empty.json', /empty/);
    writeFileSync(join(dir, 'blank.jsonl'), '\n  \n');
    expectBadInput(await cli(['ledger', 'blank.jsonl'], dir), 'blank.jsonl', /empty|no verdicts/);
    writeFileSync(join(dir, 'none.json'), '[]');
    expectBadInput(await cli(['ledger', 'none.json'], dir), 'none.json', /no verdicts/);
  });

  it('a paper name with a line break gives a one-line message', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'v.json'),
      JSON.stringify([
        { paper: 'P\nQ', logbook: 'L', claims: { C1: 'verified' } },
        { paper: 'P\nQ', logbook: 'L', claims: { C1: 'falsified' } },
      ]),
    );
    expectBadInput(await cli(['ledger', 'v.json'], dir), 'v.json', /contradicts/);
  });
});

describe('audit padding', () => {
  it('a negative nll or pos is bad input naming the line (was accepted)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'n.csv'), 'seq,pos,token,nll\ns1,0,5,2\ns1,1,0,-0.5\ns1,2,0,0\n');
    expectBadInput(await cli(['audit', 'padding', 'n.csv', '--pad-token', '0'], dir), 'n.csv', /line 3: .*nll -0\.5/);
    writeFileSync(join(dir, 'p.csv'), 'seq,pos,token,nll\ns1,0,5,2\ns1,-1,0,0.5\ns1,2,0,0\n');
    expectBadInput(await cli(['audit', 'padding', 'p.csv', '--pad-token', '0'], dir), 'p.csv', /line 3: .*pos -1/);
  });
});

describe('CSV tables', () => {
  it('a truncated last row is bad input naming the line, in every table reader', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'fit.csv'), 'k,additive,se\n2,0.5,0.01\n4,0.8,0.01\n8,1.0,0.01\n16,1');
    expectBadInput(await cli(['fit', 'fit.csv', '--x', 'k', '--y', 'additive'], dir), 'fit.csv', /line 5: 2 fields, expected 3/);
    writeFileSync(join(dir, 'fit2.csv'), 'k,additive,se\n2,0.5,0.01\n4,0.8,0.01\n8,1.0,0.01\n16,1.2,');
    expectBadInput(await cli(['fit', 'fit2.csv', '--x', 'k', '--y', 'additive'], dir), 'fit2.csv', /line 5: .*empty/);
    writeFileSync(join(dir, 'pad.csv'), 'seq,pos,token,nll\ns1,0,5,2\ns1,1,0,0.5\ns1,2');
    expectBadInput(await cli(['audit', 'padding', 'pad.csv', '--pad-token', '0'], dir), 'pad.csv', /line 4: 2 fields, expected 4/);
    writeFileSync(join(dir, 'v.csv'), 'paper,claim,logbook,verdict\nP1,C1,L1,verified\nP1,C1');
    expectBadInput(await cli(['ledger', 'v.csv'], dir), 'v.csv', /line 3: 2 fields, expected 4/);
  });

  it('numbers are decimal: hex, binary and "Infinity" cells are bad input naming line and column', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'hex.csv'), 'k,y\n2,0x10\n4,2\n8,3\n');
    expectBadInput(
      await cli(['fit', 'hex.csv', '--x', 'k', '--y', 'y'], dir),
      'hex.csv',
      /line 2: column "y": "0x10" is not a decimal number/,
    );
  });

  it('a header column name with a line break gives a one-line message', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'h.csv'), '"k\nx",y\n2,1\n4,2\n8,3\n');
    expectBadInput(await cli(['fit', 'h.csv', '--x', 'k', '--y', 'y'], dir), 'h.csv', /no column "k"/);
  });
});

describe('a UTF-8 byte order mark is read, never refused or glued to a name', () => {
  const BOM = '\ufeff';
  it('BOM-prefixed JSON is read by audit units, verify, search and ledger', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'q.json'), BOM + units());
    // Read and audited: exit 1 says the example's claimed ratio does not hold (exit 2 would be a refusal).
    expect((await cli(['audit', 'units', 'q.json'], dir)).code).toBe(1);
    writeFileSync(join(dir, 'c.json'), BOM + certificate());
    expect((await cli(['verify', 'c.json'], dir)).code).toBe(1);
    expect((await cli(['search', 'c.json', '--horizon', '3'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'v.json'), BOM + JSON.stringify([{ paper: 'P', logbook: 'L', claims: { C1: 'verified' } }]));
    expect((await cli(['ledger', 'v.json'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'v.jsonl'), BOM + JSON.stringify({ paper: 'P', logbook: 'L', claims: { C1: 'verified' } }));
    expect((await cli(['ledger', 'v.jsonl'], dir)).code).toBe(0);
  });

  it('BOM-prefixed CSV headers name their first column without the BOM', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.csv'), BOM + sweep(10));
    expect((await cli(['fit', 's.csv', '--x', 'k', '--y', 'additive'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'v.csv'), `${BOM}paper,claim,logbook,verdict\nP1,C1,L1,verified\n`);
    expect((await cli(['ledger', 'v.csv'], dir)).code).toBe(0);
  });

  it('a BOM-prefixed case.json validates and runs', async () => {
    const dir = unitsCase();
    writeFileSync(join(dir, 'case.json'), BOM + readFileSync(join(dir, 'case.json'), 'utf8'));
    const r = await cli(['validate', dir], dir);
    expect(r.code, r.stderr).toBe(0);
    expect((await cli(['run', dir, '--no-record'], dir)).code).toBe(0);
  });
});

describe('every CLI error message is one line', () => {
  it('malformed JSON whose parser message quotes a line break', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '{"format":\n}');
    expectBadInput(await cli(['audit', 'units', 'bad.json'], dir), 'bad.json', /malformed JSON/);
    expectBadInput(await cli(['verify', 'bad.json'], dir), 'bad.json', /malformed JSON/);
  });

  it('an option value with a line break', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.csv'), sweep(10));
    expectBadInput(await cli(['fit', 's.csv', '--x', 'k\nz', '--y', 'additive'], dir), 's.csv', /no column "k\\nz"/);
  });
});

describe('check params that are case paths are confined at validation', () => {
  const caseWith = (params: Record<string, unknown>, kind = 'units-audit') => {
    const root = tempDir();
    const dir = writeMinimalCase(root);
    const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    j.falsifications[0].checks[0] = { id: 'c1', kind, title: 'a check', params };
    writeFileSync(join(dir, 'case.json'), JSON.stringify(j));
    return { root, dir };
  };

  it.each([
    [
      'a relative path out',
      { quantities: '../../etc/passwd' },
      'units-audit',
      /\/falsifications\/0\/checks\/0\/params\/quantities: path "\.\.\/\.\.\/etc\/passwd" leaves the case folder/,
    ],
    ['an absolute path', { quantities: '/etc/passwd' }, 'units-audit', /params\/quantities: path "\/etc\/passwd" must be relative/],
    ['growth-fit table', { table: '../x.csv', x: 'k', y: 'y' }, 'growth-fit', /params\/table: path "\.\.\/x\.csv" leaves/],
    [
      'a sweep program',
      { sweep: { program: '../p.ts', grid: { k: [1] }, seed: 1 }, x: 'k', y: 'y' },
      'growth-fit',
      /params\/sweep\/program: path "\.\.\/p\.ts" leaves/,
    ],
    ['a certificate', { certificate: '/tmp/c.json' }, 'fw-certificate', /params\/certificate: path/],
    ['a loss module', { module: '../../loss.mjs', theory: 'forward-kl' }, 'divergence-audit', /params\/module: path/],
  ])('%s fails validate and run', async (_name, params, kind, problem) => {
    const { dir } = caseWith(params, kind);
    expectBadInput(await cli(['validate', dir], dir), 'case.json', problem);
    expectBadInput(await cli(['run', dir, '--no-record'], dir), 'case.json', problem);
  });

  it('a symlink that leaves the case fails validate', async () => {
    const { root, dir } = caseWith({ quantities: 'sandbox/q.json' });
    writeFileSync(join(root, 'outside.json'), units());
    symlinkSync(join(root, 'outside.json'), join(dir, 'sandbox', 'q.json'));
    expectBadInput(
      await cli(['validate', dir], dir),
      'case.json',
      /params\/quantities: path "sandbox\/q\.json" is a symlink that leaves the case folder/,
    );
  });

  it('a symlink that stays inside the case is followed', async () => {
    const { dir } = caseWith({ quantities: 'sandbox/q.json' });
    writeFileSync(join(dir, 'sandbox', 'real.json'), units());
    symlinkSync('real.json', join(dir, 'sandbox', 'q.json'));
    expect((await cli(['validate', dir], dir)).code).toBe(0);
    const r = await cli(['run', dir, '--no-record', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).falsifications[0].checks[0].outcome).toBe('refutes');
  });
});

describe('the case loader', () => {
  it('refuses a logbook folder that is a symlink leaving the case', async () => {
    const root = tempDir();
    const dir = writeMinimalCase(root);
    mkdirSync(join(root, 'elsewhere'));
    writeFileSync(join(root, 'elsewhere', 'a.md'), '# a\n');
    execFileSync('rm', ['-r', join(dir, 'logbook')]);
    symlinkSync(join(root, 'elsewhere'), join(dir, 'logbook'));
    expectBadInput(
      await cli(['validate', dir], dir),
      'case.json',
      /\/logbooks\/0\/path: path "logbook" is a symlink that leaves the case folder/,
    );
  });

  it('refuses a paper.md that is a symlink leaving the case', async () => {
    const root = tempDir();
    const dir = unitsCase(root);
    writeFileSync(join(root, 'secret.md'), 'secret\n');
    execFileSync('rm', [join(dir, 'paper.md')]);
    symlinkSync(join(root, 'secret.md'), join(dir, 'paper.md'));
    expectBadInput(await cli(['validate', dir], dir), 'paper.md', /symlink that leaves the case folder/);
  });

  it('refuses a case.json that is a fifo (without hanging) or too large', async () => {
    const dir = writeMinimalCase(tempDir());
    execFileSync('rm', [join(dir, 'case.json')]);
    execFileSync('mkfifo', [join(dir, 'case.json')]);
    expectBadInput(await cli(['validate', dir], dir), 'case.json', /fifo/);
    const big = writeMinimalCase(tempDir());
    writeFileSync(join(big, 'case.json'), ' '.repeat(5 * 1024 * 1024));
    expectBadInput(await cli(['validate', big], big), 'case.json', /over the limit/);
  });

  it('refuses a case.json nested too deep', async () => {
    const dir = writeMinimalCase(tempDir());
    writeFileSync(join(dir, 'case.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expectBadInput(await cli(['validate', dir], dir), 'case.json', /nested deeper/);
  });
});

describe('inputs that are not regular files', () => {
  it('a fifo is refused by every file-reading command without hanging', async () => {
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'f.csv')]);
    execFileSync('mkfifo', [join(dir, 'f.json')]);
    expectBadInput(await cli(['fit', 'f.csv', '--x', 'k', '--y', 'y'], dir), 'f.csv', /fifo/);
    expectBadInput(await cli(['audit', 'padding', 'f.csv', '--pad-token', '0'], dir), 'f.csv', /fifo/);
    expectBadInput(await cli(['ledger', 'f.csv'], dir), 'f.csv', /fifo/);
    expectBadInput(await cli(['ledger', 'f.json'], dir), 'f.json', /fifo/);
    expectBadInput(await cli(['audit', 'units', 'f.json'], dir), 'f.json', /fifo/);
    expectBadInput(await cli(['verify', 'f.json'], dir), 'f.json', /fifo/);
    expectBadInput(await cli(['search', 'f.json', '--horizon', '2'], dir), 'f.json', /fifo/);
  });

  it('a folder is refused', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'd.json'));
    expectBadInput(await cli(['audit', 'units', 'd.json'], dir), 'd.json', /folder/);
  });

  it("a symlink given on the command line is the user's own choice and is followed", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.json'), units());
    symlinkSync('real.json', join(dir, 'link.json'));
    expect((await cli(['audit', 'units', 'link.json'], dir)).code).toBe(1); // read and audited; its claim does not hold
  });
});
