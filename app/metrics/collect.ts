/**
 * The shared builder both readers feed: metric rows (run, timestamp, step, values), system-metric rows,
 * configs and notes go in, one immutable MetricsLog comes out. Everything about runs (identity, creation time,
 * last step, count), keys and series is decided here once, so the SQLite and the Parquet reader cannot drift.
 */
import { classifyEntry } from './entry';
import { KeyTally } from './key-tally';
import type { AlertRecord, MetricsFormat, MetricsLog, RunConfig, RunSummary, Series, SourceTables } from './model';
import { stepOrder } from './step-order';

/** A run while it is being read. Mutable; the collector's `finish` copies it out. */
export class RunTally {
  createdAt: string | null = null;
  lastStep: number | null = null;
  count = 0;
  readonly keys = new Map<string, KeyTally>();
  config: RunConfig | null = null;
  systemCount: number | null = null;
  readonly systemKeys = new Map<string, KeyTally>();

  constructor(
    readonly id: string,
    readonly name: string,
    readonly order: number,
  ) {}

  /** The tally of `key`, created on first use (keys keep the order they were first seen in). */
  key(key: string, system = false): KeyTally {
    const map = system ? this.systemKeys : this.keys;
    let t = map.get(key);
    if (t === undefined) {
      t = new KeyTally(key);
      map.set(key, t);
    }
    return t;
  }

  seen(timestamp: string | null): void {
    if (timestamp !== null && (this.createdAt === null || timestamp < this.createdAt)) this.createdAt = timestamp;
  }
}

/** What a reader knows about the file besides its rows. */
export interface LogHeader {
  readonly file: string;
  readonly format: MetricsFormat;
  readonly schema: string;
  readonly tables: SourceTables;
  readonly alerts: readonly AlertRecord[];
}

/**
 * Collects the rows of one file. Example:
 * `const c = new MetricsCollector(); const r = c.metricRow('id1', 'run-a', '2026-08-01T00:00:00+00:00', 0);
 * c.value(r, 'loss', 'NaN', 0); c.finish(header).runs[0].keys[0].nonFinite.nan` is 1.
 */
export class MetricsCollector {
  private readonly runs = new Map<string, RunTally>();
  private readonly notes: string[] = [];
  private rows = 0;
  private numericPoints = 0;
  private inexactSteps = 0;
  private renamed = 0;

  /** The run with identity `runId` (the name when the file has no run ids), created on first sight. */
  run(runId: string | null, runName: string): RunTally {
    const id = runId === null || runId === '' ? runName : runId;
    let run = this.runs.get(id);
    if (run === undefined) {
      run = new RunTally(id, runName, this.runs.size);
      this.runs.set(id, run);
    } else if (run.name !== runName) this.renamed++;
    return run;
  }

  /** Registers one metric row and returns its run; add its values with `value`. */
  metricRow(runId: string | null, runName: string, timestamp: string | null, step: number): RunTally {
    const run = this.run(runId, runName);
    this.rows++;
    run.count++;
    run.seen(timestamp);
    if (run.lastStep === null || step > run.lastStep) run.lastStep = step;
    if (Number.isInteger(step) && !Number.isSafeInteger(step)) this.inexactSteps++;
    return run;
  }

  /** One top-level metric value of a row of `run` (Trackio's non-finite strings restored). */
  value(run: RunTally, key: string, raw: unknown, step: number): void {
    const entry = classifyEntry(raw);
    if (entry.type === 'number') this.numericPoints++;
    if (entry.type !== 'absent') run.key(key).add(entry, step);
  }

  /** Numeric points held so far (metric and system values): what the log's memory grows with. */
  get points(): number {
    return this.numericPoints;
  }

  /** Registers one system-metric row and returns its run; add its values with `systemValue`. */
  systemRow(runId: string | null, runName: string): RunTally {
    const run = this.run(runId, runName);
    run.systemCount = (run.systemCount ?? 0) + 1;
    return run;
  }

  systemValue(run: RunTally, key: string, raw: unknown): void {
    const entry = classifyEntry(raw);
    if (entry.type === 'number') this.numericPoints++;
    if (entry.type !== 'absent') run.key(key, true).add(entry, 0);
  }

  /** The config of a run (the last one given wins, as Trackio keeps one per run). */
  config(runId: string | null, runName: string, config: RunConfig): void {
    const run = this.run(runId, runName);
    run.config = config;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** The finished, immutable log. The collector must not be used afterwards. */
  finish(header: LogHeader): MetricsLog {
    const ordered = [...this.runs.values()].sort(byCreation);
    const runs = ordered.map(summaryOf);
    const series = new Map(ordered.map((r) => [r.id, seriesOfRun(r)] as const));
    return { ...header, rows: this.rows, runs, notes: [...this.notes, ...this.closingNotes()], series };
  }

  private closingNotes(): string[] {
    const notes: string[] = [];
    if (this.inexactSteps > 0) notes.push(`${this.inexactSteps} steps at or beyond 2^53 in magnitude were read as the nearest double`);
    if (this.renamed > 0) notes.push(`${this.renamed} rows name their run differently from its first row; the first name is used`);
    return notes;
  }
}

/** A run's creation time: its earliest metric row, else its config's. */
function createdAtOf(r: RunTally): string | null {
  return r.createdAt ?? r.config?.createdAt ?? null;
}

function byCreation(a: RunTally, b: RunTally): number {
  const ca = createdAtOf(a);
  const cb = createdAtOf(b);
  if (ca !== cb) {
    if (ca === null) return 1;
    if (cb === null) return -1;
    return ca < cb ? -1 : 1;
  }
  return a.order - b.order;
}

function summaryOf(r: RunTally): RunSummary {
  const system = r.systemCount === null ? null : { count: r.systemCount, keys: [...r.systemKeys.values()].map((k) => k.summary()) };
  return {
    id: r.id,
    name: r.name,
    createdAt: createdAtOf(r),
    lastStep: r.lastStep,
    count: r.count,
    keys: [...r.keys.values()].map((k) => k.summary()),
    config: r.config,
    systemMetrics: system,
  };
}

function seriesOfRun(r: RunTally): ReadonlyMap<string, Series> {
  const out = new Map<string, Series>();
  for (const [key, t] of r.keys) {
    out.set(key, {
      runId: r.id,
      runName: r.name,
      key,
      steps: t.steps,
      values: t.values,
      nonFinite: t.nonFinite(),
      restoredFromStrings: t.restoredFromStrings(),
      other: t.other(),
      order: stepOrder(t.steps),
    });
  }
  return out;
}
