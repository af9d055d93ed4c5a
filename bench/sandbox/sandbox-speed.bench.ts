/**
 * Benchmark: does untrusted code run at full V8 speed in the sandbox? The paging case's heaviest sweep point
 * (bench/sandbox/kernel.ts, timed inside the program) runs as the same bundle in a plain node child (the
 * reference: cold JIT, like every sandbox run), in the headless Node child sandbox (bubblewrap + permission
 * model + prlimit), in-process (cold and warm, for scale), and as the worker bundle in a Web Worker of a
 * Chromium page (the browser and desktop sandboxes' runtime; skipped without /usr/bin/chromium). Reports each
 * one's compute time as a ratio to the reference (1.00x = native speed) and, separately, what a run costs
 * before any work (the empty program's wall time): the price of a fresh sandbox per run.
 * Run alone: `node bin/run-ts.mjs bench/sandbox/sandbox-speed.bench.ts`, or `npm run bench sandbox-speed`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleProgram } from '../../app/sandbox/bundle';
import { bundleForWorker, defaultSandboxRunner } from '../../app/sandbox/runner';
import { parseSandboxMessage } from '../../common/sandbox/protocol';
import kernel from './kernel';
import { isSmoke, record } from '../report';

export const name = 'sandbox-speed';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');
const INPUT = { k: 1024, replicates: 32, phases: 40 };
const CHROMIUM = '/usr/bin/chromium';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The same Node bundle in a plain `node` child (no bubblewrap, no permission model, no limits): cold like the sandbox. */
function inPlainChild(file: string, runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // The runtime answers only a request carrying the run's nonce, and wraps every message in it (protocol.ts).
    const nonce = randomBytes(16).toString('hex');
    const out = execFileSync(process.execPath, [file], {
      input: JSON.stringify({ type: 'run', input: INPUT, seed: 7, nonce }),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const result = out
      .split('\n')
      .map((l) => parseSandboxMessage(l, nonce))
      .find((m) => m?.type === 'result');
    const ms = (result as { value?: { ms?: unknown } } | undefined)?.value?.ms;
    if (typeof ms !== 'number') throw new Error(`plain node child: no result in ${out.slice(0, 200)}`);
    times.push(ms);
  }
  return times;
}

async function inChromium(code: string, runs: number): Promise<number[] | null> {
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const ms = await page.evaluate(
        ({ code, request }) =>
          new Promise<number>((resolveMs, reject) => {
            // Runs in the page; the Node project has no DOM types, so the few members used are declared here.
            interface PageWorker {
              onmessage: (e: { data: string }) => void;
              postMessage(m: string): void;
              terminate(): void;
            }
            const PageWorkerCtor = (globalThis as unknown as { Worker: new (url: string) => PageWorker }).Worker;
            const w = new PageWorkerCtor(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
            w.onmessage = (e) => {
              // Every message comes in the run's nonce envelope, {"<envelope>": nonce, "m": message}.
              const m = (JSON.parse(e.data) as { m: { type: string; value?: { ms: number }; message?: string } }).m;
              if (m.type !== 'result' && m.type !== 'error') return;
              w.terminate();
              if (m.type === 'result') resolveMs(m.value!.ms);
              else reject(new Error(m.message));
            };
            w.postMessage(JSON.stringify(request));
          }),
        { code, request: { type: 'run', input: INPUT, seed: 7, nonce: randomBytes(16).toString('hex') } },
      );
      times.push(ms);
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function run(args: string[] = []): Promise<void> {
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? (isSmoke(args) ? 1 : 5));
  // In-process: the kernel imported directly, first call (cold JIT) and then warm.
  const cold = kernel(INPUT, { seed: 7 }).ms;
  const native = Array.from({ length: runs }, () => kernel(INPUT, { seed: 7 }).ms);
  // The reference for the sandboxes: the same bundle in a plain, unconfined node child, cold like them.
  const bundle = await bundleProgram({ modulePath: resolve(HERE, 'kernel.ts'), root: REPO });
  let plain: number[];
  try {
    plain = inPlainChild(bundle.file, runs);
  } finally {
    await bundle.cleanup();
  }

  const node = await defaultSandboxRunner({ allowUnconfined: true });
  const program = await node.prepare({ modulePath: resolve(HERE, 'kernel.ts'), root: REPO });
  const empty = await node.prepare({ modulePath: resolve(HERE, 'empty.ts') });
  const child: number[] = [];
  const startup: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const r = await node.run(program, { input: INPUT, seed: 7, limits: { timeoutMs: 120_000 } });
      if (r.outcome !== 'ok') throw new Error(`sandboxed kernel: ${r.outcome}: ${r.message}`);
      child.push((r.value as { ms: number }).ms);
      const t0 = performance.now();
      const e = await node.run(empty, { input: null, seed: 1 });
      if (e.outcome !== 'ok') throw new Error(`empty program: ${e.outcome}: ${e.message}`);
      startup.push(performance.now() - t0);
    }
  } finally {
    await program.dispose();
    await empty.dispose();
  }
  const worker = await inChromium((await bundleForWorker({ modulePath: resolve(HERE, 'kernel.ts'), root: REPO })).code, runs);

  const ref = median(plain);
  const lines = [
    `workload: paging point k=${INPUT.k}, ${INPUT.replicates} replicates x ${INPUT.phases} phases; median of ${runs} runs, timed inside the program`,
    `  plain node child (reference)  ${ref.toFixed(0).padStart(6)} ms   1.00x   (same bundle, no confinement, cold JIT like the sandbox)`,
    `  in-process, first call        ${cold.toFixed(0).padStart(6)} ms   ${(cold / ref).toFixed(2)}x`,
    `  in-process, warm              ${median(native).toFixed(0).padStart(6)} ms   ${(median(native) / ref).toFixed(2)}x   (JIT already warm: not what a fresh sandbox gets)`,
    `  Node child sandbox            ${median(child).toFixed(0).padStart(6)} ms   ${(median(child) / ref).toFixed(2)}x   (${node.confined ? 'bubblewrap, permission model, prlimit, 512 MiB heap' : 'UNCONFINED: no bubblewrap here'})`,
    worker === null
      ? '  Web Worker in Chromium        skipped (no /usr/bin/chromium)'
      : `  Web Worker in Chromium        ${median(worker).toFixed(0).padStart(6)} ms   ${(median(worker) / ref).toFixed(2)}x   (browser and desktop sandboxes' runtime; its own, newer V8)`,
    `cost of a fresh Node child sandbox per run (empty program, wall): median ${median(startup).toFixed(0)} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const workload = `sandboxed code: the paging case's heaviest sweep point (k = ${INPUT.k}), timed inside the program, median of ${runs}`;
  record({
    bench: name,
    workload: `${workload}, in the Node child sandbox (${node.confined ? 'bubblewrap, permission model, prlimit' : 'unconfined here'})`,
    ours: `${median(child).toFixed(0)} ms`,
    reference: `the same bundle in a plain node child: ${ref.toFixed(0)} ms`,
    ratio: `${(median(child) / ref).toFixed(2)}x the time`,
  });
  if (worker !== null)
    record({
      bench: name,
      workload: `same, in a Web Worker of Chromium (the browser and desktop sandboxes' runtime; its own, newer V8)`,
      ours: `${median(worker).toFixed(0)} ms`,
      reference: `plain node child: ${ref.toFixed(0)} ms`,
      ratio: `${(median(worker) / ref).toFixed(2)}x the time`,
    });
  record({
    bench: name,
    workload: 'a fresh Node child sandbox before any work (empty program, wall clock)',
    ours: `${median(startup).toFixed(0)} ms`,
    reference: '',
    ratio: 'so sweeps give each point its own sandbox',
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run(process.argv.slice(2));
