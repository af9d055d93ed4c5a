/**
 * Records of runs and sweep points: what ran (content hashes of code and inputs, versions), with which seed
 * and limits, how long, and how it ended. JSON, one object per run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { INSTALL_ROOT } from '../paths';
import { sha256 } from '../fs/hash';
import type { RunReport } from '../sandbox/host';
import type { SandboxLimits } from '../sandbox/confinement';
import type { ParamValue } from './grid';
import type { BackendRecord } from './backends/backend';

/** Versions of what produced a result. */
export interface Versions {
  readonly recheck: string;
  readonly node: string;
  readonly esbuild: string;
  readonly platform: string;
  /** In the desktop app: Electron's and its Chromium's versions (the hidden sandbox windows run on them). */
  readonly electron?: string;
  readonly chrome?: string;
}

/** Versions of this process (recheck from package.json, node, esbuild). */
export function currentVersions(): Versions {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(join(INSTALL_ROOT, 'package.json'), 'utf8')) as { version: string };
  const esbuild = require('esbuild/package.json') as { version: string };
  const shell = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    recheck: pkg.version,
    node: process.versions.node,
    esbuild: esbuild.version,
    platform: `${process.platform}-${process.arch}`,
    ...(shell.electron !== undefined ? { electron: shell.electron } : {}),
    ...(shell.chrome !== undefined ? { chrome: shell.chrome } : {}),
  };
}

/**
 * sha256 of a JSON value in canonical form (object keys sorted), so equal inputs hash equally.
 * Example: `inputHash({ b: 1, a: 2 }) === inputHash({ a: 2, b: 1 })`.
 */
export function inputHash(value: unknown): string {
  return sha256(canonicalJson(value));
}

/** A JSON value as text with object keys sorted (own keys only). Example: `canonicalJson({ b: 1, a: 2 })` is `{"a":2,"b":1}`. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** One finished sweep point, as a line of points.jsonl. */
export interface PointRecord {
  readonly index: number;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly seed: number;
  readonly inputSha256: string;
  readonly outcome: RunReport['outcome'];
  readonly value?: unknown;
  readonly message?: string;
  readonly wallMs: number;
  readonly finishedAt: string;
}

/** The record of one point from its sandbox report. */
export function pointRecord(
  index: number,
  params: Record<string, ParamValue>,
  seed: number,
  report: RunReport,
  finishedAt: Date,
): PointRecord {
  const base = {
    index,
    params,
    seed,
    inputSha256: inputHash({ params, seed }),
    outcome: report.outcome,
    wallMs: Math.round(report.wallMs),
    finishedAt: finishedAt.toISOString(),
  };
  return report.outcome === 'ok' ? { ...base, value: report.value } : { ...base, message: report.message };
}

/** One process, named so that a reused pid is not taken for it: host, boot, pid and the pid's start time. */
export interface SweepOwner {
  readonly host: string;
  /** /proc/sys/kernel/random/boot_id; null where there is none. */
  readonly bootId: string | null;
  readonly pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); null where there is none. */
  readonly startTicks: string | null;
}

/** Manifest of a sweep (runs/<sweep-id>/manifest.json, rewritten atomically). */
export interface SweepManifest {
  readonly format: 'recheck.sweep/1';
  readonly id: string;
  readonly module: { readonly path: string; readonly sha256: string };
  /** sha256 of the bundled program (module + runner + libraries). */
  readonly codeSha256: string;
  readonly spec: unknown;
  readonly seed: number;
  readonly stopOn: string | null;
  readonly limits: SandboxLimits;
  /** How the points were isolated (SandboxRunner.description); absent in sweeps written before it was recorded. */
  readonly isolation?: string;
  readonly versions: Versions;
  /** Where the points were computed when not in this process (Slurm: version, job ids, nodes); absent for a local sweep. */
  readonly backend?: BackendRecord;
  readonly total: number;
  /**
   * `running` while a process works on it (also what a killed process leaves: a resume is safe); `failed` when
   * the host side failed (an I/O error, a bug), with `failure` saying why in one line.
   */
  readonly status: 'running' | 'complete' | 'stopped' | 'cancelled' | 'failed';
  /**
   * The process that wrote the status (absent in sweeps written before it was recorded): a `running` sweep whose
   * owner is gone was interrupted (app/runs/liveness.ts).
   */
  readonly owner?: SweepOwner;
  /** Why the sweep failed (status `failed` only). */
  readonly failure?: string;
  readonly firstViolation: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The record of one run of a case's sandbox module (runs/<run-id>/sandbox-run.json). */
export interface SandboxRunRecord {
  readonly format: 'recheck.sandbox-run/1';
  readonly runId: string;
  /** The module, relative to the case folder. */
  readonly module: { readonly path: string; readonly sha256: string };
  /** sha256 of the bundled program (module + runner + libraries). */
  readonly codeSha256: string;
  readonly inputSha256: string;
  readonly input: unknown;
  readonly seed: number;
  readonly limits: SandboxLimits;
  /** How the run was isolated (the SandboxRunner's description). */
  readonly isolation: string;
  readonly versions: Versions;
  readonly startedAt: string;
  readonly wallMs: number;
  readonly outcome: RunReport['outcome'];
  readonly value?: unknown;
  readonly message?: string;
}
