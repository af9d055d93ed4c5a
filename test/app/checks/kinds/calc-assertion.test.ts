// The calc-assertion check kind, called directly and through a case run: the outcome by `meaning` against
// mpmath's truth of random assertions, cannot tell as neutral with its reason, the guarantee (exact or
// enclosure) and basis (logbook for numbers alone, recomputed when Recheck evaluates something), the decision
// through the gates (an exact recomputed result is a certificate; a comparison of the logbook's numbers alone
// misses the claim-fails gate), bad input naming case.json and the column, and its letter words, every number
// of which lies in the result's evidence (test/app/letters/claim-check.ts).
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { calcAssertionKind, defaultBasis, type CalcAssertionParams } from '../../../../app/checks/kinds/calc-assertion';
import { calcAssertionWords } from '../../../../app/checks/kinds/calc-assertion.words';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { basisOf, guaranteeOf, type CheckResult } from '../../../../app/checks/kind';
import { decide } from '../../../../app/checks/decide';
import { loadCase } from '../../../../app/cases/load';
import { runCase } from '../../../../app/checks/run-case';
import { BadInputError } from '../../../../app/errors';
import { decideAssertion } from '../../../../checkers/calc/assertion';
import { loadMpfr } from '../../../../checkers/precise/mpfr';
import type { CheckResultView, LatestFalsificationReport } from '../../../../common/api/contract';
import { makeTestContext } from '../../../helpers/check-context';
import { PYTHON, pythonModules } from '../../../helpers/required';
import { tempDir, writeMinimalCase } from '../../../helpers/temp-case';
import { claimProblems, numberPool } from '../../letters/claim-check';

const missing = pythonModules(['mpmath']);
const root = tempDir();
const caseDir = writeMinimalCase(root, 'calc');

type Relation = '<' | '<=' | '=' | '!=' | '>=' | '>';
const RELATIONS: readonly Relation[] = ['<', '<=', '=', '!=', '>=', '>'];

interface RandomCase {
  readonly assertion: string;
  readonly py: string;
  readonly relation: Relation;
  readonly meaning: CalcAssertionParams['meaning'];
}

/** ln, sqrt and harmonic numbers against decimals: at least 1e-5 from equality, so always decided. */
const randomCase: fc.Arbitrary<RandomCase> = fc
  .tuple(
    fc.integer({ min: 2, max: 200 }),
    fc.integer({ min: 1, max: 99_999 }),
    fc.constantFrom(...RELATIONS),
    fc.constantFrom('supports-if-true', 'refutes-if-true'),
  )
  .map(([n, c, relation, meaning]) => ({
    assertion: `H_${n} - sqrt(ln(${n})) ${relation} ${c}e-5 * 3`,
    py: `sum(mpf(1)/k for k in range(1, ${n + 1})) - sqrt(log(${n})) - mpf(${c}) * mpf(10)**-5 * 3`,
    relation,
    meaning: meaning as CalcAssertionParams['meaning'],
  }));

const ORACLE = String.raw`
import json, sys
from mpmath import mp, mpf, log, sqrt, sign
mp.dps = 60
print(json.dumps([int(sign(eval(p))) for p in json.load(sys.stdin)]))
`;

let cases: RandomCase[] = [];
let signs: number[] = [];
beforeAll(() => {
  cases = fc.sample(randomCase, { seed: 2026_12_02, numRuns: 50 });
  if (missing === '') {
    const r = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(cases.map((c) => c.py)), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`mpmath oracle failed: ${r.stderr}`);
    signs = JSON.parse(r.stdout) as number[];
  }
});

const run = (params: CalcAssertionParams) => calcAssertionKind.run(params, makeTestContext(caseDir));

/** The view a report holds of a result (as run-case builds it), for the gates and the letter words. */
function view(params: CalcAssertionParams, r: CheckResult, checkId = 'assert'): CheckResultView {
  return {
    falsificationId: 'F1',
    checkId,
    kind: 'calc-assertion',
    title: `Assertion ${checkId}`,
    outcome: r.outcome,
    summary: r.summary,
    evidence: r.evidence,
    artifacts: [],
    durationMs: 1,
    guarantee: guaranteeOf(calcAssertionKind, r),
    basis: basisOf(calcAssertionKind, params, r, 'recomputed'),
  };
}

function truth(relation: Relation, s: number): boolean {
  return { '<': s < 0, '<=': s <= 0, '=': s === 0, '!=': s !== 0, '>=': s >= 0, '>': s > 0 }[relation];
}

