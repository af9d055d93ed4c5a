/**
 * Trackio-shaped SQLite databases written by Python's own sqlite3 module (an independent SQLite and an
 * independent JSON writer), with Trackio's table definitions as read from trackio/sqlite_storage.py
 * (trackio-formats.md §2.2, §2.3): the 0.36 schema (run_id, log_id, space_id; configs, system_metrics,
 * alerts, ...) and the 0.5-era schema (no run_id, no log_id, no space_id; JSON as TEXT). Metrics are
 * serialized the way Trackio does it: non-finite floats become "NaN", "Infinity", "-Infinity" at any depth,
 * then compact JSON, stored as bytes (a BLOB, as orjson's output is) or as str (TEXT).
 *
 * The spec given to Python is the test's oracle: tests compare what Recheck reads with it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Python with the sqlite3 module: Debian's, else whatever `python3` is on the PATH. */
export const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** A metric value as the test logs it (numbers may be NaN or ±Infinity; dicts are media or nested values). */
export type MetricValue = number | string | boolean | null | MetricValue[] | { [k: string]: MetricValue };

export interface RowSpec {
  readonly step: number;
  readonly timestamp: string;
  readonly metrics: Record<string, MetricValue>;
}

export interface RunSpec {
  /** 32-hex run id (ignored by the old schema, where the name is the identity). */
  readonly runId: string;
  readonly name: string;
  readonly rows: readonly RowSpec[];
  readonly config?: Record<string, MetricValue>;
  readonly system?: readonly Record<string, MetricValue>[];
}

export interface AlertSpec {
  readonly runId: string;
  readonly runName: string;
  readonly timestamp: string;
  readonly title: string;
  readonly text: string | null;
  readonly level: 'info' | 'warn' | 'error';
  readonly step: number | null;
}

export interface DatabaseSpec {
  readonly path: string;
  readonly schema: 'current' | 'old';
  /** Store the JSON blobs as BLOB (Trackio >= 0.5, orjson bytes) or TEXT. */
  readonly blob: boolean;
  /** Rows are inserted in this order: [runIndex, rowIndex] pairs (default: run by run). */
  readonly order?: readonly (readonly [number, number])[];
  readonly runs: readonly RunSpec[];
  readonly alerts?: readonly AlertSpec[];
  /**
   * WAL mode: the first `checkpointAfter` rows are checkpointed into the main file, the rest stay in
   * `<path>-wal`; the files are copied while the writer is still open. `extraRows` are then committed as one
   * more transaction, reported in the result so a test can cut its commit frame off.
   */
  readonly wal?: { readonly checkpointAfter: number; readonly extra?: RunSpec };
}

/** What Python reports about a WAL copy. */
export interface WalFacts {
  readonly pageSize: number;
  /** Size of the copied -wal (without the extra transaction). */
  readonly walBytes: number;
  /** Path of a -wal copy that also holds the extra transaction, and its size. */
  readonly walWithExtra: string | null;
  readonly walWithExtraBytes: number;
}

const CURRENT_DDL = `
CREATE TABLE IF NOT EXISTS metrics (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL,
  step INTEGER NOT NULL, metrics TEXT NOT NULL, log_id TEXT, space_id TEXT);
CREATE INDEX IF NOT EXISTS idx_metrics_run_step ON metrics(run_id, step);
CREATE INDEX IF NOT EXISTS idx_metrics_run_timestamp ON metrics(run_id, timestamp);
CREATE UNIQUE INDEX IF NOT EXISTS idx_metrics_log_id ON metrics(log_id) WHERE log_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_metrics_pending ON metrics(space_id) WHERE space_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS configs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, run_name TEXT NOT NULL, config TEXT NOT NULL,
  created_at TEXT NOT NULL, UNIQUE(run_id));
CREATE INDEX IF NOT EXISTS idx_configs_run_name ON configs(run_name);
CREATE TABLE IF NOT EXISTS system_metrics (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL,
  metrics TEXT NOT NULL, log_id TEXT, space_id TEXT);
CREATE TABLE IF NOT EXISTS project_metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pending_uploads (
  id INTEGER PRIMARY KEY AUTOINCREMENT, space_id TEXT NOT NULL, run_id TEXT, run_name TEXT, step INTEGER,
  file_path TEXT NOT NULL, relative_path TEXT, created_at TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'media', digest TEXT);
CREATE TABLE IF NOT EXISTS alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL,
  title TEXT NOT NULL, text TEXT, level TEXT NOT NULL DEFAULT 'warn', step INTEGER, alert_id TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS idx_alerts_alert_id ON alerts(alert_id) WHERE alert_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS traces (
  id TEXT PRIMARY KEY, run_id TEXT NOT NULL, timestamp TEXT NOT NULL, run_name TEXT NOT NULL, step INTEGER NOT NULL,
  key TEXT NOT NULL, trace_index INTEGER, messages TEXT NOT NULL, metadata TEXT NOT NULL, search_text TEXT NOT NULL,
  log_id TEXT, space_id TEXT);
`;

const OLD_DDL = `
CREATE TABLE IF NOT EXISTS metrics (
  id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_name TEXT NOT NULL, step INTEGER NOT NULL,
  metrics TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS configs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, run_name TEXT NOT NULL, config TEXT NOT NULL, created_at TEXT NOT NULL,
  UNIQUE(run_name));
`;

