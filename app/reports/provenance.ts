/**
 * What produced a report: Recheck's, Node's and esbuild's versions (app/runs/record.ts), and the Chromium the
 * report was looked at with: Electron's own in the desktop app, else the system's (`chromium --version`), else
 * "not installed". Also the shell commands that check and recompute a report headless.
 */
import { execFile } from 'node:child_process';
import { currentVersions, type Versions } from '../runs/record';

const CHROMIUM_BINARIES = ['chromium', 'chromium-browser', 'google-chrome'];

/** The first line `<binary> --version` prints, or null when it cannot run within 5 s. */
function versionOf(binary: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(binary, ['--version'], { timeout: 5000, env: { ...process.env, LANG: 'C' } }, (err, stdout) => {
      const line =
        String(stdout ?? '')
          .split('\n')[0]
          ?.trim() ?? '';
      resolve(err !== null || line === '' ? null : line);
    });
  });
}

/** Chromium's version: Electron's Chromium, else the first system Chromium that answers, else "not installed". */
export async function chromiumVersion(versions: Versions = currentVersions()): Promise<string> {
  if (versions.chrome !== undefined) return `Chromium ${versions.chrome} (Electron ${versions.electron ?? '?'})`;
  for (const b of CHROMIUM_BINARIES) {
    const v = await versionOf(b);
    if (v !== null) return v;
  }
  return 'not installed';
}

/** Single-quoted for a POSIX shell when it needs quoting. Example: `shellWord("a b")` is `'a b'`. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9._/:=@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Commands that recompute one falsification's checks from the report's inputs, run in the report folder. The
 * inputs are copied first: a run writes under its case's runs/, which would add files to the report.
 */
export function falsificationCommands(caseId: string, falsificationId: string): string[] {
  const tmp = `"$TMPDIR_RECHECK/${caseId}"`;
  return [
    `TMPDIR_RECHECK=$(mktemp -d) && cp -R inputs ${tmp}`,
    `npx recheck run ${tmp} --falsification ${shellWord(falsificationId)} --no-record --json`,
  ];
}

/**
 * Commands that check a report folder's hashes (against the root recorded in the case's audit.jsonl when the
 * report was built: the report cannot name its own root), and recompute every decision from its inputs.
 */
export function reportCommands(): string[] {
  return ["npx recheck report --verify . --expect <root recorded in the case's audit.jsonl>", 'npx recheck report --verify . --rerun'];
}
