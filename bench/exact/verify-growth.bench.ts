// Benchmark: how `recheck verify`'s cost grows with the certificate's length (issue 25: 0.15-0.22 s up to 10,064
// steps, then 19.2 s at 30,674, because one step the float64 enclosure could not decide was replayed in exact
// rationals from step 0). Certificates of the case's four particles at c = 280, 824, 2700, 8200 and 26600, whose
// first exits are at steps 947, 3000, 10,064, 30,674 and 99,737 (30,674 also found by `recheck search --exact`),
// verified by the enclosure stepper in process; reported: CPU time, time per step against the 3000-step one,
// and how the decisions were taken (steps escalated to high-precision balls, ball steps, exact steps replayed).
// The reference at 30,674 steps: the same stepper without escalation (exact replay from the last exact state,
// here step 0: the cliff). Smoke: the two shortest, no reference.
import { FwAttentionRun, type FwRunResult } from '../../checkers/dynamics/fw-attention-run';
import { RationalMatrix } from '../../checkers/exact/rational-matrix';
import { fmtSeconds, isSmoke, record } from '../report';

export const name = 'verify-growth';

const POINTS = [
  ['-3', '1/4'],
  ['-3', '-3'],
  ['-1/3', '-7/4'],
  ['3', '1/2'],
];
const SIZES: readonly { c: number; exit: number }[] = [
  { c: 280, exit: 947 },
  { c: 824, exit: 3000 },
  { c: 2700, exit: 10_064 },
  { c: 8200, exit: 30_674 },
  { c: 26_600, exit: 99_737 },
];

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function verifyOnce(c: number, horizon: number, precisions?: readonly number[]): { cpu: number; run: FwRunResult } {
  const start = cpuSeconds();
  const run = new FwAttentionRun(RationalMatrix.from(POINTS), c, horizon, {
    stepper: 'enclosure',
    ...(precisions ? { precisions } : {}),
  }).runToEnd();
  return { cpu: cpuSeconds() - start, run };
}

export async function run(args: string[] = []): Promise<void> {
  const smoke = isSmoke(args);
  const sizes = smoke ? SIZES.slice(0, 2) : SIZES;
  const runs = smoke ? 1 : 3;
  verifyOnce(824, 3000); // warm-up (JIT)
  const results = sizes.map(({ c, exit }) => {
    const all = Array.from({ length: runs }, () => verifyOnce(c, exit));
    const best = all.reduce((a, b) => (b.cpu < a.cpu ? b : a));
    if (best.run.firstExitStep !== exit) throw new Error(`c = ${c}: first exit ${best.run.firstExitStep}, expected ${exit}`);
    return { c, exit, ...best };
  });
  const base = results.find((r) => r.exit === 3000)!;
  const perStep = (r: { cpu: number; exit: number }) => r.cpu / r.exit / (base.cpu / base.exit);
  process.stdout.write(
    `verify by the enclosure stepper, in process, CPU seconds (best of ${runs}); per step relative to the 3000-step certificate\n`,
  );
  for (const r of results) {
    const e = r.run.enclosure!;
    const how = `${e.escalated} steps decided by high-precision balls (${e.ballSteps} ball steps), ${e.exactSteps} on the exact path, ${e.replayedSteps} exact steps replayed`;
    process.stdout.write(
      `  ${String(r.exit).padStart(6)} steps (c = ${r.c})  ${fmtSeconds(r.cpu).padStart(9)}  ${perStep(r).toFixed(2)}x per step   ${how}\n`,
    );
    record({
      bench: name,
      workload: `\`recheck verify\` stepper, certificate with first exit at step ${r.exit.toLocaleString('en-US')} (c = ${r.c}); ${how}`,
      ours: fmtSeconds(r.cpu),
      reference: `the 3000-step certificate: ${fmtSeconds(base.cpu)}`,
      ratio: `${(r.cpu / base.cpu).toFixed(1)}x the time for ${(r.exit / 3000).toFixed(2)}x the steps (${perStep(r).toFixed(2)}x per step)`,
    });
  }
  if (smoke) return;
  const cliff = SIZES[3]!;
  const ours = results.find((r) => r.exit === cliff.exit)!;
  const old = verifyOnce(cliff.c, cliff.exit, []);
  if (old.run.firstExitStep !== cliff.exit) throw new Error(`without escalation: first exit ${old.run.firstExitStep}`);
  const e = old.run.enclosure!;
  process.stdout.write(
    `  without escalation (exact replay only), ${cliff.exit} steps: ${fmtSeconds(old.cpu)}, ${e.exactSteps} step on the exact path, ${e.replayedSteps} exact steps replayed from step ${old.run.enclosure!.checkpointStep - e.replayedSteps}\n`,
  );
  record({
    bench: name,
    workload: `same, ${cliff.exit.toLocaleString('en-US')} steps: escalation to 128- and 1024-bit balls before the exact path`,
    ours: fmtSeconds(ours.cpu),
    reference: `no escalation (the exact state rebuilt from step 0 over ${e.replayedSteps.toLocaleString('en-US')} steps): ${fmtSeconds(old.cpu)}`,
    ratio: `${(old.cpu / ours.cpu).toFixed(0)}x faster`,
  });
}
