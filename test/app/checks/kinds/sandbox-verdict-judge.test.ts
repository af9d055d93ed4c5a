// The host's judge of sandbox-verdict runs, without the sandbox: the outcome re-derived, the guarantee capped, a
// lying module caught, several runs combined, the seeds gate, and comparisons pinned in case.json.
import { describe, expect, it } from 'vitest';
import { readModuleVerdict } from '../../../../app/checks/kinds/sandbox-verdict-validate';
import { combineRuns, judgeRun } from '../../../../app/checks/kinds/sandbox-verdict-judge';
import { sandboxVerdictKind } from '../../../../app/checks/kinds/sandbox-verdict';
import { readDeclared, requireDeclared } from '../../../../app/checks/kinds/sandbox-verdict-declared';
import { worth } from '../../../../app/checks/run-case';
import { decide } from '../../../../app/checks/decide';
import type { CheckResult } from '../../../../app/checks/kind';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';

const comparison = (over: Record<string, unknown> = {}) => ({
  quantity: 'ratio at k=1024',
  value: '1.73',
  relation: '<',
  bound: '2',
  means: 'refutes',
  ...over,
});
const verdict = (over: Record<string, unknown> = {}, c: Record<string, unknown> = {}) => ({
  outcome: 'refutes',
  summary: 'ratio below 2',
  evidence: { decides: [comparison(c)] },
  guarantee: { kind: 'exact' },
  ...over,
});
const read = (v: unknown) => readModuleVerdict(v, 'sandbox/v.ts');
const judge = (v: unknown, seed = 0) => judgeRun(read(v), seed);

