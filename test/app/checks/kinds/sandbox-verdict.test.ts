// The sandbox-verdict kind end to end: real modules in the real sandbox, judged by the host, then through the gates.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxVerdictKind, type SandboxVerdictParams } from '../../../../app/checks/kinds/sandbox-verdict';
import { worth } from '../../../../app/checks/run-case';
import { decide } from '../../../../app/checks/decide';
import type { CheckResult } from '../../../../app/checks/kind';
import type { CheckResultView } from '../../../../common/api/contract';
import { makeTestContext } from '../../../helpers/check-context';
import { tempDir } from '../../../helpers/temp-case';
import { confinementOrSkip } from '../../sandbox/harness';

const c = await confinementOrSkip();
const fixtures = resolve(import.meta.dirname, '../../../fixtures/sandbox-verdict');
const caseDir = tempDir();
mkdirSync(join(caseDir, 'sandbox'));
for (const f of ['exact-refutes.ts', 'echo.ts', 'seeded.ts', 'reads-files.ts', 'loops.ts', 'throws.ts', 'oversized.ts'])
  cpSync(join(fixtures, f), join(caseDir, 'sandbox', f));
writeFileSync(join(caseDir, 'case.json'), '{}\n');

const run = (params: SandboxVerdictParams) => sandboxVerdictKind.run(params, makeTestContext(caseDir, { checkId: 'verdict' }));

/** The result as the run's report records it (worth: guarantee, basis, seeds), and the decision it alone gives. */
function decided(r: CheckResult, params: SandboxVerdictParams) {
  const view: CheckResultView = {
    falsificationId: 'F1',
    checkId: 'verdict',
    kind: 'sandbox-verdict',
    title: 'verdict',
    outcome: r.outcome,
    summary: r.summary,
    evidence: r.evidence,
    artifacts: [],
    durationMs: 0,
    ...worth(sandboxVerdictKind, { params: { ...params } }, r, 'logbook'),
  };
  return { view, ...decide([view], { says: 'falsified' }) };
}

/** A verdict for the echo module. */
const verdict = (over: Record<string, unknown> = {}, comparison: Record<string, unknown> = {}) => ({
  outcome: 'refutes',
  summary: 'ratio below 2',
  evidence: { decides: [{ quantity: 'ratio at k=1024', value: '1.73', relation: '<', bound: '2', means: 'refutes', ...comparison }] },
  guarantee: { kind: 'exact' },
  ...over,
});

