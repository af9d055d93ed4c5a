/**
 * The two perceptual check kinds, review-consistency and perceptual-verdict, driven by SCRIPTED reviewers on a
 * small synthetic image-pair set in a temporary case (test/app/perceptual/synthetic-case.ts). The scripted answers
 * exist only here; none is ever presented as a person's judgment. Each scenario runs the case's checks and checks
 * the falsification's decision: waiting for review, a consistent reviewer (supports; one source, so not confirmed:
 * the claim-fails gate wants two independent sources), a reviewer who finds every image usable (refuted), an
 * inconsistent reviewer, a position-biased one, and two reviewers who disagree (inconclusive, saying why); three
 * consistent reviewers use Fleiss' kappa and, three independent sources agreeing, confirm it.
 */
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import type { CaseRunReport, CheckResultView, RecheckApi } from '../../../common/api/contract';
import { loadCase } from '../../../app/cases/load';
import { builtinCheckKinds } from '../../../app/checks/kinds/index';
import { createCheckRegistry } from '../../../app/checks/registry';
import { runCase } from '../../../app/checks/run-case';
import { wilsonInterval } from '../../../checkers/stats/proportion-interval';
import type { ConditionShare } from '../../../app/checks/kinds/perceptual-verdict';
import { tempDir } from '../../helpers/temp-case';
import {
  CONDITIONS,
  consistentRater,
  contraryRater,
  erraticRater,
  leftPicker,
  referencePicker,
  scriptedReview,
  writeSyntheticCase,
  type Script,
} from '../perceptual/synthetic-case';

const registry = createCheckRegistry(builtinCheckKinds);

function checks(mode: 'rate-right' | 'compare') {
  return [
    { id: 'consistency', kind: 'review-consistency', title: 'Are the blind reviews consistent?', params: { pairs: 'images/pairs.csv' } },
    {
      id: 'verdict',
      kind: 'perceptual-verdict',
      title: 'Are quantized images judged unusable?',
      params:
        mode === 'rate-right'
          ? { pairs: 'images/pairs.csv', conditions: [CONDITIONS.quantized], unusable: ['unusable'], threshold: 0.5 }
          : { pairs: 'images/pairs.csv', conditions: [CONDITIONS.quantized], threshold: 0.5 },
    },
  ];
}

async function setup(mode: 'rate-right' | 'compare' = 'rate-right'): Promise<{ dir: string; api: RecheckApi }> {
  const ws = tempDir();
  const dir = writeSyntheticCase(ws, { pairs: 40, mode, repeatShare: 0.25, checks: checks(mode) });
  return { dir, api: await createRecheckService({ workspaceDir: ws }) };
}

async function run(dir: string): Promise<{ report: CaseRunReport; consistency: CheckResultView; verdict: CheckResultView }> {
  const report = await runCase(await loadCase(dir, registry), registry, { record: false });
  const f = report.falsifications[0];
  if (f === undefined) throw new Error('no falsification');
  const get = (id: string) => f.checks.find((c) => c.checkId === id) as CheckResultView;
  return { report, consistency: get('consistency'), verdict: get('verdict') };
}

const allUsable: Script = () => ({ answer: 'usable', elapsedMs: 1700 });

describe('with no complete review', () => {
  it('both checks wait for review (neutral, "Waiting for review"), naming a review in progress; the decision is inconclusive', async () => {
    const { dir, api } = await setup();
    let r = await run(dir);
    for (const c of [r.consistency, r.verdict]) {
      expect(c.outcome).toBe('neutral');
      expect(c.summary).toMatch(/^Waiting for review: no complete review/);
      expect(c.evidence).toMatchObject({ waiting: true });
    }
    expect(r.report.falsifications[0]?.decision).toBe('inconclusive');
    await scriptedReview(api, 'percept', 'scripted-halfway', consistentRater, { seed: 1, stopAfter: 5 });
    r = await run(dir);
    expect(r.verdict.summary).toMatch(/^Waiting for review: .*in progress: scripted-halfway: 5 of 50 answered/);
  });
});