describe('calc-assertion kind', () => {
  it('its schema takes the example and refuses a missing or unknown meaning, extra params and a maxBits out of range', () => {
    const registry = createCheckRegistry([calcAssertionKind]);
    expect(registry.validateParams('calc-assertion', calcAssertionKind.example)).toBeNull();
    expect(
      registry.validateParams('calc-assertion', { assertion: '1 < 2', meaning: 'refutes-if-true', maxBits: 256, basis: 'logbook' }),
    ).toBeNull();
    for (const bad of [
      { assertion: '1 < 2' },
      { assertion: '1 < 2', meaning: 'claim-holds' },
      { assertion: '1 < 2', meaning: 'supports-if-true', maxBits: 32 },
      { assertion: '1 < 2', meaning: 'supports-if-true', digits: 5 },
      { assertion: '1 < 2', meaning: 'supports-if-true', basis: 'paper' },
    ])
      expect(registry.validateParams('calc-assertion', bad), JSON.stringify(bad)).not.toBeNull();
  });

  it.skipIf(missing !== '')(
    '50 random assertions: supports or refutes by meaning and mpmath’s truth, enclosure guarantee, evidence the engine’s result',
    async () => {
      const mpfr = await loadMpfr();
      const tally = { supports: 0, refutes: 0 };
      for (const [i, c] of cases.entries()) {
        const r = await run({ assertion: c.assertion, meaning: c.meaning });
        const holds = truth(c.relation, signs[i] as number);
        const want = holds === (c.meaning === 'supports-if-true') ? 'supports' : 'refutes';
        expect(r.outcome, c.assertion).toBe(want);
        expect(r.guarantee).toEqual({ kind: 'enclosure' });
        expect(r.evidence).toEqual({ ...JSON.parse(JSON.stringify(decideAssertion(mpfr, c.assertion))), meaning: c.meaning });
        expect(r.summary).toMatch(holds ? / holds, proven by a rigorous enclosure at \d+ bits/ : / fails, proven by a rigorous enclosure/);
        tally[want]++;
      }
      expect(tally.supports).toBeGreaterThan(10);
      expect(tally.refutes).toBeGreaterThan(10);
    },
  );

  it('exact sides: guarantee exact; cannot tell: neutral, with the reason, never insufficient', async () => {
    const exact = await run({ assertion: 'sum(1/k^2, k, 1, 3) > 1.36', meaning: 'refutes-if-true' });
    expect([exact.outcome, exact.guarantee]).toEqual(['refutes', { kind: 'exact' }]);
    expect(exact.summary).toBe(
      '`sum(1/k^2, k, 1, 3) > 1.36` holds, proven exactly (both sides are rational): lhs - rhs lies in [0.0011111111111111111111, 0.0011111111111111111112].',
    );
    const undecided = await run({ assertion: 'sqrt(2)^2 = 2', meaning: 'supports-if-true', maxBits: 128 });
    expect(undecided.outcome).toBe('neutral');
    expect(undecided.insufficient).toBeUndefined();
    expect(undecided.evidence).not.toHaveProperty('conclusion');
    expect(undecided.summary).toMatch(
      /^Undecided: `sqrt\(2\)\^2 = 2` is neither proven nor disproven with enclosures up to 128 bits .*still encloses 0 at 128 bits/,
    );
  });

  it('basis: logbook for numbers and arithmetic alone, recomputed when it names anything Recheck evaluates; the param overrides', () => {
    expect(defaultBasis('0.626 > 0.05')).toBe('logbook');
    expect(defaultBasis('(3.2e-5 - 1E-6) * 2^3 <= 1/3')).toBe('logbook');
    expect(defaultBasis('H_1024 - ln(1024) < 0.58')).toBe('recomputed');
    expect(defaultBasis('2e < 6')).toBe('recomputed');
    expect(calcAssertionKind.basisFor?.({ assertion: '0.626 > 0.05', meaning: 'supports-if-true', basis: 'recomputed' })).toBe(
      'recomputed',
    );
    expect(calcAssertionKind.basisFor?.({ assertion: 'pi > 3', meaning: 'supports-if-true', basis: 'logbook' })).toBe('logbook');
  });

  it('the gates: a rigorous recomputed assertion (enclosure) confirms alone; the logbook’s numbers compared alone miss the claim-fails gate', async () => {
    const certificate = { assertion: 'H_1024 - ln(1024) > 0.5772', meaning: 'supports-if-true' } as const;
    const c = await run(certificate);
    expect(decide([view(certificate, c)]).decision).toBe('confirmed');
    const printed = { assertion: '0.626 > 0.05', meaning: 'supports-if-true' } as const;
    const p = await run(printed);
    const d = decide([view(printed, p)]);
    expect([p.guarantee, d.decision, d.gate?.passed]).toEqual([{ kind: 'exact' }, 'inconclusive', false]);
    // A falsification refuted by the assertion's falsity.
    expect(decide([view(certificate, await run({ ...certificate, assertion: 'H_1024 - ln(1024) > 0.578' }))]).decision).toBe('refuted');
  });

  it('through a case run: validated, run and decided like any kind', async () => {
    const dir = writeMinimalCase(root, 'calc-run', {
      format: 'recheck.case/1',
      id: 'calc-run',
      title: 'A calc assertion',
      paper: { title: 'A paper', venueId: 'openreview:example-calc', claims: [{ id: 'C1', text: 'The additive term stays below 0.57.' }] },
      logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
      falsifications: [
        {
          id: 'F1',
          claim: 'C1',
          logbook: 'L1',
          assertion: 'At k = 1024 the additive term exceeds 0.57.',
          checks: [
            {
              id: 'a1',
              kind: 'calc-assertion',
              title: 'H_k - ln k at k = 1024',
              params: { assertion: 'H_1024 - ln(1024) > 0.57', meaning: 'supports-if-true' },
            },
          ],
        },
      ],
    });
    const registry = createCheckRegistry([calcAssertionKind]);
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    const f = report.falsifications[0]!;
    expect([f.decision, f.checks[0]?.outcome, f.checks[0]?.guarantee, f.checks[0]?.basis]).toEqual([
      'confirmed',
      'supports',
      { kind: 'enclosure' },
      'recomputed',
    ]);
  });

  it('a bad assertion is bad input naming case.json and the column', async () => {
    await expect(run({ assertion: 'H_10 > ln(10', meaning: 'supports-if-true' })).rejects.toThrow(BadInputError);
    await expect(run({ assertion: 'H_10 > ln(10', meaning: 'supports-if-true' })).rejects.toThrow(
      /case\.json: check check: params\.assertion column 13: expected "\)" .*\(in "H_10 > ln\(10"\)$/,
    );
    await expect(run({ assertion: 'H_10 ln(10)', meaning: 'supports-if-true' })).rejects.toThrow(/expected a relation/);
  });
});

