#!/usr/bin/env node
// The `recheck` command. Runs the CLI prebuilt into out/cli (scripts/build-cli.mjs, run by `npm ci`), after a
// cheap check that no source under app/ or checkers/ changed since that build (scripts/build-cli-manifest.mjs);
// when one did, or there is no build, it rebuilds first (esbuild: well under a second), so it never runs a stale
// CLI. Only when no build can be made does it run the TypeScript through tsx (RECHECK_CLI=tsx forces that).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshCliEntry } from '../scripts/build-cli-manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function loadMain() {
  if (process.env.RECHECK_CLI !== 'tsx') {
    let entry = freshCliEntry(root);
    if (entry === null) {
      try {
        const { buildCli } = await import('../scripts/build-cli.mjs');
        entry = (await buildCli(root)).entry;
      } catch (err) {
        if (process.env.RECHECK_DEBUG)
          process.stderr.write(
            `recheck: could not build the CLI, running it through tsx: ${err instanceof Error ? err.message : String(err)}\n`,
          );
      }
    }
    if (entry !== null) return (await import(pathToFileURL(entry).href)).main;
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../app/cli/main.ts')).main;
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
