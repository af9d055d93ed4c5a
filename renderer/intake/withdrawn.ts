/**
 * Withdrawn items in the workbench (app/cases/withdraw.ts): the paper pane shows them struck through with their
 * reason; everything that runs, decides or writes (the checks dock, the decision form, dialogs, letters) sees
 * the case in force only. A finding's latest report whose checks changed since its run is stale
 * (`LatestFalsificationReport.stale`): its decision is shown as stale, never as current. Pure: no DOM.
 * Example: `inForce(detail).falsifications` lists the findings not withdrawn, each with its checks in force.
 */
import type { CaseDetail, LatestFalsificationReport, WithdrawalView } from '../../common/api/contract';

/** The case as runs and decisions see it: withdrawn claims, findings and checks left out. */
export function inForce(detail: CaseDetail): CaseDetail {
  const active = <T extends { withdrawn?: WithdrawalView }>(x: T) => x.withdrawn === undefined;
  return {
    ...detail,
    paper: { ...detail.paper, claims: detail.paper.claims.filter(active) },
    falsifications: detail.falsifications.filter(active).map((f) => ({ ...f, checks: f.checks.filter(active) })),
  };
}

/** Why a finding's latest decision is stale, or null (current, or never run). */
export function staleReason(latest: readonly LatestFalsificationReport[], falsificationId: string): string | null {
  return latest.find((r) => r.falsificationId === falsificationId)?.stale ?? null;
}

/** One line for a withdrawal: `withdrawn by Ada on 2026-12-02: <reason>`. */
export function withdrawnLine(w: WithdrawalView): string {
  return `withdrawn by ${w.who} on ${w.at.slice(0, 10)}: ${w.reason}`;
}
