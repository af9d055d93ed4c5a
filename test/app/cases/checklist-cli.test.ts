// `recheck case checklist`: show a falsification's checklist, and answer a question headless (logged edit).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAudit } from '../../../app/cases/audit';
import { cli } from '../../helpers/cli';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

function setup() {
  const ws = tempDir();
  writeMinimalCase(ws, 'mini', {
    format: 'recheck.case/1',
    id: 'mini',
    title: 'A minimal case',
    paper: { title: 'A paper', venueId: 'openreview:example-mini', claims: [{ id: 'C1', text: 'The bound holds.' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
    falsifications: [{ id: 'F1', claim: 'C1', logbook: 'L1', assertion: 'The bound fails at k = 8.', checks: [{ id: 'fit', kind: 'units-audit', title: 'u', params: { quantities: 'sandbox/q.json' } }] }],
  });
  return ws;
}

describe('recheck case checklist', () => {
  it('answers questions and shows the checklist', async () => {
    const ws = setup();
    expect(await cli(['case', 'checklist', 'mini', '--falsification', 'F1', '--question', 'units', '--check', 'fit', '--note', 'both per trajectory', '--who', 'Ada'], ws)).toEqual({ code: 0, stdout: 'F1: units answered by fit\n', stderr: '' });
    expect((await cli(['case', 'checklist', 'mini', '--falsification', 'F1', '--question', 'padding', '--not-applicable', 'no sequences', '--who', 'Ada'], ws)).code).toBe(0);
    const shown = await cli(['case', 'checklist', 'mini', '--falsification', 'F1'], ws);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^F1: 1 answered, 1 not applicable, 4 open\n/);
    expect(shown.stdout).toContain('units           Are units and normalisations the same on both sides?\n                  answered by fit (both per trajectory)');
    expect(shown.stdout).toContain('not applicable: no sequences');
    const json = JSON.parse((await cli(['case', 'checklist', 'mini', '--falsification', 'F1', '--json'], ws)).stdout) as { open: string[] };
    expect(json.open).toEqual(['horizon', 'precision', 'code-vs-theory', 'independent']);
    const c = JSON.parse(readFileSync(join(ws, 'mini', 'case.json'), 'utf8')) as { falsifications: { checklist: unknown }[] };
    expect(c.falsifications[0]?.checklist).toEqual({ units: { status: 'answered', checks: ['fit'], note: 'both per trajectory' }, padding: { status: 'not-applicable', reason: 'no sequences' } });
    expect((await readAudit(join(ws, 'mini'))).map((e) => [e.who, e.details?.question])).toEqual([
      ['Ada', 'units'],
      ['Ada', 'padding'],
    ]);
  });

  it('refuses a check the falsification does not declare, and an ambiguous answer, in one line', async () => {
    const ws = setup();
    const bad = await cli(['case', 'checklist', 'mini', '--falsification', 'F1', '--question', 'units', '--check', 'nope'], ws);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^recheck: \S*mini\/case\.json: F1: question "units" links check "nope", which this falsification does not declare \(checks: fit\)\n$/);
    const both = await cli(['case', 'checklist', 'mini', '--falsification', 'F1', '--question', 'units', '--check', 'fit', '--open'], ws);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give exactly one of --check, --not-applicable or --open/);
  });
});
