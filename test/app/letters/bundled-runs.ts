/**
 * The bundled cases copied into a temporary workspace, their checks run and recorded there (as the app runs
 * them), and verdicts agreeing with the computed decisions recorded by a named reviewer: the input of the letter
 * tests. kl-direction runs a module in the sandbox: without bubblewrap it is left out (and said so).
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCase } from '../../../app/cases/load';
import { runCase } from '../../../app/checks/run-case';
import { defaultRegistry } from '../../../app/cli/registry';
import { recordVerdict } from '../../../app/verdicts/record';
import { confinementOrSkip } from '../sandbox/harness';

export const CASES_DIR = resolve(import.meta.dirname, '../../../cases');
export const REVIEWER = 'Ada Lovelace';

/** The reviewer's rationale per case and falsification (what a reviewer would write after reading the evidence). */
export const RATIONALES: Record<string, Record<string, string>> = {
  'fw-attention-collapse': {
    F1: 'Both certificates hold in exact rational arithmetic: the origin leaves the hull at step 706 (c = 200) and at step 3000 (c = 824); a check stopped at 300 steps would have missed it.',
    F2: 'The exit at step 2 exists only in float64: in exact arithmetic the origin stays in the hull up to step 2000.',
  },
  'kl-direction': {
    F1: 'The released loss computes the forward KL to 5.7e-13 relative error, while the theory analyses the reverse KL, and the two fits differ.',
  },
  'padding-perplexity': {
    F1: "The logbook figures are the padded ones: 69% of positions are padding; excluding them gives the paper's 5.2 and 6.8.",
  },
  'paging-robustness': {
    F1: 'The additive term grows like 0.61 ln k up to k = 1024, at 18 sigma, in the simulation and in the exact expectation.',
  },
  'timing-normalization': {
    F1: 'The method was timed per batch of 50 and the baseline per trajectory: per trajectory the method is 25x faster.',
  },
};

export interface BundledRun {
  readonly id: string;
  readonly dir: string;
}

/** Copies the bundled cases to a fresh workspace and runs them; `verdicts` records the agreeing verdicts. */
export async function runBundledCases(o: { verdicts: boolean }): Promise<{ workspace: string; runs: BundledRun[]; skipped: string[] }> {
  const workspace = mkdtempSync(join(tmpdir(), 'recheck-letters-'));
  const confined = (await confinementOrSkip()) !== null;
  const registry = defaultRegistry();
  const runs: BundledRun[] = [];
  const skipped: string[] = [];
  for (const id of Object.keys(RATIONALES)) {
    if (id === 'kl-direction' && !confined) {
      skipped.push(`${id}: no bubblewrap to run its sandboxed check`);
      continue;
    }
    const dir = join(workspace, id);
    cpSync(join(CASES_DIR, id), dir, { recursive: true });
    const loaded = await loadCase(dir, registry);
    const report = await runCase(loaded, registry, { who: REVIEWER });
    if (o.verdicts) {
      for (const f of report.falsifications) {
        const verdict = f.decision === 'confirmed' || f.decision === 'refuted' ? f.decision : 'needs-more-work';
        await recordVerdict(await loadCase(dir, registry), id, {
          falsificationId: f.falsificationId,
          verdict,
          rationale: RATIONALES[id]![f.falsificationId]!,
          reviewer: REVIEWER,
        });
      }
    }
    runs.push({ id, dir });
  }
  return { workspace, runs, skipped };
}
