// Property-based fuzzing of every file-reading command (issue 9, finding 8): from a valid input file, fast-check
// derives malformed ones (random bytes, truncations, byte mutations, BOMs, NULs, invalid UTF-8, huge numbers,
// deep nesting, duplicate and `__proto__` keys) and runs the CLI in process on each. Whatever the file, the
// command exits 0, 1 or 2, never 3; exit 2 writes exactly one line on stderr naming the file; with --json a
// success prints exactly one JSON document. Seeded, bounded runs: the file runs in a few seconds.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli';
import { tempDir, writeMinimalCase } from '../helpers/temp-case';
import { parseCsv } from '../../app/tables/csv';
import { readCsvFile } from '../../app/tables/csv';
import { readJsonFile } from '../../app/tables/json-file';
import { auditPaddingTable } from '../../app/tables/padding-table';
import { BadInputError } from '../../app/errors';

const SEED = 20261130;
const enc = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

// ---- valid inputs -------------------------------------------------------------------------------------------

const FIT_CSV = `k,additive,se\n${[2, 4, 8, 16, 32, 64, 128, 256].map((k, i) => `${k},${(0.5 + 0.25 * Math.log(k) + (i % 2 ? 0.004 : -0.004)).toFixed(5)},0.01`).join('\n')}\n`;
const PADDING_CSV =
  'model,seq,pos,token,nll\nbig,a,3,2,0.01\nbig,a,0,7,1.0\nsmall,a,0,7,1.4\nbig,a,1,2,0.2\nbig,a,2,2,0.01\nsmall,a,1,2,0.3\nsmall,a,2,2,0.02\nsmall,a,3,2,0.02\n';
const LEDGER_CSV = 'paper,claim,logbook,verdict\nP1,C1,L1,verified\nP1,C1,L2,falsified\nP2,C1,L3,toy\nP2,C2,L3,inconclusive\n';
const LEDGER_JSON = JSON.stringify([
  {
    paper: 'P1',
    logbook: 'L1',
    claims: [
      { id: 'C1', verdict: 'verified' },
      { id: 'C2', verdict: 'falsified' },
    ],
  },
  { paper_id: 'P2', space_id: 'u/x', claims: { C1: 'toy' } },
]);
const LEDGER_JSONL = `${JSON.stringify({ space_id: 'u/a', paper_id: 'P1', claims: [{ claim: 'C1', verdict: 'verified' }] })}\n${JSON.stringify({ space_id: 'u/b', paper_id: 'P1', claims: [{ claim: 'C1', verdict: 'falsified' }] })}\n`;
const UNITS_JSON = JSON.stringify({
  format: 'recheck.units/1',
  definitions: ['batch = 32 trajectory'],
  quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectory' },
  claim: { numerator: 'method', denominator: 'baseline', ratio: 8, relTol: 0.05 },
});
// c = 10, first exit at step 5: a few milliseconds of exact arithmetic, so mutations stay cheap.
const CERT_JSON = JSON.stringify({
  format: 'recheck.certificate/1',
  dynamic: 'fw-attention',
  params: { c: 10 },
  points: [
    ['-3', '1/4'],
    ['-3', '-3'],
    ['-1/3', '-7/4'],
    [3, '0.5'],
  ],
  claim: { kind: 'origin-leaves-hull', step: 5 },
});

// ---- malformed inputs ---------------------------------------------------------------------------------------

const INVALID_UTF8 = [[0xff], [0xfe], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0xe2, 0x82]];
const INTERESTING = [
  0x00, 0x22, 0x2c, 0x0a, 0x0d, 0x7b, 0x7d, 0x5b, 0x5d, 0x3a, 0x2d, 0x2e, 0x30, 0x39, 0x65, 0x5c, 0x20, 0xef, 0xbb, 0xbf,
];
const HUGE_NUMBERS = ['1e308', '1e999', '-1e999', '9007199254740993', '1e-400', '-0', `1${'0'.repeat(400)}`, '0x10', 'NaN', 'Infinity'];

/** A byte-level edit of the file. */
type Edit = (b: Uint8Array) => Uint8Array;

const at = (b: Uint8Array, n: number) => (b.length === 0 ? 0 : n % (b.length + 1));
const splice = (b: Uint8Array, i: number, del: number, ins: readonly number[]) =>
  new Uint8Array([...b.subarray(0, i), ...ins, ...b.subarray(i + del)]);