describe.skipIf(c === null)('sandbox-verdict in the sandbox', () => {
  it('an honest exact module refutes, re-derived from its exact decimal, and that refutation decides the finding', async () => {
    const params = { module: 'sandbox/exact-refutes.ts', input: { k: 20, bound: '0.999999' } };
    const r = await run(params);
    expect(r.outcome).toBe('refutes');
    expect(r.guarantee).toEqual({ kind: 'exact' });
    expect(r.basis).toBe('recomputed');
    expect(r.seeds).toBeUndefined(); // one seed given as `seed` (default): the module is deterministic
    expect(r.summary).toContain('share at k=20 = 0.99999904632568359375, > 0.999999');
    const runs = r.evidence.runs as { truth?: string; decides: { truth: string; form: string }[] }[];
    expect(runs[0]?.decides).toMatchObject([{ truth: 'holds', form: 'exact' }]);
    const d = decided(r, params);
    expect(d.decision).toBe('refuted');
    expect(d.view.guarantee).toEqual({ kind: 'exact' });
  });

  it('the exactness matters: with the bound 0.99999904632568359375 itself, > fails and the module is caught lying', async () => {
    await expect(run({ module: 'sandbox/exact-refutes.ts', input: { k: 20, bound: '0.99999904632568359375' } })).rejects.toThrow(
      /sandbox\/exact-refutes\.ts: the module says refutes but its evidence says neutral: no side's comparisons all hold \(share at k=20 = 0\.99999904632568359375, <= 0\.99999904632568359375\)/,
    );
  });

  it('a module lying about its outcome fails the check, naming the module and both outcomes', async () => {
    const lie = verdict({ outcome: 'supports' });
    await expect(run({ module: 'sandbox/echo.ts', input: { verdict: lie } })).rejects.toThrow(
      /^sandbox\/echo\.ts: the module says supports but its evidence says refutes \(ratio at k=1024 = 1\.73, < 2\) \(seed 0\)$/,
    );
  });

  it('with comparisons pinned in case.json, a module that moves its bound fails; one that keeps it decides', async () => {
    const decides = [{ quantity: 'ratio at k=1024', relation: '<' as const, bound: '2', means: 'refutes' as const }];
    await expect(
      run({ module: 'sandbox/echo.ts', input: { verdict: verdict({}, { value: '2.5', bound: '3' }) }, decides }),
    ).rejects.toThrow(
      /^sandbox\/echo\.ts: its comparisons do not match the ones case\.json declares: "ratio at k=1024" has the bound 3, declared 2 \(seed 0\)$/,
    );
    const kept = await run({ module: 'sandbox/echo.ts', input: { verdict: verdict() }, decides });
    expect([kept.outcome, kept.evidence.declared]).toEqual(['refutes', decides]);
  });

  it('a module claiming exact with float values is recorded approximate, and through the gates decides nothing', async () => {
    const params = { module: 'sandbox/echo.ts', input: { verdict: verdict({}, { value: 1.73 }) } };
    const r = await run(params);
    expect(r.outcome).toBe('refutes');
    expect(r.guarantee).toMatchObject({ kind: 'approximate' });
    expect((r.guarantee as { bound: string }).bound).toMatch(/claimed exact, but the value of "ratio at k=1024" is a float \(1\.73\)/);
    const d = decided(r, params);
    expect(d.decision).toBe('inconclusive');
    expect(d.reason).toMatch(/only approximate results \(verdict\), and approximate results never decide/);
  });

  it('an enclosure across its bound cannot tell: neutral, approximate, and decides nothing', async () => {
    const params = {
      module: 'sandbox/echo.ts',
      input: { verdict: verdict({ guarantee: { kind: 'enclosure' } }, { value: ['1.9', '2.1'] }) },
    };
    const r = await run(params);
    expect(r.outcome).toBe('neutral');
    expect(r.guarantee?.kind).toBe('approximate');
    expect(r.summary).toMatch(/says refutes, but its evidence cannot tell it: ratio at k=1024 in \[1\.9, 2\.1\], < undecided against 2/);
    expect(decided(r, params).decision).toBe('inconclusive');
    // Inside the bound on both ends, the same claim is a certificate.
    const inside = {
      module: 'sandbox/echo.ts',
      input: { verdict: verdict({ guarantee: { kind: 'enclosure' } }, { value: ['1.9', 1.99] }) },
    };
    const ok = await run(inside);
    expect([ok.outcome, ok.guarantee?.kind]).toEqual(['refutes', 'enclosure']);
    expect(decided(ok, inside).decision).toBe('refuted');
  });

  it('a statistical claim with p outside [0, 1] is recorded approximate; in range and deciding on its p, it counts', async () => {
    const stat = (p: number) => ({
      module: 'sandbox/echo.ts',
      input: {
        verdict: verdict(
          { guarantee: { kind: 'statistical', test: 'paired t', p, dof: 4 } },
          { quantity: 'p', value: p, relation: '<', bound: '0.05' },
        ),
      },
    });
    const outside = await run(stat(-0.01));
    expect(outside.outcome).toBe('refutes');
    expect(outside.guarantee).toEqual({ kind: 'approximate', bound: 'claimed statistical, but its p (-0.01) is outside [0, 1]' });
    expect(decided(outside, stat(-0.01)).decision).toBe('inconclusive');
    const inside = await run(stat(5.74e-5));
    expect(inside.guarantee).toEqual({ kind: 'statistical', test: 'paired t', p: 5.74e-5, dof: 4 });
    expect(decided(inside, stat(5.74e-5)).decision).toBe('refuted');
  });

  // Every other shape the reader refuses is in sandbox-verdict-read.test.ts (no sandbox needed).
  it('a deep or non-verdict return fails the check with one line naming the module and where', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const cases: [unknown, RegExp][] = [
      [
        verdict({ evidence: { decides: verdict().evidence.decides, deep } }),
        /^sandbox\/echo\.ts: the verdict it returned at \/evidence\/deep(\/d){11}: is nested deeper than 12 levels$/,
      ],
      ['supports', /the verdict it returned: must be an object \{ outcome, summary, evidence, guarantee \}$/],
    ];
    for (const [returned, message] of cases) {
      const out = run({ module: 'sandbox/echo.ts', input: { verdict: returned } });
      await expect(out, String(message)).rejects.toThrow(message);
    }
  });

  it('a hostile module (reads files, loops forever, throws, floods its output) is contained, and the check fails with the sandbox words', async () => {
    await expect(run({ module: 'sandbox/reads-files.ts' })).rejects.toThrow(/^sandbox\/reads-files\.ts: denied: tried file access: /);
    await expect(run({ module: 'sandbox/loops.ts', timeoutSeconds: 1.5 })).rejects.toThrow(/^sandbox\/loops\.ts: timeout: .*limit/);
    await expect(run({ module: 'sandbox/throws.ts' })).rejects.toThrow(/^sandbox\/throws\.ts: threw: .*the re-implementation hit a bug/);
    // 17 MiB in one result line: refused as invalid output, however the pipe splits it.
    await expect(run({ module: 'sandbox/oversized.ts' })).rejects.toThrow(
      /^sandbox\/oversized\.ts: invalid-output: the program sent a message the host refuses: /,
    );
  });

  it('runs over several seeds: decides only when all agree, states its seeds, and a split is neutral', async () => {
    // seeded.ts refutes when its draw is below `cut`: with cut 1 every draw refutes; with cut 0.5 the seeds split.
    const all = await run({ module: 'sandbox/seeded.ts', input: { cut: 1 }, seeds: [1, 2, 3] });
    expect([all.outcome, all.seeds, all.evidence.agreeing]).toEqual(['refutes', 3, 3]);
    const draws = (all.evidence.runs as { decides: { value: string }[] }[]).map((r) => r.decides[0]?.value);
    expect(new Set(draws).size).toBe(3); // three different seeded draws
    const split = await run({ module: 'sandbox/seeded.ts', input: { cut: 0.5 }, seeds: [1, 2, 3, 4, 5, 6] });
    expect(split.outcome).toBe('neutral');
    expect(split.summary).toMatch(
      /^The runs of sandbox\/seeded\.ts disagree \(supports with seeds? [\d, ]+; refutes with seeds? [\d, ]+\): nothing is decided\.$/,
    );
    // The same seed gives the same draw (the run is reproducible).
    const again = await run({ module: 'sandbox/seeded.ts', input: { cut: 1 }, seeds: [1, 2, 3] });
    expect((again.evidence.runs as { decides: { value: string }[] }[]).map((r) => r.decides[0]?.value)).toEqual(draws);
  });
});