const SCRIPT = String.raw`
import json, os, shutil, sqlite3, sys

def decode(o):
    # the test sends non-finite numbers as {"$f": "nan" | "inf" | "-inf"}
    if set(o) == {"$f"}:
        return float(o["$f"])
    return o

spec = json.load(sys.stdin, object_hook=decode)

def serialize_values(v):
    # Trackio's rule: non-finite floats become strings, at any depth
    if isinstance(v, float):
        if v != v:
            return "NaN"
        if v == float("inf"):
            return "Infinity"
        if v == float("-inf"):
            return "-Infinity"
        return v
    if isinstance(v, dict):
        return {k: serialize_values(x) for k, x in v.items()}
    if isinstance(v, list):
        return [serialize_values(x) for x in v]
    return v

def encode(d):
    text = json.dumps(serialize_values(d), separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8") if spec["blob"] else text

current = spec["schema"] == "current"
path = spec["path"]
for p in (path, path + "-wal", path + "-shm", path + ".src", path + ".src-wal", path + ".src-shm"):
    if os.path.exists(p):
        os.remove(p)
wal = spec.get("wal")
src = path + ".src" if wal else path
c = sqlite3.connect(src, isolation_level=None)
if wal:
    c.execute("PRAGMA journal_mode=WAL")
    c.execute("PRAGMA wal_autocheckpoint=0")
c.executescript(spec["ddl"])

def insert(run, row, n):
    if current:
        c.execute("INSERT INTO metrics (run_id, timestamp, run_name, step, metrics, log_id, space_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                  (run["runId"], row["timestamp"], run["name"], row["step"], encode(row["metrics"]), "%032x" % n, None))
    else:
        c.execute("INSERT INTO metrics (timestamp, run_name, step, metrics) VALUES (?, ?, ?, ?)",
                  (row["timestamp"], run["name"], row["step"], encode(row["metrics"])))

runs = spec["runs"]
order = spec.get("order") or [[r, i] for r in range(len(runs)) for i in range(len(runs[r]["rows"]))]
split = wal["checkpointAfter"] if wal else len(order)
c.execute("BEGIN")
for n, (r, i) in enumerate(order):
    if n == split:
        c.execute("COMMIT")
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        c.execute("BEGIN")
    insert(runs[r], runs[r]["rows"][i], n)
for run in runs:
    created = run["rows"][0]["timestamp"] if run["rows"] else "2026-01-01T00:00:00+00:00"
    if "config" in run:
        if current:
            c.execute("INSERT INTO configs (run_id, run_name, config, created_at) VALUES (?, ?, ?, ?)", (run["runId"], run["name"], encode(run["config"]), created))
        else:
            c.execute("INSERT INTO configs (run_name, config, created_at) VALUES (?, ?, ?)", (run["name"], encode(run["config"]), created))
    for k, m in enumerate(run.get("system") or []):
        c.execute("INSERT INTO system_metrics (run_id, timestamp, run_name, metrics, log_id, space_id) VALUES (?, ?, ?, ?, ?, ?)",
                  (run["runId"], created, run["name"], encode(m), None, None))
for a in spec.get("alerts") or []:
    c.execute("INSERT INTO alerts (run_id, timestamp, run_name, title, text, level, step, alert_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
              (a["runId"], a["timestamp"], a["runName"], a["title"], a["text"], a["level"], a["step"], None))
c.execute("COMMIT")
facts = {"pageSize": c.execute("PRAGMA page_size").fetchone()[0], "walBytes": 0, "walWithExtra": None, "walWithExtraBytes": 0}
if wal:
    shutil.copyfile(src, path)
    shutil.copyfile(src + "-wal", path + "-wal")
    facts["walBytes"] = os.path.getsize(path + "-wal")
    extra = wal.get("extra")
    if extra:
        c.execute("BEGIN")
        for i, row in enumerate(extra["rows"]):
            insert(extra, row, 100000 + i)
        c.execute("COMMIT")
        shutil.copyfile(src + "-wal", path + ".extra-wal")
        facts["walWithExtra"] = path + ".extra-wal"
        facts["walWithExtraBytes"] = os.path.getsize(path + ".extra-wal")
c.close()
print(json.dumps(facts))
`;

function transportable(_key: string, v: unknown): unknown {
  if (typeof v !== 'number' || Number.isFinite(v)) return v;
  return { $f: Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf' };
}

/**
 * Writes the database `spec.path` with Python's sqlite3 (and its -wal copy in WAL mode); returns the WAL
 * facts Python reports. Throws with Python's stderr when Python fails.
 */
export function writeTrackioDatabase(spec: DatabaseSpec): WalFacts {
  const input = JSON.stringify({ ...spec, ddl: spec.schema === 'current' ? CURRENT_DDL : OLD_DDL }, transportable);
  const r = spawnSync(PYTHON, ['-c', SCRIPT], { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python failed (${String(r.status)}): ${r.stderr}`);
  return JSON.parse(r.stdout) as WalFacts;
}

/** A 32-hex run id, like Trackio's uuid4().hex. Example: `hexId(1)` is '0000…0001'. */
export function hexId(n: number): string {
  return n.toString(16).padStart(32, '0');
}

/** An ISO timestamp `seconds` after 2026-08-01T00:00:00 UTC, in Python's isoformat spelling. */
export function isoAt(seconds: number): string {
  return `${new Date(Date.UTC(2026, 7, 1) + seconds * 1000).toISOString().slice(0, 19)}+00:00`;
}
