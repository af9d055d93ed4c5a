// Shared pieces of the e2e specs: the server URL from global setup, what the bundled cases hold (read from
// disk, independently of the app), console-error collection and screenshots kept as test output.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

const repo = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(repo, 'test-results/screenshots');

export interface BundledCase {
  id: string;
  title: string;
  paperTitle: string;
  venueId: string;
  /** Title of a logbook page the logbook pane must show. */
  pageTitle: string;
  /** A sandbox file and one of its non-empty lines. */
  sandboxFile?: { path: string; line: string };
  /** Characters the Trackio writer elided, per the `[N chars elided]` notes in the first logbook's pages. */
  elided: number[];
}

interface CaseJson {
  id: string;
  title: string;
  paper: { title: string; venueId: string };
  logbooks: { id: string; path: string; format: 'trackio' | 'plain'; title: string }[];
}

function firstPageTitle(caseDir: string, lb: CaseJson['logbooks'][number]): string {
  if (lb.format === 'plain') return lb.title;
  const manifest = JSON.parse(readFileSync(path.join(caseDir, lb.path, '.trackio/logbook/logbook.json'), 'utf8')) as {
    root: { title: string; children?: { title: string }[] };
  };
  return manifest.root.children?.[0]?.title ?? manifest.root.title;
}

function elidedCounts(caseDir: string, lb: CaseJson['logbooks'][number]): number[] {
  if (lb.format !== 'trackio') return [];
  const pages = path.join(caseDir, lb.path, '.trackio/logbook/pages');
  const found: number[] = [];
  for (const name of readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.md'))) {
    for (const m of readFileSync(path.join(pages, name), 'utf8').matchAll(/\[(\d+) chars elided\]/g)) found.push(Number(m[1]));
  }
  return found;
}

function sandboxLine(caseDir: string): BundledCase['sandboxFile'] {
  const dir = path.join(caseDir, 'sandbox');
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((n) => /\.(ts|js|mjs|json|py|md)$/.test(n))
      .sort();
  } catch {
    return undefined;
  }
  const name = names[0];
  if (name === undefined) return undefined;
  const line = readFileSync(path.join(dir, name), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length >= 8);
  return line === undefined ? undefined : { path: `sandbox/${name.split(path.sep).join('/')}`, line };
}

/** Ids of the case folders (those holding a case.json) under a folder, sorted. */
export function caseIdsIn(root: string): string[] {
  return readdirSync(root)
    .filter((id) => !id.startsWith('.') && existsSync(path.join(root, id, 'case.json')))
    .sort();
}

/** Ids of the repository's bundled cases. */
export function bundledCaseIds(): string[] {
  return caseIdsIn(path.join(repo, 'cases'));
}

/** The repository's bundled cases, read straight from their files. */
export function bundledCases(): BundledCase[] {
  const root = path.join(repo, 'cases');
  return bundledCaseIds().map((id) => {
    const dir = path.join(root, id);
    const c = JSON.parse(readFileSync(path.join(dir, 'case.json'), 'utf8')) as CaseJson;
    return {
      id: c.id,
      title: c.title,
      paperTitle: c.paper.title,
      venueId: c.paper.venueId,
      pageTitle: firstPageTitle(dir, c.logbooks[0]!),
      sandboxFile: sandboxLine(dir),
      elided: elidedCounts(dir, c.logbooks[0]!),
    };
  });
}

export function serverUrl(): string {
  const url = process.env.RECHECK_E2E_URL;
  if (url === undefined)
    throw new Error('RECHECK_E2E_URL is not set: run through test/e2e/playwright.config.ts (global setup starts the server)');
  return url;
}

export function serverOrigin(): string {
  return new URL(serverUrl()).origin;
}

export function serverWorkspace(): string {
  const ws = process.env.RECHECK_E2E_WORKSPACE;
  if (ws === undefined) throw new Error('RECHECK_E2E_WORKSPACE is not set (global setup starts the server)');
  return ws;
}

/**
 * A case whose run lasts long enough to be watched, reloaded and cancelled (the bundled cases each finish in a
 * few seconds): the paging case with 100 times the replicates in its sandboxed sweep, written into the server's
 * workspace as `slow-paging` (once; the server lists cases from disk on every request). Returns its id.
 */
export function slowCase(): string {
  const id = 'slow-paging';
  const dir = path.join(serverWorkspace(), id);
  if (existsSync(dir)) return id;
  // Built beside the workspace, then renamed in: the server never lists a half-copied folder (or the temporary one).
  const tmp = `${serverWorkspace()}-${id}-${process.pid}`;
  cpSync(path.join(repo, 'cases/paging-robustness'), tmp, { recursive: true, filter: (src) => !/[/\\]runs[/\\].+/.test(src) });
  const json = JSON.parse(readFileSync(path.join(tmp, 'case.json'), 'utf8')) as {
    id: string;
    title: string;
    falsifications: { checks: { params: { sweep?: { grid: { replicates: number[] } } } }[] }[];
  };
  json.id = id;
  json.title = `${json.title} (slow: 100x the replicates)`;
  for (const f of json.falsifications) for (const c of f.checks) if (c.params.sweep) c.params.sweep.grid.replicates = [3200];
  writeFileSync(path.join(tmp, 'case.json'), `${JSON.stringify(json, null, 2)}\n`);
  renameSync(tmp, dir);
  return id;
}

/**
 * A copy of a bundled case under its own id in the server's workspace (once), for a spec that runs or edits a case:
 * the bundled one, which other specs read, stays as it is. Returns the id. Example: `caseCopy('kl-direction', 'history-kl')`.
 */
export function caseCopy(from: string, id: string): string {
  const dir = path.join(serverWorkspace(), id);
  if (existsSync(dir)) return id;
  const tmp = `${serverWorkspace()}-${id}-${process.pid}`;
  cpSync(path.join(repo, 'cases', from), tmp, { recursive: true, filter: (src) => !/[/\\]runs[/\\].+/.test(src) });
  const json = JSON.parse(readFileSync(path.join(tmp, 'case.json'), 'utf8')) as { id: string; title: string };
  json.id = id;
  json.title = `${json.title} (${id})`;
  writeFileSync(path.join(tmp, 'case.json'), `${JSON.stringify(json, null, 2)}\n`);
  renameSync(tmp, dir);
  return id;
}

export function serverToken(): string {
  return new URL(serverUrl()).hash.replace(/^#token=/, '');
}

/** Saves a full-page screenshot as test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** A page whose console errors and uncaught exceptions fail the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await use(errors);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };

/**
 * Takes out of `errors` the console errors matching `pattern` and returns how many there were: for a request
 * the test expects the server to refuse (Chromium logs every 4xx response as a console error).
 */
export function takeExpectedConsoleErrors(errors: string[], pattern: RegExp): number {
  const kept = errors.filter((e) => !pattern.test(e));
  const taken = errors.length - kept.length;
  errors.splice(0, errors.length, ...kept);
  return taken;
}
