// buildReport from the UI: the same report, written under the case's runs/ folder, intact, its page returned.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecheckService } from '../../../app/api/service';
import { verifyReport } from '../../../app/reports/verify';
import { ranCopy } from './harness';

describe('buildReport', () => {
  it('writes runs/report-<id> in the case and returns its root and page', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'recheck-report-api-'));
    const dir = await ranCopy('padding-perplexity', ws);
    const api = await createRecheckService({ workspaceDir: ws, who: 'UI Reviewer' });
    try {
      const r = await api.buildReport('padding-perplexity');
      expect(r.path).toBe(`runs/${r.reportId}`);
      expect(r.html).toContain('falsification refuted: the claim stands');
      expect(r.html).not.toMatch(/<script/i);
      const v = await verifyReport(join(dir, r.path), { expect: r.root });
      expect(v.problems).toEqual([]);
      expect((await api.openCase('padding-perplexity')).audit.at(-1)).toMatchObject({
        action: 'report',
        who: 'UI Reviewer',
        details: { root: r.root, path: r.path },
      });
      // A second report does not copy the first (runs/ holds records, not inputs), and decisions still come from the run.
      const again = await api.buildReport('padding-perplexity');
      expect(again.path).not.toBe(r.path);
      expect((await api.listCases())[0]?.lastDecisions).toEqual({ F1: 'refuted' });
    } finally {
      api.dispose();
    }
  }, 60_000);
});
