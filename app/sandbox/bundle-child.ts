/**
 * Entry of the bundler child process (bundle-isolated.ts starts it): reads one request from stdin (the bundle
 * options and the sandbox sources in effect), bundles in this process with the confinement plugin, and writes
 * one JSON answer on stdout: `{ ok: true, code, codeHash, moduleHash }`, or `{ ok: false, file, problem }` for
 * bad input, or `{ ok: false, internal }`. Whatever untrusted code makes esbuild or the plugin do (a huge or
 * pathological source) happens here, under the child's wall clock, memory and CPU limits, not in the host.
 */
import { readFileSync } from 'node:fs';
import { BadInputError } from '../errors';
import { bundleInProcess, configureSandboxSources, type BundleOptions, type SandboxSources } from './bundle';

interface ChildRequest {
  readonly options: BundleOptions;
  readonly sources: SandboxSources;
}

function answer(value: unknown): Promise<void> {
  return new Promise((resolve) => process.stdout.write(JSON.stringify(value), () => resolve()));
}

async function main(): Promise<void> {
  const request = JSON.parse(readFileSync(0, 'utf8')) as ChildRequest;
  configureSandboxSources(request.sources);
  try {
    const { code, codeHash, moduleHash } = await bundleInProcess(request.options);
    await answer({ ok: true, code, codeHash, moduleHash });
  } catch (err) {
    if (err instanceof BadInputError)
      await answer({ ok: false, file: err.file, problem: err.problem, ...(err.pointer !== undefined ? { pointer: err.pointer } : {}) });
    else await answer({ ok: false, internal: err instanceof Error ? err.message : String(err) });
  }
}

await main();
process.exit(0);