describe('judgeRun: the outcome re-derived, the guarantee capped', () => {
  it('keeps an honest exact verdict', () => {
    const r = judge(verdict());
    expect([r.implied, r.outcome, r.problem]).toEqual(['refutes', 'refutes', null]);
    expect(r.guarantee).toEqual({ kind: 'exact' });
    expect(r.decides[0]).toMatchObject({ truth: 'holds', form: 'exact', value: '1.73', bound: '2', plot: { value: 1.73, bound: 2 } });
  });

  it('catches a module whose outcome its own comparisons do not imply', () => {
    expect(judge(verdict({ outcome: 'supports' })).problem).toBe(
      'the module says supports but its evidence says refutes (ratio at k=1024 = 1.73, < 2)',
    );
    expect(judge(verdict({ evidence: { decides: [] } })).problem).toBe(
      'the module says refutes but its evidence says nothing: evidence.decides holds no comparison',
    );
    expect(judge(verdict({}, { value: '2' })).problem).toBe(
      "the module says refutes but its evidence says neutral: no side's comparisons all hold (ratio at k=1024 = 2, >= 2)",
    );
    const both = verdict({ evidence: { decides: [comparison(), comparison({ means: 'supports' })] } });
    expect(judge(both).problem).toMatch(/^the module says refutes but its evidence says both supports and refutes/);
    // A cautious module is held to its evidence too: neutral while a side's comparisons all hold.
    expect(judge(verdict({ outcome: 'neutral' })).outcome).toBeNull();
    // All comparisons of a side must hold (a conjunction): one failing breaks the side.
    const conj = verdict({
      evidence: { decides: [comparison(), comparison({ quantity: 'slope', value: '0.3', relation: '<', bound: '0.1' })] },
    });
    expect(judge(conj).implied).toBe('neutral');
    expect(() => combineRuns('sandbox/v.ts', [judge(verdict({ outcome: 'supports' }), 7)], { seedsMatter: false })).toThrow(
      /^sandbox\/v\.ts: the module says supports but its evidence says refutes \(ratio at k=1024 = 1\.73, < 2\) \(seed 7\)$/,
    );
  });

  it.each([
    [
      'exact with a float value',
      verdict({}, { value: 1.73 }),
      'claimed exact, but the value of "ratio at k=1024" is a float (1.73), not an exact number string',
    ],
    ['exact with a float bound', verdict({}, { bound: 2.5 }), 'claimed exact, but the bound of "ratio at k=1024" is a float (2.5)'],
    [
      'exact with an interval',
      verdict({}, { value: ['1.7', '1.8'] }),
      'claimed exact, but the value of "ratio at k=1024" is an interval, not an exact number string',
    ],
    [
      'enclosure with a float',
      verdict({ guarantee: { kind: 'enclosure' } }, { value: 1.73 }),
      'claimed enclosure, but the value of "ratio at k=1024" is a float (1.73)',
    ],
    [
      'statistical with p > 1',
      verdict({ guarantee: { kind: 'statistical', test: 't', p: 1.5, dof: 3 } }, { value: 1.5, bound: 0.05, relation: '>' }),
      'claimed statistical, but its p (1.5) is outside [0, 1]',
    ],
    [
      'statistical with dof 0',
      verdict({ guarantee: { kind: 'statistical', test: 't', p: 0.01, dof: 0 } }, { value: 0.01, bound: '0.05' }),
      'its dof (0) is not a positive number',
    ],
    [
      'statistical without a test',
      verdict({ guarantee: { kind: 'statistical', test: '', p: 0.01, dof: 3 } }, { value: 0.01, bound: '0.05' }),
      'names no test',
    ],
    [
      'statistical with level 1',
      verdict({ guarantee: { kind: 'statistical', test: 't', p: 0.01, dof: 3, level: 1 } }, { value: 0.01, bound: '0.05' }),
      'its level (1) is outside (0, 1)',
    ],
    [
      'statistical not deciding on its p',
      verdict({ guarantee: { kind: 'statistical', test: 't', p: 0.01, dof: 3 } }),
      'its p (0.01) is the value of none of its comparisons',
    ],
  ])('records %s as approximate, with the reason', (_, v, reason) => {
    const r = judge(v);
    expect(r.guarantee.kind).toBe('approximate');
    expect((r.guarantee as { bound: string }).bound).toContain(reason);
  });

  it('keeps what the comparisons bear out', () => {
    expect(judge(verdict({}, { bound: 2 })).guarantee).toEqual({ kind: 'exact' }); // a safe-integer bound is exact
    expect(judge(verdict({ guarantee: { kind: 'enclosure' } }, { value: [1.7, '1.99'] })).guarantee).toEqual({ kind: 'enclosure' });
    const stat = { kind: 'statistical', test: 'paired t', p: 5.74e-5, dof: 4, level: 0.05 };
    expect(judge(verdict({ guarantee: stat }, { quantity: 'p', value: '5.74e-5', bound: '0.05' })).guarantee).toEqual(stat);
    expect(judge(verdict({ guarantee: { kind: 'approximate', bound: 'float64 optimiser' } })).guarantee).toEqual({
      kind: 'approximate',
      bound: 'float64 optimiser',
    });
  });

  it('an enclosure across its bound cannot tell: the run is neutral and approximate, not a lie', () => {
    const r = judge(verdict({ guarantee: { kind: 'enclosure' } }, { value: ['1.9', '2.1'] }));
    expect([r.implied, r.outcome]).toEqual(['undecided', 'neutral']);
    expect(r.problem).toBe('cannot tell: ratio at k=1024 in [1.9, 2.1], < undecided against 2');
    expect(r.guarantee.kind).toBe('approximate');
    // '=' on an interval: holds only on [b, b], fails only with b outside.
    expect(judge(verdict({}, { value: ['2', '2'], relation: '=' })).implied).toBe('refutes');
    expect(judge(verdict({ outcome: 'neutral' }, { value: ['1', '3'], relation: '=' })).implied).toBe('undecided');
  });
});

