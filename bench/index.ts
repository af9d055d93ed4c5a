// `npm run bench`: runs each benchmark module in turn. A module exports `name` and `run(): Promise<void>`;
// it prints its own table of RATIOS against reference runs made in the same process/command.
// To add a benchmark, append one line to the list below.
export {};
interface BenchModule {
  name: string;
  run(args: string[]): Promise<void>;
}

const modules: (() => Promise<BenchModule>)[] = [
  () => import('./exact/fw-attention.bench'),
  () => import('./precise/kl.bench'),
  () => import('./sandbox/sandbox-speed.bench'),
  () => import('./stats/fit.bench'),
  () => import('./ui'),
  () => import('./series-update'),
  () => import('./cli-start'),
  () => import('./slurm-sweep.bench'),
];

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const load of modules) {
  const mod = await load();
  if (only.length > 0 && !only.includes(mod.name)) continue;
  process.stdout.write(`\n== ${mod.name} ==\n`);
  await mod.run(process.argv.slice(2));
}
