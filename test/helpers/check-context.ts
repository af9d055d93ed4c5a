/** A CheckContext for tests of check kinds: a real case folder, a temporary runs folder, captured progress and logs. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckContext, CheckProgress } from '../../app/checks/kind';
import { createCheckContext } from '../../app/checks/context';

export interface TestContext extends CheckContext {
  progressEvents: CheckProgress[];
  logs: string[];
}

export function makeTestContext(
  caseDir: string,
  o: { checkId?: string; falsificationId?: string; signal?: AbortSignal } = {},
): TestContext {
  const progressEvents: CheckProgress[] = [];
  const logs: string[] = [];
  const ctx = createCheckContext({
    caseDir,
    caseId: 'test-case',
    falsificationId: o.falsificationId ?? 'F1',
    checkId: o.checkId ?? 'check',
    runDir: mkdtempSync(join(tmpdir(), 'recheck-run-')),
    signal: o.signal ?? new AbortController().signal,
    onProgress: (p) => progressEvents.push(p),
    onLog: (l) => logs.push(l),
  });
  return { ...ctx, progressEvents, logs };
}
