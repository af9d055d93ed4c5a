/**
 * Withdrawing a claim, a finding or a check: the item stays in case.json with `withdrawn: { at, who, reason }`
 * (the audit log's entry carries the same reason), and leaves everything that decides or writes: runs skip it,
 * decisions, the review queue and letters leave it out (docs/case-format.md, "Withdrawn items"). A reason is
 * required. Nothing is withdrawn silently: a claim is refused while a finding in force is about it (withdraw
 * those first), and an item already withdrawn is refused. A finding's checks stay as they were (withdrawing the
 * finding takes them out with it). Restoring is not offered: a withdrawn item stays in the history; add it again.
 * Example: `await withdraw(dir, registry, { who: 'Ada' }, { item: 'check', finding: 'F1', id: 'growth-fit-1',
 * reason: 'y names a column the table does not have' })`.
 */
import { join } from 'node:path';
import type { CheckRegistry } from './check-registry';
import { BadInputError } from '../errors';
import { editCase, type Reviewer, type EditResult } from './edit';
import { displayPath } from './load';
import { isActive, type CaseFile, type Withdrawal } from './model';

/** What to withdraw: a claim, a finding (`falsifications` in case.json) or one check of a finding. */
export type WithdrawTarget = { item: 'claim'; id: string } | { item: 'finding'; id: string } | { item: 'check'; finding: string; id: string };

/** Fewest characters of a withdrawal's reason: a reader of the history must learn why. */
export const MIN_WITHDRAW_REASON = 10;

/** The target as one word for the audit log and messages: `claim C1`, `finding F1`, `check F1/x`. */
export function targetName(t: WithdrawTarget): string {
  return t.item === 'check' ? `check ${t.finding}/${t.id}` : `${t.item} ${t.id}`;
}

/** Withdraws the target; one atomic, validated, logged edit (app/cases/edit.ts). */
export async function withdraw(dir: string, registry: CheckRegistry, reviewer: Reviewer, t: WithdrawTarget & { reason: string }, now: () => Date = () => new Date()): Promise<EditResult> {
  const shown = displayPath(join(dir, 'case.json'));
  const reason = t.reason.replace(/\s+/g, ' ').trim();
  if (reason.length < MIN_WITHDRAW_REASON) throw new BadInputError(shown, `withdrawing ${targetName(t)} needs a reason of at least ${MIN_WITHDRAW_REASON} characters saying why`);
  const withdrawal: Withdrawal = { at: now().toISOString(), who: reviewer.who, reason };
  const target: Record<string, string> = t.item === 'check' ? { item: 'check', finding: t.finding, id: t.id } : { item: t.item, id: t.id };
  return editCase(dir, registry, reviewer, `withdraw-${t.item}`, (c) => mark(c, t, withdrawal, shown), { withdrawn: target, reason });
}

function mark(c: CaseFile, t: WithdrawTarget, w: Withdrawal, shown: string): void {
  if (t.item === 'claim') {
    const claim = c.paper.claims.find((x) => x.id === t.id);
    if (claim === undefined) throw new BadInputError(shown, `no claim "${t.id}" (claims: ${c.paper.claims.map((x) => x.id).join(', ') || 'none'})`);
    if (!isActive(claim)) throw new BadInputError(shown, `claim ${t.id} is already withdrawn (${claim.withdrawn?.reason})`);
    const about = c.falsifications.filter((f) => f.claim === t.id && isActive(f)).map((f) => f.id);
    if (about.length > 0) throw new BadInputError(shown, `claim ${t.id} still has findings in force (${about.join(', ')}): withdraw them first, each with its reason`);
    claim.withdrawn = w;
    return;
  }
  const f = c.falsifications.find((x) => x.id === (t.item === 'check' ? t.finding : t.id));
  const fid = t.item === 'check' ? t.finding : t.id;
  if (f === undefined) throw new BadInputError(shown, `no finding "${fid}" (findings: ${c.falsifications.map((x) => x.id).join(', ') || 'none'})`);
  if (t.item === 'finding') {
    if (!isActive(f)) throw new BadInputError(shown, `finding ${t.id} is already withdrawn (${f.withdrawn?.reason})`);
    f.withdrawn = w;
    return;
  }
  if (!isActive(f)) throw new BadInputError(shown, `finding ${f.id} is withdrawn: its checks went with it`);
  const check = f.checks.find((x) => x.id === t.id);
  if (check === undefined) throw new BadInputError(shown, `no check "${t.id}" in ${f.id} (checks: ${f.checks.map((x) => x.id).join(', ') || 'none'})`);
  if (!isActive(check)) throw new BadInputError(shown, `check ${f.id}/${t.id} is already withdrawn (${check.withdrawn?.reason})`);
  check.withdrawn = w;
}
