// Benchmark: `recheck screen` on a generated challenge of 7,000 logbooks shaped like real ones
// (test/support/challenge/: 1-5 pages, tables printed by runs or in Markdown, long elided training logs, metrics
// databases, planted defects of every kind in known proportions, the hidden-style paging logbook).
// Reports the screening rate in logbooks per second per core on 1 and on all cores, the rate from a warm
// content-hash cache, precision and recall against the planted defects, and the projection for the challenge's
// 6,816 logbooks on this machine and on a 64-core cluster allocation (rate per core x cores; no Slurm here).
// Wall-clock seconds (the screen is I/O and CPU; on a shared machine the load average is printed by
// bench/index.ts), 1 thread, all cores, all cores filling the cache, all cores from a warm cache; `--smoke`
// uses 300 logbooks.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInOrder, screenAll } from '../app/screen/pool';
import type { ScreenResult } from '../app/screen/one';
import { generateChallenge } from '../test/support/challenge/generate';
import { isSmoke, note, record } from './report';

export const name = 'screen';

const FULL_CHALLENGE = 6816;

export async function run(args: string[]): Promise<void> {
  const count = isSmoke(args) ? 300 : 7000;
  const cores = availableParallelism();
  const dir = mkdtempSync(join(tmpdir(), 'recheck-screen-bench-'));
  try {
    let t = performance.now();
    const truth = await generateChallenge(dir, { count, seed: 20261202 });
    process.stdout.write(`generated ${count} logbooks in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    const root = join(dir, 'logbooks');
    const names = truth.map((x) => x.name).sort();
    const timed = async (label: string, jobs: number, cache?: string) => {
      const start = performance.now();
      const r = await screenAll(root, names, { jobs, spool: join(dir, `spool-${label}.jsonl`), ...(cache ? { cache } : {}) });
      return { seconds: (performance.now() - start) / 1000, run: r };
    };
    const single = await timed('single', 1);
    const all = await timed('all', cores);
    const cold = await timed('cold', cores, join(dir, 'cache'));
    const warm = await timed('warm', cores, join(dir, 'cache'));
    const lines = (r: typeof single.run) => [...readInOrder(r)].join('\n');
    const reference = lines(single.run);
    if ([all, cold, warm].some((x) => lines(x.run) !== reference))
      throw new Error('screen results differ between 1 thread, all cores and the cache');
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const got = new Map<string, string[]>();
    for (const line of readInOrder(single.run)) {
      const r = JSON.parse(line) as ScreenResult;
      got.set(r.logbook, [...new Set(r.flags.map((f) => f.kind))]);
    }
    for (const x of truth) {
      const have = got.get(x.name) ?? [];
      if (have.length !== x.kinds.length || have.some((k) => !x.kinds.includes(k as never)))
        process.stdout.write(`mismatch ${x.name}: planted [${x.kinds.join(', ')}], flagged [${have.join(', ')}]\n`);
      tp += have.filter((k) => x.kinds.includes(k as never)).length;
      fp += have.filter((k) => !x.kinds.includes(k as never)).length;
      fn += x.kinds.filter((k) => !have.includes(k)).length;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    const perCore1 = count / single.seconds;
    const perCoreAll = count / all.seconds / cores;
    t = performance.now();
    const report = [
      `${count} logbooks (${truth.filter((x) => x.kinds.length > 0).length} with planted defects, ${tp + fn} planted flags): precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)} (${fp} false, ${fn} missed)`,
      `1 thread: ${single.seconds.toFixed(1)} s, ${perCore1.toFixed(1)} logbooks/s`,
      `${cores} worker threads: ${all.seconds.toFixed(1)} s, ${(count / all.seconds).toFixed(1)} logbooks/s, ${perCoreAll.toFixed(1)} per core`,
      `filling the cache, ${cores} threads: ${cold.seconds.toFixed(1)} s, ${(count / cold.seconds).toFixed(1)} logbooks/s`,
      `warm cache, ${cores} threads: ${warm.seconds.toFixed(1)} s, ${(count / warm.seconds).toFixed(1)} logbooks/s`,
      `projection for ${FULL_CHALLENGE} logbooks: ${(FULL_CHALLENGE / (count / all.seconds)).toFixed(0)} s on this machine (${cores} cores), ${(FULL_CHALLENGE / (perCoreAll * 64)).toFixed(1)} s on 64 cores at the same rate per core`,
    ];
    process.stdout.write(`${report.join('\n')}\n`);
    record({
      bench: name,
      workload: `recheck screen, ${count} generated logbooks, ${cores} cores`,
      ours: `${perCoreAll.toFixed(1)} logbooks/s per core (${(count / all.seconds).toFixed(0)}/s)`,
      reference: `1 thread ${perCore1.toFixed(1)}/s; warm cache ${(count / warm.seconds).toFixed(0)}/s`,
      ratio: `${FULL_CHALLENGE} logbooks: ${(FULL_CHALLENGE / (count / all.seconds)).toFixed(0)} s here`,
    });
    note(
      name,
      `recheck screen: precision ${precision.toFixed(4)} and recall ${recall.toFixed(4)} against the planted defects; projection for ${FULL_CHALLENGE} logbooks on 64 cores ${(FULL_CHALLENGE / (perCoreAll * 64)).toFixed(1)} s.`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