describe('calc-assertion letter words', () => {
  const cited = async (params: CalcAssertionParams) => {
    const r = await run(params);
    const v = view(params, r);
    const finding = calcAssertionWords.finding(v, 'falsified');
    return { v, finding, diagnosis: calcAssertionWords.diagnosis?.(v, 'falsified') ?? null };
  };

  it('holds, fails, exact and undecided, each from the evidence: every number printed is in it', async () => {
    const holds = await cited({ assertion: 'H_1024 - ln(1024) < 0.58', meaning: 'supports-if-true' });
    expect(holds.finding).toBe(
      '`H_1024 - ln(1024) < 0.58` holds: a rigorous enclosure at 64 bits puts its left side minus its right side in [-0.0022961333213194434983, -0.0022961333213190093295], entirely negative.',
    );
    expect(holds.diagnosis).toBeNull();
    const fails = await cited({ assertion: 'H_1024 - ln(1024) < 0.57', meaning: 'supports-if-true' });
    expect(fails.v.outcome).toBe('refutes');
    expect(fails.diagnosis).toBe(fails.finding);
    expect(fails.finding).toMatch(/^`H_1024 - ln\(1024\) < 0\.57` fails: .* entirely positive\.$/);
    const exact = await cited({ assertion: '1/3 + 1/6 = 0.5', meaning: 'supports-if-true' });
    expect(exact.finding).toBe('`1/3 + 1/6 = 0.5` holds: both sides are exact rationals, and they are equal.');
    const ratio = await cited({ assertion: '1/3 < 0.3', meaning: 'refutes-if-true' });
    expect(ratio.finding).toBe(
      '`1/3 < 0.3` fails: both sides are exact rationals, and their difference is exactly 1/30, entirely positive.',
    );
    const undecided = await cited({ assertion: 'sqrt(2)^2 = 2', meaning: 'supports-if-true', maxBits: 128 });
    expect(undecided.finding).toMatch(
      /^Recheck could not decide `sqrt\(2\)\^2 = 2`: with rigorous enclosures up to 128 bits its left side minus its right side still lies in \[-\S+, \S+\], on both sides of zero, so neither the assertion nor its negation is proven\.$/,
    );
    for (const c of [holds, fails, exact, ratio, undecided]) {
      const sentence = c.finding as string;
      const pool = numberPool(c.v);
      for (const n of sentence.replace(/`[^`]*`/g, '``').match(/(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w])/g) ?? [])
        expect(pool.has(n) || pool.has(String(Number(n))), `${n} in: ${sentence}`).toBe(true);
      // As a letter cites it: the claim checker finds no problem.
      const markdown = `1. **${c.v.title}.** ${sentence}\n`;
      const reports = [{ checks: [c.v] }] as unknown as LatestFalsificationReport[];
      expect(claimProblems(markdown, reports, [c.v.checkId]), sentence).toEqual([]);
    }
  });

  it('over arbitrary evidence (fast-check): every sentence passes the claim checker, and says holds or fails only as the evidence does', () => {
    const bound = fc.oneof(
      fc.double({ noNaN: true }).map(String),
      fc.constantFrom('0', '-0', '1e-2466', '-7.3e-2466', 'Infinity', '-Infinity', '0.0022961333213194434983'),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        bound,
        bound,
        fc.constantFrom<unknown>(true, false, 'cannot tell', 'yes', null),
        fc.constantFrom<unknown>('exact', 'enclosure', 'approximate'),
        fc.oneof(fc.integer({ min: 64, max: 1_000_000 }), fc.constant(null)),
        (assertion, lo, hi, holds, guarantee, bits) => {
          const evidence = { assertion, difference: { lo, hi }, holds, guarantee, bits, maxBits: bits ?? 8192 };
          const v = view({ assertion: '1 < 2', meaning: 'supports-if-true' }, { outcome: 'neutral', summary: 's', evidence });
          const s = calcAssertionWords.finding(v, 'verified');
          if (s === null) return;
          expect(claimProblems(`1. **${v.title}.** ${s}\n`, [{ checks: [v] }] as unknown as LatestFalsificationReport[], [])).toEqual([]);
          expect(s.split('\n')).toHaveLength(1);
          if (holds === true) expect(s).toMatch(/` holds: /);
          if (holds === false) expect(s).toMatch(/` fails: /);
          if (holds === 'cannot tell') expect(s).toMatch(/^Recheck could not decide /);
        },
      ),
      { seed: 20_261_202, numRuns: 500 },
    );
  });

  it('evidence without what the words need gives no sentence (the summary is cited instead)', () => {
    const bare = { ...view({ assertion: '1 < 2', meaning: 'supports-if-true' }, { outcome: 'supports', summary: 's', evidence: {} }) };
    expect(calcAssertionWords.finding(bare, 'falsified')).toBeNull();
    expect(
      calcAssertionWords.finding(
        { ...bare, evidence: { assertion: '1 < 2', difference: { lo: '-1', hi: '-1' }, guarantee: 'enclosure', holds: true } },
        'falsified',
      ),
    ).toBeNull();
  });
});

describe("calc-assertion: the letter's recompute command", () => {
  it('is `recheck calc --assert` with the assertion shell-quoted, and the shell hands the CLI the assertion intact', async () => {
    const { checkCommand } = await import('../../../../app/letters/evidence');
    const { cli } = await import('../../../helpers/cli');
    for (const [assertion, code] of [
      ['H_1024 - ln(1024) < 0.58', 0],
      ['1/3 + 1/6 = 1/2', 0],
      ['sqrt(2) > 1.5', 1],
    ] as const) {
      const command = checkCommand('c', 'calc-assertion', { assertion, meaning: 'supports-if-true' }, 'F1');
      expect(command.startsWith('npx recheck calc --assert ')).toBe(true);
      // What a POSIX shell makes of the command line the letter prints.
      const argv = spawnSync('sh', ['-c', `printf '%s\\0' ${command.slice('npx recheck '.length)}`], { encoding: 'utf8' })
        .stdout.split('\0')
        .slice(0, -1);
      expect(argv).toEqual(['calc', '--assert', assertion]);
      expect((await cli(argv, '/')).code).toBe(code);
    }
    // A quote inside the assertion survives the quoting; a control character makes no command (the case's run instead).
    expect(checkCommand('c', 'calc-assertion', { assertion: "2 > 1 '", meaning: 'supports-if-true' }, 'F1')).toBe(
      `npx recheck calc --assert '2 > 1 '\\'''`,
    );
    expect(checkCommand('c', 'calc-assertion', { assertion: '2 > 1\n; rm -rf ~', meaning: 'supports-if-true' }, 'F1')).toBe(
      'npx recheck run c --falsification F1',
    );
  });
});
