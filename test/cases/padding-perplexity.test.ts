// The bundled case padding-perplexity: the evaluation table regenerates byte for byte from the seeded
// sandbox, the logbook's numbers are the padded ones, and the case runner computes the decision.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCase } from '../../app/cases/load';
import { runCase } from '../../app/checks/run-case';
import { defaultRegistry } from '../../app/cli/registry';
import { evaluationCsv } from '../../cases/padding-perplexity/sandbox/evaluation';

const CASE = resolve(import.meta.dirname, '../../cases/padding-perplexity');

describe('case padding-perplexity', () => {
  const committed = readFileSync(join(CASE, 'logbook/eval/positions.csv'), 'utf8');

  it('the committed evaluation table is the seeded sandbox output', () => {
    expect(evaluationCsv()).toBe(committed);
  });

  it('independent recount: most label positions are padding and the logbook averaged over them', () => {
    // A direct recount from the CSV text, without the audit code: pads after the first pad per (model, seq).
    const rows = committed.trim().split('\n').slice(1).map((l) => l.split(','));
    const seen = new Set<string>();
    const sums: Record<string, { all: number; n: number; kept: number; k: number }> = {};
    for (const [model, seq, , token, nll] of rows as string[][]) {
      const s = (sums[model!] ??= { all: 0, n: 0, kept: 0, k: 0 });
      s.all += Number(nll);
      s.n += 1;
      const key = `${model}/${seq}`;
      if (token === '0' && seen.has(key)) continue; // rows are in position order in this file
      if (token === '0') seen.add(key);
      s.kept += Number(nll);
      s.k += 1;
    }
    const t = sums.teacher!;
    expect(1 - t.k / t.n).toBeGreaterThan(0.5);
    expect(Math.exp(t.all / t.n).toFixed(2)).toBe('1.70'); // the logbook's figure
    expect(Math.exp(sums.student!.all / sums.student!.n).toFixed(2)).toBe('1.96');
    const deflation = Math.exp(t.kept / t.k) / Math.exp(t.all / t.n);
    expect(deflation).toBeGreaterThan(2.5);
    expect(deflation).toBeLessThan(3.5);
  });

  it('refutes the falsification: corrected perplexities and quality cost match the paper', async () => {
    const registry = defaultRegistry();
    const report = await runCase(await loadCase(CASE, registry), registry, { record: false });
    const f1 = report.falsifications.find((f) => f.falsificationId === 'F1');
    expect(f1?.decision).toBe('refuted');
    for (const c of f1?.checks ?? []) {
      expect(c.outcome).toBe('refutes');
      expect(c.evidence.explainedByPadding).toBe(true);
    }
    const cost = f1?.checks.find((c) => c.checkId === 'quality-cost')?.evidence.qualityCost as { costAll: number; costNoPad: number }[];
    expect(cost[0]!.costNoPad).toBeGreaterThan(1.8 * cost[0]!.costAll);
  });
});