describe('combineRuns: several seeds', () => {
  const run = (value: string, seed: number, g: Record<string, unknown> = { kind: 'exact' }) =>
    judge(
      verdict({
        guarantee: g,
        outcome: Number(value) < 2 ? 'refutes' : 'supports',
        evidence: { decides: [comparison({ value }), comparison({ value, relation: '>=', means: 'supports' })] },
      }),
      seed,
    );

  it('decides when every run agrees, with the weakest guarantee and the seeds stated', () => {
    const r = combineRuns('sandbox/v.ts', [run('1.5', 1), run('1.7', 2, { kind: 'enclosure' }), run('1.9', 3)], { seedsMatter: true });
    expect([r.outcome, r.seeds, r.basis, r.guarantee]).toEqual(['refutes', 3, 'recomputed', { kind: 'enclosure' }]);
    expect(r.evidence).toMatchObject({ seeds: [1, 2, 3], agreeing: 3, outcome: 'refutes' });
    expect(r.summary).toBe(
      'sandbox/v.ts refutes, re-derived here from its own comparisons in all 3 runs (seeds 1, 2, 3): ratio at k=1024 = 1.5, < 2; worth enclosure.',
    );
  });

  it('is neutral when the runs split, saying how', () => {
    const r = combineRuns('sandbox/v.ts', [run('1.5', 1), run('2.5', 2), run('1.9', 3)], { seedsMatter: true });
    expect(r.outcome).toBe('neutral');
    expect(r.summary).toBe('The runs of sandbox/v.ts disagree (supports with seed 2; refutes with seeds 1, 3): nothing is decided.');
    expect(r.evidence.agreeing).toBe(2);
  });

  it('states no seeds for one deterministic run', () => {
    expect(combineRuns('sandbox/v.ts', [run('1.5', 0)], { seedsMatter: false }).seeds).toBeUndefined();
  });

  it('supports a falsification only through the gates: with 2 seeds it misses them, with 3 it is a certificate', () => {
    const supports = (seed: number) => judge(verdict({ outcome: 'supports' }, { value: '2.5', relation: '>', means: 'supports' }), seed);
    const decision = (r: CheckResult) =>
      decide(
        [
          {
            falsificationId: 'F1',
            checkId: 'v',
            kind: 'sandbox-verdict',
            title: 'v',
            outcome: r.outcome,
            summary: r.summary,
            evidence: r.evidence,
            artifacts: [],
            durationMs: 0,
            ...worth(sandboxVerdictKind, { params: { module: 'sandbox/v.ts' } }, r, 'logbook'),
          },
        ],
        { says: 'falsified' },
      );
    const two = decision(combineRuns('sandbox/v.ts', [supports(1), supports(2)], { seedsMatter: true }));
    expect(two.decision).toBe('inconclusive');
    expect(two.gate?.missing).toBe('fewer than 3 seeds: v (2)');
    const three = decision(combineRuns('sandbox/v.ts', [supports(1), supports(2), supports(3)], { seedsMatter: true }));
    expect([three.decision, three.gate?.rule]).toEqual(['confirmed', expect.stringContaining('(certificate: v)')]);
  });
});

describe('params', () => {
  it('refuses seed and seeds together, naming case.json and the check', async () => {
    const dir = tempDir();
    await expect(
      sandboxVerdictKind.run({ module: 'sandbox/v.ts', seed: 1, seeds: [1, 2, 3] }, makeTestContext(dir, { checkId: 'v' })),
    ).rejects.toThrow(`${dir}/case.json: check v: params: give either seed or seeds, not both`);
  });
});

describe('comparisons pinned in case.json (params.decides)', () => {
  const declared = readDeclared(
    [
      { quantity: 'ratio at k=1024', relation: '<', bound: '2', means: 'refutes' },
      { quantity: 'p', relation: '<', bound: 0.05, means: 'refutes' },
    ],
    'case/case.json',
    'v',
  );
  const got = (over: Record<string, unknown> = {}, p: Record<string, unknown> = {}) =>
    read(verdict({ evidence: { decides: [comparison(over), comparison({ quantity: 'p', value: 0.01, bound: 0.05, ...p })] } })).decides;
  const check = (cs: ReturnType<typeof got>) => () => requireDeclared('sandbox/v.ts', declared, cs, 4);

  it('accepts exactly the declared comparisons, bounds equal as rationals', () => {
    expect(check(got({ bound: '4/2' }))).not.toThrow();
  });

  it.each([
    ['another bound', got({ bound: '3' }), '"ratio at k=1024" has the bound 3, declared 2'],
    ['the float 0.05 against the string "0.05"', got({}, { bound: '0.05' }), '"p" has the bound 0.05, declared 0.05'],
    ['another relation', got({ relation: '<=' }), '"ratio at k=1024" uses <=, declared <'],
    ['another meaning', got({ means: 'supports' }), '"ratio at k=1024" stands for supports, declared refutes'],
    ['an undeclared comparison', got({ quantity: 'slope' }), '"slope" is not declared'],
    ['a missing comparison', got().slice(0, 1), '"p" is missing'],
    ['a repeated comparison', [...got(), ...got().slice(0, 1)], '"ratio at k=1024" is reported more than once'],
  ])('refuses %s', (_, cs, problem) => {
    expect(check(cs)).toThrow(`sandbox/v.ts: its comparisons do not match the ones case.json declares: ${problem} (seed 4)`);
  });

  it('refuses a declared bound that is not an exact number, or a quantity declared twice, naming case.json', () => {
    const q = { quantity: 'q', relation: '<' as const, means: 'refutes' as const };
    expect(() => readDeclared([{ ...q, bound: 'two' }], 'case/case.json', 'v')).toThrow(
      /^case\/case\.json: check v: params\.decides\[0\]: bound: "two": not an exact number/,
    );
    expect(() =>
      readDeclared(
        [
          { ...q, bound: '1' },
          { ...q, bound: '2' },
        ],
        'case/case.json',
        'v',
      ),
    ).toThrow('case/case.json: check v: params.decides[1]: the quantity "q" is declared twice');
  });
});