describe('rate-right reviews', () => {
  it('a consistent reviewer who finds the quantized images unusable: consistent, and the verdict supports (one source: not decided)', async () => {
    const { dir, api } = await setup();
    await scriptedReview(api, 'percept', 'scripted-consistent', consistentRater, { seed: 21 });
    const { report, consistency, verdict } = await run(dir);
    expect(consistency.outcome).toBe('neutral');
    expect(consistency.summary).toMatch(
      /^Consistent: scripted-consistent: 10 of 10 repeats answered the same way, 0 of 50 answers faster than 600 ms/,
    );
    expect(verdict.outcome).toBe('supports');
    const rows = (verdict.evidence as { rows: ConditionShare[] }).rows;
    const q = rows.find((x) => x.condition === CONDITIONS.quantized) as ConditionShare;
    const ref = rows.find((x) => x.condition === CONDITIONS.reference) as ConditionShare;
    // Every pair's first showing rates one image; the two conditions share the 40 pairs.
    expect(q.n + ref.n).toBe(40);
    expect(q).toMatchObject({ unusable: q.n, share: 1, high: 1, declared: true, side: 'above' });
    expect(q.low).toBeCloseTo(wilsonInterval(q.n, q.n, 0.95).low, 15);
    expect(q.pairs).toHaveLength(q.n);
    expect(ref).toMatchObject({ unusable: 0, share: 0, declared: false });
    expect(verdict.summary).toMatch(
      new RegExp(
        `^Judged unusable above the declared 50% for every declared condition: scripted-consistent: ${CONDITIONS.quantized} ${q.n}/${q.n} = 100%`,
      ),
    );
    expect(verdict.guarantee?.kind).toBe('statistical');
    expect(verdict.guarantee?.kind === 'statistical' ? verdict.guarantee.level : null).toBeCloseTo(0.025, 15);
    expect(verdict.sources).toBe(1);
    expect(report.falsifications[0]?.decision).toBe('inconclusive');
    expect(report.falsifications[0]?.gate?.missing).toBe('one statistical check (verdict) and no independent second');
  });

  it('a consistent reviewer who finds every image usable: the verdict refutes (refuted)', async () => {
    const { dir, api } = await setup();
    await scriptedReview(api, 'percept', 'scripted-all-usable', allUsable, { seed: 22 });
    const { report, consistency, verdict } = await run(dir);
    expect(consistency.summary).toMatch(/^Consistent/);
    expect(verdict.outcome).toBe('refutes');
    expect(verdict.summary).toMatch(new RegExp(`^Judged unusable below the declared 50% at ${CONDITIONS.quantized}`));
    expect(report.falsifications[0]?.decision).toBe('refuted');
  });

  it('an inconsistent reviewer (repeats disagree, answers too fast): inconclusive, saying why', async () => {
    const { dir, api } = await setup();
    await scriptedReview(api, 'percept', 'scripted-erratic', erraticRater(5), { seed: 23 });
    const { report, consistency, verdict } = await run(dir);
    expect(consistency.outcome).toBe('neutral');
    expect(consistency.summary).toMatch(/^Inconsistent review, so the perceptual verdict is inconclusive: /);
    expect(consistency.summary).toMatch(
      /scripted-erratic \(review review-[^)]+\) gave 50 of 50 answers faster than 600 ms \(100%, above 10%\)/,
    );
    expect(consistency.summary).toMatch(/repeated pairs the same way \(\d+%, below 80%\)/);
    expect(verdict.outcome).toBe('neutral');
    expect(verdict.summary).toMatch(/^Inconclusive: the reviews are inconsistent \(/);
    expect(report.falsifications[0]?.decision).toBe('inconclusive');
  });

  it("two self-consistent reviewers who disagree: Cohen's kappa below the threshold makes it inconclusive", async () => {
    const { dir, api } = await setup();
    await scriptedReview(api, 'percept', 'scripted-consistent', consistentRater, { seed: 31 });
    await scriptedReview(api, 'percept', 'scripted-contrary', contraryRater, { seed: 32 });
    const { report, consistency, verdict } = await run(dir);
    const ev = consistency.evidence as {
      interRater: { method: string; units: number; kappa: { kappa: number; low: number; high: number } };
    };
    expect(ev.interRater.method).toBe('cohen');
    expect(ev.interRater.units).toBeGreaterThan(5);
    // They judge every image they both rated oppositely: below chance (exactly -1 only with equal marginals).
    expect(ev.interRater.kappa.kappa).toBeLessThan(-0.5);
    expect(ev.interRater.kappa.high).toBeLessThan(0.4);
    expect(consistency.summary).toMatch(
      /the reviewers \(scripted-consistent, scripted-contrary\) disagree: Cohen's kappa -0\.\d\d \(95% CI -?\d\.\d\d to -?\d\.\d\d\) over \d+ judgments in common, below 0\.4/,
    );
    expect(verdict.outcome).toBe('neutral');
    expect(report.falsifications[0]?.decision).toBe('inconclusive');
  });

  it("three consistent reviewers who agree: Fleiss' kappa, consistent, and the verdict supports for each", async () => {
    const { dir, api } = await setup();
    for (const [i, name] of ['scripted-one', 'scripted-two', 'scripted-three'].entries())
      await scriptedReview(api, 'percept', name, consistentRater, { seed: 40 + i });
    const { report, consistency, verdict } = await run(dir);
    const ev = consistency.evidence as { interRater: { method: string; kappa: { kappa: number | null } } };
    expect(ev.interRater.method).toBe('fleiss');
    expect(ev.interRater.kappa.kappa === null || ev.interRater.kappa.kappa > 0.99).toBe(true);
    expect(consistency.summary).toMatch(/^Consistent/);
    expect(verdict.outcome).toBe('supports');
    expect((verdict.evidence as { rows: ConditionShare[] }).rows.filter((x) => x.declared)).toHaveLength(3);
    expect(verdict.sources).toBe(3);
    expect(report.falsifications[0]?.decision).toBe('confirmed');
  });

  it("a reviewer's earlier complete review is superseded by their newest", async () => {
    const { dir, api } = await setup();
    const first = await scriptedReview(api, 'percept', 'scripted-consistent', erraticRater(9), { seed: 51 });
    await scriptedReview(api, 'percept', 'scripted-consistent', consistentRater, { seed: 52 });
    const { verdict } = await run(dir);
    expect(verdict.outcome).toBe('supports');
    expect((verdict.evidence as { superseded: { reviewId: string }[] }).superseded).toEqual([
      { reviewId: first.reviewId, reviewer: 'scripted-consistent' },
    ]);
  });
});