const byteEdit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.nat(), fc.constantFrom(...INTERESTING)).map(
    ([n, c]): Edit =>
      (b) =>
        splice(b, at(b, n), 1, [c]),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(
    ([n, c]): Edit =>
      (b) =>
        splice(b, at(b, n), 0, [c]),
  ),
  fc.nat().map(
    (n): Edit =>
      (b) =>
        splice(b, at(b, n), 1, []),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...INVALID_UTF8)).map(
    ([n, bad]): Edit =>
      (b) =>
        splice(b, at(b, n), 0, bad),
  ),
  fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([n, m, k]): Edit => (b) => {
    const from = at(b, n);
    const len = Math.min(40, m % 41);
    return splice(b, at(b, k), 0, [...b.subarray(from, from + len)]);
  }),
  fc.nat().map(
    (n): Edit =>
      (b) =>
        b.subarray(0, at(b, n)),
  ),
);

/** Replaces the n-th run of digits (a number) with a huge, tiny or not-quite number. */
const hugeNumber: fc.Arbitrary<Edit> = fc.tuple(fc.nat(), fc.constantFrom(...HUGE_NUMBERS)).map(([n, huge]): Edit => (b) => {
  const text = Buffer.from(b).toString('latin1');
  const runs = [...text.matchAll(/\d+(\.\d+)?/g)];
  if (runs.length === 0) return b;
  const m = runs[n % runs.length] as RegExpMatchArray;
  return new Uint8Array(Buffer.from(text.slice(0, m.index) + huge + text.slice((m.index as number) + m[0].length), 'latin1'));
});

/** Malformed variants of a valid file common to every format. */
function malformed(valid: string, extra: fc.Arbitrary<Uint8Array>[] = []): fc.Arbitrary<Uint8Array> {
  const bytes = enc(valid);
  const edited = fc
    .array(fc.oneof(byteEdit, hugeNumber), { minLength: 1, maxLength: 3 })
    .map((edits) => edits.reduce<Uint8Array>((b, e) => e(b), bytes));
  return fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    edited,
    edited.map((b) => new Uint8Array([0xef, 0xbb, 0xbf, ...b])),
    fc.constant(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])),
    fc.constant(new Uint8Array(0)),
    fc.nat().map((n) => splice(bytes, at(bytes, n), 0, [0, 0, 0])),
    ...extra,
  );
}

