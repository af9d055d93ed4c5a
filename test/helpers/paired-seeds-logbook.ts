/**
 * The paired-seeds logbook of issue 20 as a Trackio workspace folder (`.trackio/logbook/...`): a page whose
 * claim is a paired comparison over the same five seeds, a run cell that prints the per-seed table and an
 * unpaired Welch test (t = 0.507, p = 0.626), and a verdict cell declaring the claim falsified. From the
 * printed table the paired t is sqrt(320) = 17.889 on 4 dof, p = 5.74e-5: the claim stands.
 *
 * Example: `writePairedSeedsLogbook(tempDir())` then `recheck import trackio <dir> --out seeds`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTrackioLogbook } from './trackio-writer';

export const PAIRED_BASELINE = [71.4, 67.62, 75.78, 70.26, 73.44];
export const PAIRED_METHOD = [72.525, 68.495, 76.905, 71.135, 74.44];
export const PAIRED_CLAIM = 'The method beats the baseline: a paired comparison over the same seeds shows a significant improvement.';
export const PAIRED_VERDICT = 'Claim falsified: no significant difference';
export const PAIRED_RUN_CELL = 'cell_seeds_run';
export const PAIRED_VERDICT_CELL = 'cell_seeds_verdict';
export const PAIRED_VENUE = 'openreview:example-paired-seeds';

const SCRIPT = `from scipy import stats
baseline = [71.4, 67.62, 75.78, 70.26, 73.44]
method = [72.525, 68.495, 76.905, 71.135, 74.44]
print("seed  baseline  method")
for i, (b, m) in enumerate(zip(baseline, method)):
    print(f"{i + 1}  {b}  {m}")
r = stats.ttest_ind(method, baseline, equal_var=False)
print(f"Welch t-test: t = {r.statistic:.3f}, p = {r.pvalue:.3f}")`;

/** The run cell's printed output: the five-seed table, then the unpaired test. */
export const PAIRED_OUTPUT = [
  'seed  baseline  method',
  ...PAIRED_BASELINE.map((b, i) => `${i + 1}  ${b}  ${PAIRED_METHOD[i]}`),
  'Welch t-test: t = 0.507, p = 0.626',
].join('\n');

/** Writes the logbook under `dir/.trackio/` (with metadata naming the paper) and returns `dir`. */
export function writePairedSeedsLogbook(dir: string): string {
  writeTrackioLogbook(dir, {
    title: 'Paired seeds: method vs baseline',
    paper: PAIRED_VENUE,
    metadata: { space_id: null, emoji: '🎯', paper: PAIRED_VENUE, tags: ['repro', 'seeds'] },
    pages: [
      {
        slug: 'seed-comparison',
        title: 'Seed comparison',
        cells: [
          {
            type: 'markdown',
            id: 'cell_seeds_claim',
            title: 'Claim under test',
            body: `Claim under test: ${PAIRED_CLAIM}\n\nWe rerun both on seeds 1 to 5.`,
          },
          {
            type: 'run',
            id: PAIRED_RUN_CELL,
            command: ['python3', 'seeds.py'],
            exitCode: 0,
            durationS: 1.2,
            scripts: [{ name: 'seeds.py', lang: 'python', text: SCRIPT }],
            output: PAIRED_OUTPUT,
          },
          { type: 'markdown', id: PAIRED_VERDICT_CELL, title: 'Verdict', body: `${PAIRED_VERDICT}.` },
        ],
      },
    ],
  });
  writeFileSync(join(dir, 'seeds.py'), `${SCRIPT}\n`);
  return dir;
}
