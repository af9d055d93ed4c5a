// The judge view's pure part (checkers/screen/judge.ts): a verdict's support from its finding's flags, the counts'
// sums and their independence of the claims' order, monotone support (a flag never makes a verdict better
// supported), and a flip's order swapping when verified and falsified swap.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildLedger } from '../../../checkers/ledger/summary';
import { VERDICTS, type Verdict, type VerdictRow } from '../../../checkers/ledger/verdicts';
import { judgeView, verdictSupport, type JudgeLogbook } from '../../../checkers/screen/judge';
import { FLAG_KINDS, type FlagKind } from '../../../checkers/screen/model';

const lb = (
  logbook: string,
  says: 'verified' | 'falsified',
  kinds: FlagKind[],
  max: number | null,
  extra: Partial<JudgeLogbook> = {},
): JudgeLogbook => ({
  logbook,
  findings: [{ page: 'p', cell: 'f1', says, claim: 'X is O(1)' }],
  horizons: [max === null ? null : { x: 'k', max, rows: 5, page: 'p', cell: 't1' }],
  flags: kinds.map((kind, i) => ({ kind, page: 'p', cell: `c${i}`, finding: 'f1' })),
  ...extra,
});
const row = (logbook: string, verdict: Verdict) => ({ paper: 'P', claim: 'C1', logbook, verdict });

describe('verdictSupport', () => {
  it("reads support from the flags on the verdict's finding", () => {
    expect(verdictSupport(row('a', 'verified'), lb('a', 'verified', [], 64)).support).toBe('supported');
    expect(verdictSupport(row('a', 'verified'), lb('a', 'verified', ['premature-verification'], 16)).support).toBe('cannot-carry');
    expect(verdictSupport(row('a', 'verified'), lb('a', 'verified', ['printed-inconsistent', 'premature-verification'], 16)).support).toBe(
      'contradicted',
    );
    expect(verdictSupport(row('a', 'falsified'), lb('a', 'falsified', ['units-mismatch'], null)).support).toBe('contradicted');
    expect(verdictSupport(row('a', 'inconclusive'), lb('a', 'falsified', ['failed-run'], null)).support).toBe('no-decision');
    expect(verdictSupport(row('a', 'verified'), null).support).toBe('unscreened');
  });

  it('leaves out the flags of another finding but keeps the logbook-wide ones', () => {
    const two: JudgeLogbook = {
      logbook: 'a',
      findings: [
        { page: 'p', cell: 'f1', says: 'verified', claim: 'X is O(1)' },
        { page: 'q', cell: 'f2', says: 'falsified', claim: 'Y is fast' },
      ],
      horizons: [null, null],
      flags: [{ kind: 'units-mismatch', page: 'q', cell: 'f2', finding: 'f2' }],
    };
    expect(verdictSupport(row('a', 'verified'), two)).toMatchObject({ support: 'supported', finding: { cell: 'f1' } });
    expect(verdictSupport(row('a', 'falsified'), two)).toMatchObject({ support: 'contradicted', finding: { cell: 'f2' } });
    const wide = { ...two, flags: [{ kind: 'missing-artifact' as const, page: 'q', cell: 'x' }] };
    expect(verdictSupport(row('a', 'verified'), wide).support).toBe('cannot-carry');
    // The ledger's claim text picks the finding when it names one.
    expect(verdictSupport({ ...row('a', 'verified'), claim: 'Y is fast' }, two).finding?.cell).toBe('f2');
  });

  it('says cannot-carry for a decisive verdict on a logbook with no finding', () => {
    expect(verdictSupport(row('a', 'verified'), { logbook: 'a', findings: [], horizons: [], flags: [] }).support).toBe('cannot-carry');
  });
});

const RANK = { supported: 0, 'cannot-carry': 1, contradicted: 2 } as const;
const arbKinds = fc.uniqueArray(fc.constantFrom(...FLAG_KINDS), { maxLength: 4 });
const arbLogbooks = fc.array(
  fc.record({
    verdict: fc.constantFrom(...VERDICTS),
    says: fc.constantFrom('verified' as const, 'falsified' as const),
    kinds: arbKinds,
    max: fc.option(fc.integer({ min: 1, max: 4096 })),
    paper: fc.constantFrom('P1', 'P2', 'P3', 'P4'),
    screened: fc.boolean(),
  }),
  { minLength: 1, maxLength: 24 },
);

type Item = { verdict: Verdict; says: 'verified' | 'falsified'; kinds: FlagKind[]; max: number | null; paper: string; screened: boolean };

function build(items: readonly Item[]) {
  const rows: VerdictRow[] = items.map((it, i) => ({
    paper: it.paper,
    claim: 'C1',
    logbook: `L${i}`,
    verdict: it.verdict,
    source: 'test',
  }));
  const screened = new Map<string, JudgeLogbook>(
    items.flatMap((it, i) => (it.screened ? [[`L${i}`, lb(`L${i}`, it.says, it.kinds, it.max)] as const] : [])),
  );
  return { claims: buildLedger(rows).claimSummaries, screened };
}

describe('judgeView (properties)', () => {
  it("counts every verdict once, and the counts do not depend on the claims' order", () => {
    fc.assert(
      fc.property(arbLogbooks, (items) => {
        const { claims, screened } = build(items);
        const view = judgeView(claims, screened);
        expect(view.verdicts.length).toBe(items.length);
        for (const v of VERDICTS) {
          const c = view.counts[v];
          expect(c.supported + c.contradicted + c['cannot-carry'] + c['no-decision'] + c.unscreened).toBe(c.verdicts);
          expect(c.verdicts).toBe(items.filter((it) => it.verdict === v).length);
        }
        const reversed = judgeView([...claims].reverse(), screened);
        expect(reversed.counts).toEqual(view.counts);
        expect(reversed.flips).toEqual(view.flips);
      }),
    );
  });

  it("a flag added to a verdict's evidence never makes it better supported", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('verified' as const, 'falsified' as const),
        arbKinds,
        fc.constantFrom(...FLAG_KINDS),
        (v, kinds, extra) => {
          const before = verdictSupport(row('a', v), lb('a', v, kinds, 8)).support as keyof typeof RANK;
          const after = verdictSupport(row('a', v), lb('a', v, [...kinds, extra], 8)).support as keyof typeof RANK;
          expect(RANK[after]).toBeGreaterThanOrEqual(RANK[before]);
        },
      ),
    );
  });

  it("a flip's order swaps when verified and falsified swap", () => {
    const swap = {
      'verified-below-falsified': 'falsified-below-verified',
      'falsified-below-verified': 'verified-below-falsified',
    } as Record<string, string>;
    fc.assert(
      fc.property(arbLogbooks, (items) => {
        const flip = (its: readonly Item[]) => judgeView(build(its).claims, build(its).screened).flips.map((f) => [f.paper, f.order]);
        const swapped = items.map((it) => ({
          ...it,
          verdict: it.verdict === 'verified' ? ('falsified' as const) : it.verdict === 'falsified' ? ('verified' as const) : it.verdict,
        }));
        expect(flip(swapped)).toEqual(flip(items).map(([p, o]) => [p, swap[o as string] ?? o]));
      }),
    );
  });
});