/** JSON-specific damage: deep nesting, `__proto__` and duplicate keys, values of the wrong type. */
function malformedJson(valid: string): fc.Arbitrary<Uint8Array> {
  const keys = [...valid.matchAll(/"([A-Za-z_]+)":/g)].map((m) => m[1] as string);
  const braces = [...valid.matchAll(/\{/g)].map((m) => m.index as number);
  const inject = fc
    .tuple(
      fc.nat(),
      fc.constantFrom('__proto__', 'constructor', ...keys),
      fc.constantFrom('null', '1', '"x"', '{}', '[]', '{"__proto__": {"polluted": 1}}', '1e999'),
    )
    .map(([n, key, value]) => {
      const i = (braces[n % braces.length] as number) + 1;
      return enc(`${valid.slice(0, i)}"${key}": ${value}, ${valid.slice(i)}`);
    });
  const deep = fc.constantFrom(300, 5_000, 100_000).map((d) => enc(`${'['.repeat(d)}${valid}${']'.repeat(d)}`));
  const deepInside = fc.tuple(fc.nat(), fc.constantFrom(257, 20_000)).map(([n, d]) => {
    const i = (braces[n % braces.length] as number) + 1;
    return enc(`${valid.slice(0, i)}"deep": ${'['.repeat(d)}${']'.repeat(d)}, ${valid.slice(i)}`);
  });
  const retyped = fc
    .tuple(fc.nat(), fc.constantFrom('null', 'true', '[]', '{}', '"s"', '-1', '0', '1.5', '"\\u0000\\n\\u2028"'))
    .map(([n, v]) => {
      const values = [...valid.matchAll(/:\s*("[^"]*"|-?\d+(\.\d+)?|\[[^[\]]*\]|true|false|null)/g)];
      if (values.length === 0) return enc(valid);
      const m = values[n % values.length] as RegExpMatchArray;
      const start = (m.index as number) + m[0].indexOf(m[1] as string);
      return enc(valid.slice(0, start) + v + valid.slice(start + (m[1] as string).length));
    });
  return malformed(valid, [inject, deep, deepInside, retyped]);
}

/** CSV-specific damage: rows cut short or too long, stray quotes, odd line breaks. */
function malformedCsv(valid: string): fc.Arbitrary<Uint8Array> {
  const lines = valid.split('\n');
  const lineEdit = fc
    .tuple(fc.nat(), fc.constantFrom('', ',', ',,', '"', '"a', 'a"b', '\r', '\r\n', ' , ', '"x"y', '=1+1', '\u2028'))
    .map(([n, s]) => {
      const i = 1 + (n % Math.max(1, lines.length - 2));
      const copy = [...lines];
      copy[i] = (copy[i] as string).slice(0, (n >> 4) % ((copy[i] as string).length + 1)) + s;
      return enc(copy.join('\n'));
    });
  const headerOnly = fc.constant(enc(`${lines[0]}\n`));
  const noFinalBreak = fc.constant(enc(valid.replace(/\n$/, '')));
  return malformed(valid, [lineEdit, headerOnly, noFinalBreak]);
}

// ---- the properties -----------------------------------------------------------------------------------------

type Result = Awaited<ReturnType<typeof cli>>;

/** What every run must satisfy, whatever the input. */
function expectWellBehaved(r: Result, file: string, json: boolean, reportOnBadInput = false): void {
  expect([0, 1, 2], `exit ${r.code}: ${r.stderr}`).toContain(r.code);
  if (r.code === 2) {
    // `recheck run` records the run whole before it exits 2 for a check's bad input: with --json its report is the one document.
    if (reportOnBadInput && json && r.stdout !== '') expect(() => JSON.parse(r.stdout), r.stdout.slice(0, 200)).not.toThrow();
    else expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n'), r.stderr).toBe(true);
    const line = r.stderr.slice(0, -1);
    expect(line, r.stderr).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(line.startsWith('recheck: '), r.stderr).toBe(true);
    expect(line, r.stderr).toContain(file);
  } else if (json) {
    expect(() => JSON.parse(r.stdout), r.stdout.slice(0, 200)).not.toThrow();
  }
}

interface Target {
  readonly name: string;
  readonly file: string;
  readonly inputs: fc.Arbitrary<Uint8Array>;
  readonly args: (file: string) => string[];
  readonly json: boolean;
  readonly numRuns: number;
}

const targets: Target[] = [
  {
    name: 'fit',
    file: 'f.csv',
    inputs: malformedCsv(FIT_CSV),
    args: (f) => ['fit', f, '--x', 'k', '--y', 'additive', '--se', 'se', '--json'],
    json: true,
    numRuns: 150,
  },
  {
    name: 'fit (unweighted, human report)',
    file: 'g.csv',
    inputs: malformedCsv(FIT_CSV),
    args: (f) => ['fit', f, '--x', 'k', '--y', 'additive'],
    json: false,
    numRuns: 60,
  },
  {
    name: 'audit padding',
    file: 'p.csv',
    inputs: malformedCsv(PADDING_CSV),
    args: (f) => ['audit', 'padding', f, '--pad-token', '2', '--baseline', 'big', '--json'],
    json: true,
    numRuns: 150,
  },
  { name: 'ledger (CSV)', file: 'v.csv', inputs: malformedCsv(LEDGER_CSV), args: (f) => ['ledger', f, '--json'], json: true, numRuns: 150 },
  {
    name: 'ledger (JSON)',
    file: 'v.json',
    inputs: malformedJson(LEDGER_JSON),
    args: (f) => ['ledger', f, '--json'],
    json: true,
    numRuns: 150,
  },
  {
    name: 'ledger (JSON Lines)',
    file: 'v.jsonl',
    inputs: malformedJson(LEDGER_JSONL),
    args: (f) => ['ledger', f, '--json'],
    json: true,
    numRuns: 100,
  },
  {
    name: 'audit units',
    file: 'q.json',
    inputs: malformedJson(UNITS_JSON),
    args: (f) => ['audit', 'units', f, '--json'],
    json: true,
    numRuns: 150,
  },
  { name: 'verify', file: 'c.json', inputs: malformedJson(CERT_JSON), args: (f) => ['verify', f, '--json'], json: true, numRuns: 150 },
  {
    name: 'search',
    file: 's.json',
    inputs: malformedJson(CERT_JSON),
    args: (f) => ['search', f, '--horizon', '6', '--json'],
    json: true,
    numRuns: 100,
  },
];

describe('every file-reading command exits 0, 1 or 2 on malformed input, with one line naming the file', () => {
  for (const t of targets) {
    it(t.name, async () => {
      const dir = tempDir();
      await fc.assert(
        fc.asyncProperty(t.inputs, async (bytes) => {
          writeFileSync(join(dir, t.file), bytes);
          expectWellBehaved(await cli(t.args(t.file), dir), t.file, t.json);
        }),
        { numRuns: t.numRuns, seed: SEED },
      );
    });
  }

  it('validate and run (a malformed case.json, or a malformed file its check reads)', async () => {
    const root = tempDir();
    const dir = writeMinimalCase(root);
    writeFileSync(join(dir, 'sandbox', 'q.json'), UNITS_JSON);
    const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    j.falsifications[0].checks[0] = { id: 'units', kind: 'units-audit', title: 'units', params: { quantities: 'sandbox/q.json' } };
    const caseJson = JSON.stringify(j);
    await fc.assert(
      fc.asyncProperty(malformedJson(caseJson), async (bytes) => {
        writeFileSync(join(dir, 'case.json'), bytes);
        expectWellBehaved(await cli(['validate', dir, '--json'], root), dir, true);
      }),
      { numRuns: 150, seed: SEED },
    );
    writeFileSync(join(dir, 'case.json'), caseJson);
    await fc.assert(
      fc.asyncProperty(malformedJson(UNITS_JSON), async (bytes) => {
        writeFileSync(join(dir, 'sandbox', 'q.json'), bytes);
        const r = await cli(['run', dir, '--no-record', '--json'], root);
        // A check that meets bad input fails inside the run (the decision is inconclusive): its report, then exit 2 and one line.
        expectWellBehaved(r, dir, true, true);
      }),
      { numRuns: 40, seed: SEED },
    );
  });
});

describe('the table readers throw BadInputError (naming the file) or succeed, nothing else', () => {
  const inputs: [string, fc.Arbitrary<Uint8Array>][] = [
    ['fit table', malformedCsv(FIT_CSV)],
    ['padding table', malformedCsv(PADDING_CSV)],
    ['ledger table', malformedCsv(LEDGER_CSV)],
  ];
  for (const [name, arb] of inputs) {
    it(`${name}: readCsvFile, parseCsv and the padding audit`, async () => {
      const dir = tempDir();
      await fc.assert(
        fc.asyncProperty(arb, async (bytes) => {
          writeFileSync(join(dir, 't.csv'), bytes);
          try {
            const table = await readCsvFile(join(dir, 't.csv'), 't.csv');
            for (const row of table.rows) expect(row.values).toHaveLength(table.columns.length);
            auditPaddingTable(table, '2');
          } catch (err) {
            expect(err).toBeInstanceOf(BadInputError);
            expect((err as BadInputError).message.startsWith('t.csv: ')).toBe(true);
          }
          try {
            parseCsv(Buffer.from(bytes).toString('utf8'), 't.csv');
          } catch (err) {
            expect(err).toBeInstanceOf(BadInputError);
          }
        }),
        { numRuns: 200, seed: SEED },
      );
    });
  }

  it('readJsonFile', async () => {
    const dir = tempDir();
    await fc.assert(
      fc.asyncProperty(malformedJson(UNITS_JSON), async (bytes) => {
        writeFileSync(join(dir, 'd.json'), bytes);
        try {
          const doc = await readJsonFile(join(dir, 'd.json'), 'd.json');
          expect(() => JSON.stringify(doc)).not.toThrow();
        } catch (err) {
          expect(err).toBeInstanceOf(BadInputError);
          expect((err as BadInputError).message.startsWith('d.json: ')).toBe(true);
        }
      }),
      { numRuns: 200, seed: SEED },
    );
  });
});
