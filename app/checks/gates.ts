/**
 * The gates a decision must pass (/work/notes/decisions-gates.md, "Gates"): which checks count toward a
 * decision at all, when two checks are independent, and what the claim-fails decisions (`falsification
 * confirmed`, `verification overturned`) need: an exact or rigorous certificate recomputed by Recheck, or two
 * independent agreeing checks (one of them recomputed; a recomputed result holding 2 or more independent sources
 * that each reach its side, such as distinct blind reviewers, counts as two), each from at least MIN_SEEDS seeds
 * where it states seeds.
 * Pure: it reads only the check views (guarantee, basis, seeds, data hash), never a kind's name.
 */
import type { CheckResultView, DecisionGate, GuaranteeView } from '../../common/api/contract';

/** Fewest seeds behind a result that states its seeds, for it to count toward a claim-fails decision. */
export const MIN_SEEDS = 3;

/** A view's guarantee (absent in reports written before guarantees: approximate). */
export function viewGuarantee(c: Pick<CheckResultView, 'guarantee'>): GuaranteeView {
  return c.guarantee ?? { kind: 'approximate' };
}

/** A view's basis (absent in reports written before bases: logbook, the conservative reading). */
export function viewBasis(c: Pick<CheckResultView, 'basis'>): 'logbook' | 'recomputed' {
  return c.basis ?? 'logbook';
}

/** Whether a result is a certificate: exact or a rigorous enclosure, computed or verified by Recheck. */
export function isCertificate(c: Pick<CheckResultView, 'guarantee' | 'basis'>): boolean {
  const g = viewGuarantee(c).kind;
  return (g === 'exact' || g === 'enclosure') && viewBasis(c) === 'recomputed';
}

/**
 * Whether two checks are independent: not the same data (equal `dataSha256`: two fits of one table are one
 * source), and different in basis, in kind, or in the data both name. Example: a recomputed sweep fit and a fit
 * of the logbook's own table are independent; two fits of the same sweep table are not.
 */
export function independent(a: CheckResultView, b: CheckResultView): boolean {
  if (a.checkId === b.checkId) return false;
  if (a.dataSha256 !== undefined && a.dataSha256 === b.dataSha256) return false;
  if (viewBasis(a) !== viewBasis(b) || a.kind !== b.kind) return true;
  return a.dataSha256 !== undefined && b.dataSha256 !== undefined;
}

/** Why a check that is not neutral counts toward no decision, or null when it counts: approximate results never decide. */
export function notCounted(c: Pick<CheckResultView, 'guarantee'>): string | null {
  return viewGuarantee(c).kind === 'approximate' ? 'approximate' : null;
}

/** The rule of the claim-fails gate, as decisions and documents state it. */
export const CLAIM_FAILS_RULE =
  'the claim fails: an exact or rigorous certificate, or two independent agreeing checks (one recomputed), each from at least 3 seeds where seeds matter';

/**
 * The claim-fails gate over the counted checks that show the claim fails. Example: one recomputed `exact`
 * check passes it; two statistical fits with the same `dataSha256` miss it ("... examine the same data").
 */
export function claimFailsGate(fails: readonly CheckResultView[]): DecisionGate & { by: string[] } {
  const fewSeeds = fails.filter((c) => c.seeds !== undefined && c.seeds < MIN_SEEDS);
  const eligible = fails.filter((c) => !fewSeeds.includes(c));
  const cert = eligible.find(isCertificate);
  if (cert !== undefined) return { passed: true, rule: `${CLAIM_FAILS_RULE} (certificate: ${cert.checkId})`, by: [cert.checkId] };
  // One result holding independent sources that each reach its side alone (distinct blind reviewers).
  const multi = eligible.find((c) => (c.sources ?? 1) >= 2 && viewBasis(c) === 'recomputed');
  if (multi !== undefined)
    return { passed: true, rule: `${CLAIM_FAILS_RULE} (independent: ${multi.sources} sources in ${multi.checkId})`, by: [multi.checkId] };
  for (const [i, a] of eligible.entries()) {
    for (const b of eligible.slice(i + 1)) {
      if (independent(a, b) && (viewBasis(a) === 'recomputed' || viewBasis(b) === 'recomputed')) {
        return { passed: true, rule: `${CLAIM_FAILS_RULE} (independent: ${a.checkId}, ${b.checkId})`, by: [a.checkId, b.checkId] };
      }
    }
  }
  return { passed: false, rule: CLAIM_FAILS_RULE, missing: missingWhy(eligible, fewSeeds), by: [] };
}

function missingWhy(eligible: readonly CheckResultView[], fewSeeds: readonly CheckResultView[]): string {
  const parts: string[] = [];
  if (fewSeeds.length > 0) parts.push(`fewer than ${MIN_SEEDS} seeds: ${fewSeeds.map((c) => `${c.checkId} (${c.seeds})`).join(', ')}`);
  const recomputed = eligible.filter((c) => viewBasis(c) === 'recomputed');
  if (eligible.length === 0) {
    if (parts.length === 0) parts.push('no check counts');
  } else if (recomputed.length === 0) {
    parts.push(`only the logbook's own numbers (${eligible.map((c) => c.checkId).join(', ')})`);
  } else if (eligible.length === 1) {
    parts.push(`one ${viewGuarantee(eligible[0] as CheckResultView).kind} check (${eligible[0]?.checkId}) and no independent second`);
  } else {
    const sameData = eligible.filter((c) => c.dataSha256 !== undefined && eligible.some((d) => d !== c && d.dataSha256 === c.dataSha256));
    const why =
      sameData.length > 0
        ? `${sameData.map((c) => c.checkId).join(', ')} examine the same data (sha256 ${sameData[0]?.dataSha256?.slice(0, 12)}...)`
        : 'they are not independent (same kind and basis, no data to tell apart)';
    parts.push(`no two independent checks: ${why}`);
  }
  return parts.join('; ');
}
