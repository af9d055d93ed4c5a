// Issue 19 item 6 / issue 22 in the workbench: the case in force (withdrawn items out of what runs and decides),
// stale decisions never shown as current, and check forms that offer a table's real columns.
import { join } from 'node:path';
import type { FunctionComponent } from 'react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseDetail, LatestFalsificationReport } from '../../../common/api/contract';
import { growthFitKind } from '../../../app/checks/kinds/growth-fit';
import { shownDecisions, shownFalsifications } from '../../../renderer/lib/decisions';
import { schemaToForm, valuesFrom } from '../../../renderer/intake/schema-form';
import { columnChoices, headerOf, tablePathsOf } from '../../../renderer/intake/table-columns';
import { inForce, staleReason, withdrawnLine } from '../../../renderer/intake/withdrawn';

const DIR = join(import.meta.dirname, '../../../renderer/intake');
async function component<P>(file: string, name: string): Promise<FunctionComponent<P>> {
  const mod = (await import(/* @vite-ignore */ join(DIR, `${file}.tsx`))) as Record<string, unknown>;
  return mod[name] as FunctionComponent<P>;
}

const w = { at: '2026-12-02T02:30:00.000Z', who: 'Ada', reason: 'y names a column the table does not have' };
const report = (id: string, stale?: string): LatestFalsificationReport => ({
  falsificationId: id,
  claim: 'C1',
  assertion: 'a',
  decision: 'confirmed',
  reason: 'r',
  checks: [],
  runId: 'r1',
  finishedAt: 't',
  ...(stale !== undefined ? { stale } : {}),
});

function detail(): CaseDetail {
  return {
    id: 'alpha',
    title: 'A',
    paper: {
      title: 'P',
      venueId: 'openreview:x',
      authors: [],
      claims: [
        { id: 'C1', text: 'c' },
        { id: 'C2', text: 'd', withdrawn: w },
      ],
    },
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'L1',
        assertion: 'a',
        checks: [
          { id: 'k1', kind: 'growth-fit', title: 't', params: {} },
          { id: 'k2', kind: 'growth-fit', title: 't', params: {}, withdrawn: w },
        ],
        checklist: [],
      },
      { id: 'F2', claim: 'C2', logbook: 'L1', assertion: 'b', checks: [], checklist: [], withdrawn: w },
    ],
    paperMarkdown: '# P\n',
    logbooks: [],
    sandboxFiles: [],
    audit: [],
    latest: [report('F1', 'the checks changed since this run (check k2 withdrawn): run again')],
  };
}

describe('the case in force', () => {
  it('leaves withdrawn claims, findings and checks out of what runs and decides', () => {
    const d = inForce(detail());
    expect(d.paper.claims.map((c) => c.id)).toEqual(['C1']);
    expect(d.falsifications.map((f) => [f.id, f.checks.map((c) => c.id)])).toEqual([['F1', ['k1']]]);
    expect(withdrawnLine(w)).toBe('withdrawn by Ada on 2026-12-02: y names a column the table does not have');
  });

  it('never shows a stale decision as current, and says why it is stale', () => {
    const d = detail();
    expect(shownDecisions(shownFalsifications(d, undefined))).toEqual({});
    expect(staleReason(d.latest, 'F1')).toBe('the checks changed since this run (check k2 withdrawn): run again');
    const current = { ...d, latest: [report('F1')] };
    expect(shownDecisions(shownFalsifications(current, undefined))).toEqual({ F1: 'confirmed' });
  });
});

describe('column params of a check form', () => {
  const form = schemaToForm(growthFitKind.paramsSchema);

  it("growth-fit's x, y and se name columns of its table param", () => {
    const cols = form.fields.filter((f) => f.type === 'string' && f.tableColumn !== undefined).map((f) => f.name);
    expect(cols).toEqual(['x', 'y', 'se']);
    expect(tablePathsOf(form, valuesFrom(form, { table: 'tables/sweep.csv', x: 'k' }))).toEqual({ table: 'tables/sweep.csv' });
    expect(tablePathsOf(form, valuesFrom(form, { x: 'k' }))).toEqual({});
  });

  it('offers the header and marks a value the table lacks (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}$/), { minLength: 1, maxLength: 6 }),
        fc.stringMatching(/^[A-Za-z_]{0,4}$/),
        (header, value) => {
          expect(headerOf(`${header.join(',')}\n${header.map(() => '1').join(',')}\n`)).toEqual(header);
          const c = columnChoices(header, value);
          expect(c.options).toEqual(header);
          expect(c.unknown).toBe(value !== '' && !header.includes(value) ? value : null);
        },
      ),
    );
    expect(headerOf('"a,b\n')).toBeNull();
  });

  it('renders x, y and se as selects of the table header; the example y=additive, se=se is marked as not a column', async () => {
    const SchemaForm = await component<Record<string, unknown>>('SchemaForm', 'SchemaForm');
    const values = valuesFrom(form, { ...growthFitKind.example, table: 'tables/sweep.csv' });
    const html = renderToStaticMarkup(
      h(SchemaForm, {
        form,
        values,
        onChange: () => undefined,
        files: [{ path: 'tables/sweep.csv', size: 40 }],
        idPrefix: 't',
        columns: { table: { path: 'tables/sweep.csv', columns: ['k', 'ratio', 'H_k'] } },
      }),
    );
    for (const name of ['x', 'y', 'se']) expect(html).toContain(`data-testid="column-${name}"`);
    expect(html).toContain('>additive (not a column of the table)</option>');
    expect(html).toContain('data-testid="column-unknown-y"');
    expect(html).toContain('data-testid="column-unknown-se"');
    expect(html).not.toContain('data-testid="column-unknown-x"');
    expect(html).toContain('has no column “additive” (columns: k, ratio, H_k)');
    // Without the header (not read yet, or not a CSV) the columns are typed.
    const typed = renderToStaticMarkup(h(SchemaForm, { form, values, onChange: () => undefined, files: null, idPrefix: 't' }));
    expect(typed).not.toContain('data-testid="column-y"');
  });

  it('Withdraw… opens nothing until pressed, and a withdrawn item shows who, when and why', async () => {
    const WithdrawButton = await component<Record<string, unknown>>('Withdraw', 'WithdrawButton');
    const WithdrawnNote = await component<Record<string, unknown>>('Withdraw', 'WithdrawnNote');
    const btn = renderToStaticMarkup(
      h(WithdrawButton, {
        api: {},
        caseId: 'alpha',
        what: { item: 'check', finding: 'F1', id: 'k1' },
        reviewer: 'Ada',
        onWithdrawn: () => undefined,
      }),
    );
    expect(btn).toContain('data-testid="withdraw-check-F1-k1"');
    expect(btn).toContain('aria-label="Withdraw check F1/k1"');
    expect(renderToStaticMarkup(h(WithdrawnNote, { withdrawn: w, testId: 'n' }))).toContain(
      'withdrawn by Ada on 2026-12-02: y names a column the table does not have',
    );
  });
});
