/**
 * The data of the metric-claim tests: five seeds of a gain written as fractions (the claim "+4pp" is in points),
 * with the method and baseline accuracies it is the difference of, as a CSV; and a Trackio database written by
 * Python's sqlite3 (test/app/metrics/sqlite-fixture.ts) with one run per seed logging eval/acc at steps 0..100 by
 * 10 (the value at 50 and the last one given here), beside a run without that metric. The numbers here are the
 * tests' oracle inputs.
 */
import { hexId, isoAt, writeTrackioDatabase, type RunSpec } from '../../metrics/sqlite-fixture';

/** Five seeds of a gain as fractions (+4.52pp ... ), and the method/baseline accuracies they are the difference of. */
export const GAIN = [0.0452, 0.047, 0.0435, 0.048, 0.0458];
export const BASELINE = [0.7012, 0.6954, 0.7101, 0.6987, 0.7043];
export const METHOD = BASELINE.map((b, i) => Number((b + (GAIN[i] as number)).toFixed(4)));
export const seedsCsv = (n = 5) =>
  `seed,baseline,method,gain\n${Array.from({ length: n }, (_, i) => `${i + 1},${BASELINE[i]},${METHOD[i]},${GAIN[i]}`).join('\n')}\n`;

/** The Trackio runs: one per seed, eval/acc logged at steps 0..100 by 10, the last being the seed's value. */
export const ACC_LAST = [0.812, 0.826, 0.805, 0.819, 0.831];
export const ACC_AT_50 = [0.7, 0.71, 0.69, 0.705, 0.715];
export function writeSeedsDatabase(path: string): void {
  const runs: RunSpec[] = ACC_LAST.map((last, r) => ({
    runId: hexId(r + 1),
    name: `seed-${r + 1}`,
    rows: Array.from({ length: 11 }, (_, i) => {
      const step = i * 10;
      const acc = step === 100 ? last : step === 50 ? (ACC_AT_50[r] as number) : 0.5 + step / 1000 + r / 1000;
      return { step, timestamp: isoAt(step), metrics: { 'eval/acc': acc, 'train/loss': 2 - step / 100 } };
    }),
  }));
  runs.push({ runId: hexId(9), name: 'baseline-only', rows: [{ step: 0, timestamp: isoAt(0), metrics: { 'train/loss': 2 } }] });
  writeTrackioDatabase({ path, schema: 'current', blob: true, runs });
}
