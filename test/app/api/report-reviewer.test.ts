// Issue 22: reports built from the UI were signed "reviewer (UI)" whatever the reviewer's name. buildReport takes
// the reviewer's name like the other writing methods (`{ reviewer }`), and the report and its audit entry name them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../app/api/service';
import { API_METHODS } from '../../../common/api/methods';
import { ranCopy } from '../reports/harness';

describe('buildReport validator: the reviewer’s name', () => {
  it('takes an optional { reviewer }, trimmed, like the other writing methods', () => {
    expect(API_METHODS.buildReport.validate(['timing'])).toEqual(['timing']);
    expect(API_METHODS.buildReport.validate(['timing', {}])).toEqual(['timing', {}]);
    expect(API_METHODS.buildReport.validate(['timing', { reviewer: '  Ada Lovelace ' }])).toEqual(['timing', { reviewer: 'Ada Lovelace' }]);
  });

  it('refuses an empty or overlong name, an unknown field and extra arguments', () => {
    expect(() => API_METHODS.buildReport.validate(['timing', { reviewer: '   ' }])).toThrow(/reviewer must not be empty/);
    expect(() => API_METHODS.buildReport.validate(['timing', { reviewer: 'x'.repeat(201) }])).toThrow(/reviewer/);
    expect(() => API_METHODS.buildReport.validate(['timing', { who: 'Ada' }])).toThrow(/unexpected field\(s\): who/);
    expect(() => API_METHODS.buildReport.validate(['timing', {}, 3])).toThrow(/expected 1 or 2 argument/);
    expect(() => API_METHODS.buildReport.validate(['timing', null])).toThrow(/expected an object/);
  });

  it('keeps any printable name it accepts (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,60}[A-Za-z]$/), (who) => {
        expect(API_METHODS.buildReport.validate(['c1', { reviewer: who }])).toEqual(['c1', { reviewer: who }]);
      }),
    );
  });
});

describe('buildReport through the API: the report names the reviewer who built it', () => {
  let ws: string;
  beforeAll(async () => {
    ws = mkdtempSync(join(tmpdir(), 'recheck-report-who-'));
    await ranCopy('padding-perplexity', ws);
  }, 60_000);

  const services: { dispose(): void }[] = [];
  afterAll(() => services.forEach((s) => s.dispose()));

  it('signs with the name the call gives, not "reviewer (UI)"', async () => {
    // No service-wide `who`: before the fix, every report from the UI said "reviewer (UI)".
    const api = await createRecheckService({ workspaceDir: ws });
    services.push(api);
    const r = await api.buildReport('padding-perplexity', { reviewer: 'Ada Lovelace' });
    expect((await api.openCase('padding-perplexity')).audit.at(-1)).toMatchObject({
      action: 'report',
      who: 'Ada Lovelace',
      details: { root: r.root, path: r.path },
    });
    expect(r.html).toContain('Ada Lovelace');
    expect(r.html).not.toContain('reviewer (UI)');
  }, 60_000);

  it('without a name, falls back to the service’s reviewer as before', async () => {
    const api = await createRecheckService({ workspaceDir: ws, who: 'Service Reviewer' });
    services.push(api);
    const r = await api.buildReport('padding-perplexity');
    expect((await api.openCase('padding-perplexity')).audit.at(-1)).toMatchObject({
      action: 'report',
      who: 'Service Reviewer',
      details: { root: r.root },
    });
  }, 60_000);
});