describe('compare reviews', () => {
  it('a position-biased reviewer (always left): flagged by the binomial test and by swapped repeats, inconclusive', async () => {
    const { dir, api } = await setup('compare');
    await scriptedReview(api, 'percept', 'scripted-left', leftPicker, { seed: 61 });
    const { report, consistency, verdict } = await run(dir);
    expect(consistency.summary).toMatch(
      /scripted-left \(review [^)]+\) chose the left image in 50 of 50 side answers \(100%; binomial test against 50%: p = 1\.8e-15, below 0\.01\): a position bias/,
    );
    expect(consistency.summary).toMatch(/answered 5 of 10 repeated pairs the same way \(50%, below 80%\)/);
    expect(verdict.outcome).toBe('neutral');
    expect(report.falsifications[0]?.decision).toBe('inconclusive');
  });

  it('a reviewer who prefers the reference wherever it is shown: consistent (swapped repeats agree), quantized judged worse (supports, one source)', async () => {
    const { dir, api } = await setup('compare');
    await scriptedReview(api, 'percept', 'scripted-reference', referencePicker, { seed: 62 });
    const { report, consistency, verdict } = await run(dir);
    const r = (
      consistency.evidence as { reviews: { swappedRepeats: number; swappedAgreements: number; positionBias: { pValue: number } }[] }
    ).reviews[0];
    expect(r?.swappedRepeats).toBe(5);
    expect(r?.swappedAgreements).toBe(5);
    expect(r?.positionBias.pValue).toBeGreaterThan(0.01);
    expect(consistency.summary).toMatch(/^Consistent/);
    expect(verdict.outcome).toBe('supports');
    const q = (verdict.evidence as { rows: ConditionShare[] }).rows.find((x) => x.condition === CONDITIONS.quantized);
    expect(q).toMatchObject({ n: 40, unusable: 40, share: 1 });
    expect(report.falsifications[0]?.decision).toBe('inconclusive');
  });
});
