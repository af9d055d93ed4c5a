/**
 * A finding's run history: every check run of its case that ran it (the case's audit log's `run` entries, oldest
 * last), each with its report read from `runs/<runId>/report.json` and checked against the sha256 the audit log
 * recorded when the run ended, so an edited or swapped report is shown as such and never compared as if it were
 * the run's. A cancelled run is listed without a decision.
 * Example: after two runs of kl-direction, `runHistory(dir, 'F1')` lists both, newest first, each with F1's decision.
 */
import type { AuditEntry, CaseRunReport, FalsificationReport, RunFalsificationReport, RunHistoryEntry } from '../../common/api/contract';
import { parseJsonBounded } from '../../common/json/bounded';
import { readAudit } from '../cases/audit';
import { BadInputError } from '../errors';
import { readInside } from '../fs/confine';
import { sha256 } from '../fs/hash';

const MAX_REPORT_BYTES = 64 * 1024 * 1024;
const RUN_ID = /^[A-Za-z0-9._-]+$/;

/** A run's report as read, or why it cannot be used. */
type Read = { report: CaseRunReport } | { problem: string };

async function readVerified(dir: string, e: AuditEntry): Promise<Read> {
  const rel = `runs/${e.runId}/report.json`;
  let bytes: Buffer;
  try {
    bytes = await readInside(dir, rel, { maxBytes: MAX_REPORT_BYTES });
  } catch {
    return { problem: `${rel} is missing or unreadable` };
  }
  const recorded = e.hashes[rel];
  if (recorded !== undefined && recorded !== sha256(bytes))
    return { problem: `${rel} is not the report the audit log recorded (sha256 differs): it was changed after the run` };
  try {
    const report = parseJsonBounded(bytes.toString('utf8')) as CaseRunReport;
    if (!Array.isArray(report.falsifications)) return { problem: `${rel} has no falsifications` };
    return { report };
  } catch {
    return { problem: `${rel} is not valid JSON` };
  }
}

/** The `run` entries of the audit log that ran `falsificationId` (of the whole case, or of it alone), newest first. */
async function runEntries(dir: string, falsificationId: string): Promise<AuditEntry[]> {
  return (await readAudit(dir))
    .filter((e) => e.action === 'run' && typeof e.runId === 'string' && RUN_ID.test(e.runId))
    .filter((e) => e.falsificationId === undefined || e.falsificationId === falsificationId)
    .reverse();
}

function outcomesOf(f: FalsificationReport): RunHistoryEntry['outcomes'] {
  const n = { supports: 0, refutes: 0, neutral: 0, error: 0 };
  for (const c of f.checks) n[c.outcome]++;
  return n;
}

/** Every run of `falsificationId`, newest first (see the file's comment). */
export async function runHistory(dir: string, falsificationId: string): Promise<RunHistoryEntry[]> {
  const out: RunHistoryEntry[] = [];
  for (const e of await runEntries(dir, falsificationId)) {
    const base = { runId: e.runId as string, who: e.who, scope: e.falsificationId === undefined ? 'case' : 'finding' } as const;
    if (e.details?.cancelled === true) {
      out.push({ ...base, at: e.at, outcomes: { supports: 0, refutes: 0, neutral: 0, error: 0 }, cancelled: true });
      continue;
    }
    const read = await readVerified(dir, e);
    if ('problem' in read) {
      out.push({ ...base, at: e.at, outcomes: { supports: 0, refutes: 0, neutral: 0, error: 0 }, problem: read.problem });
      continue;
    }
    const f = read.report.falsifications.find((x) => x.falsificationId === falsificationId);
    if (f === undefined) continue; // a run of the case before this finding existed
    out.push({
      ...base,
      at: read.report.finishedAt,
      startedAt: read.report.startedAt,
      decision: f.decision,
      reason: f.reason,
      ...(f.gate !== undefined ? { gate: f.gate } : {}),
      outcomes: outcomesOf(f),
    });
  }
  return out;
}

/** The report of `falsificationId` from run `runId`; bad input when the run did not run it or its report is not intact. */
export async function runReport(dir: string, caseId: string, runId: string, falsificationId: string): Promise<RunFalsificationReport> {
  const e = (await runEntries(dir, falsificationId)).find((x) => x.runId === runId);
  const where = `${caseId}/runs/${runId}`;
  if (e === undefined) throw new BadInputError(where, `no run ${runId} of ${falsificationId} in the audit log`);
  if (e.details?.cancelled === true) throw new BadInputError(where, 'the run was cancelled: it has no report');
  const read = await readVerified(dir, e);
  if ('problem' in read) throw new BadInputError(where, read.problem);
  const f = read.report.falsifications.find((x) => x.falsificationId === falsificationId);
  if (f === undefined) throw new BadInputError(where, `the run's report has no ${falsificationId}`);
  return { ...f, runId, startedAt: read.report.startedAt, finishedAt: read.report.finishedAt };
}
