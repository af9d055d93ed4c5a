// Child process for sweep-kill.test.ts: runs one sweep (args: <module> <runsDir> <id> <horizon>) and prints its summary.
import { runSweep } from '../../../app/runs/sweep';
import { defaultSandboxRunner } from '../../../app/sandbox/runner';

const [modulePath, runsDir, id, horizon] = process.argv.slice(2) as [string, string, string, string];
const summary = await runSweep({
  modulePath,
  runsDir,
  id,
  spec: { horizon: Number(horizon) },
  seed: 3,
  jobs: 1,
  runner: await defaultSandboxRunner(),
});
process.stdout.write(`${JSON.stringify(summary)}\n`);
