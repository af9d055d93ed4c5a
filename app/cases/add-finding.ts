/**
 * Adds a logbook's finding on a claim with its polarity (`says`: verified, falsified, toy or inconclusive),
 * its assertion quoted from the logbook (and, ideally, its cell): one atomic, validated, logged edit of
 * case.json through `editCase` (app/cases/edit.ts). `addFalsification` there stays the edit of a claimed
 * falsification without the field (so a case built that way reads as before); this one always writes `says`.
 * Example: `await addFinding(dir, registry, { who: 'Ada' }, { claim: 'C1', logbook: 'L1', says: 'verified',
 * assertion: 'verified at this scale' })` adds F1 with `"says": "verified"`.
 */
import { join } from 'node:path';
import type { CheckRegistry } from './check-registry';
import { BadInputError } from '../errors';
import { editCase, nextId, type Reviewer, type EditResult } from './edit';
import { displayPath } from './load';
import { FINDING_SAYS, type AssertionSource, type Falsification, type FindingSays } from './model';

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface NewFinding {
  id?: string;
  claim: string;
  logbook: string;
  says: FindingSays;
  assertion: string;
  source?: Omit<AssertionSource, 'logbook'>;
}

export async function addFinding(dir: string, registry: CheckRegistry, reviewer: Reviewer, f: NewFinding): Promise<EditResult & { id: string }> {
  const shown = displayPath(join(dir, 'case.json'));
  if (!FINDING_SAYS.includes(f.says)) throw new BadInputError(shown, `a finding says one of ${FINDING_SAYS.join(', ')}, not ${JSON.stringify(f.says)}`);
  let id = '';
  const r = await editCase(
    dir,
    registry,
    reviewer,
    'add-finding',
    (c) => {
      const taken = c.falsifications.map((x) => x.id);
      if (f.id !== undefined) {
        if (!ID.test(f.id)) throw new BadInputError(shown, `finding id "${f.id}" must start with a letter or digit and hold only letters, digits, ".", "_" or "-" (at most 128)`);
        if (taken.includes(f.id)) throw new BadInputError(shown, `finding id "${f.id}" is taken (taken: ${taken.join(', ')})`);
      }
      id = f.id ?? nextId('F', taken);
      if (!c.paper.claims.some((x) => x.id === f.claim)) throw new BadInputError(shown, `no claim "${f.claim}" (claims: ${c.paper.claims.map((x) => x.id).join(', ') || 'none yet; add one with recheck case add-claim'})`);
      if (!c.logbooks.some((x) => x.id === f.logbook)) throw new BadInputError(shown, `no logbook "${f.logbook}" (logbooks: ${c.logbooks.map((x) => x.id).join(', ') || 'none yet; import one with recheck import trackio'})`);
      const assertion = f.assertion.trim();
      if (assertion === '') throw new BadInputError(shown, 'a finding needs its assertion, quoted from the logbook');
      const source = f.source !== undefined && (f.source.page !== undefined || f.source.cell !== undefined) ? { source: { logbook: f.logbook, ...f.source } } : {};
      const finding: Falsification = { id, claim: f.claim, logbook: f.logbook, says: f.says, assertion, ...source, checks: [] };
      c.falsifications.push(finding);
    },
    { says: f.says },
  );
  return { ...r, id };
}
