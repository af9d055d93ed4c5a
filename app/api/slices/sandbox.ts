/**
 * The sandbox slice of the service: saves a case's sandbox file (logged with its hashes before and after),
 * bundles a sandbox module for the browser sandbox, and runs one in the core's own sandbox.
 * Example: `sandboxSlice(ctx).prepareSandboxProgram('timing', 'sandbox/dynamic.ts')` returns its bundle and sha256.
 */
import { existsSync, lstatSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { AuditEntry, SandboxProgram } from '../../../common/api/contract';
import { appendAudit } from '../../cases/audit';
import { resolveInCase } from '../../cases/resolve';
import { suggestedInput } from '../../checks/suggested-input';
import { writeFileAtomic } from '../../fs/atomic';
import { withCaseWriter } from '../../fs/case-queue';
import { mkdirInside, readRegularFile } from '../../fs/confine';
import { sha256 } from '../../fs/hash';
import { bundleSource } from '../../sandbox/bundle';
import { defaultSandboxRunner } from '../../sandbox/runner';
import { shown } from '../../text/display';
import type { ApiSlice, ServiceContext } from '../context';
import { startSandboxRun } from '../sandbox-run';

/** Largest sandbox source read before it is replaced (its hash goes in the audit log). */
const MAX_TEXT_BYTES = 4 * 1024 * 1024;

export function sandboxSlice(ctx: ServiceContext): ApiSlice<'sandbox'> {
  return {
    async saveSandboxFile(input): Promise<AuditEntry> {
      const dir = await ctx.caseDir(input.caseId);
      // As the case's only writer (app/fs/case-queue.ts), so that each save's @before is the save before it.
      return withCaseWriter(dir, async () => {
        // Confined: the folders are made one by one inside the case (a symlinked folder out of it is refused),
        // and the file is never written through or replaced when it is a symlink (writeFileAtomic).
        const parent = await mkdirInside(dir, posix.dirname(input.path), join(dir, input.path));
        const path = join(parent, posix.basename(input.path));
        let before = 'absent';
        if (existsSync(path) || isSymlink(path))
          before = sha256(await readRegularFile(path, { maxBytes: MAX_TEXT_BYTES, shownAs: shown(input.path) }));
        await writeFileAtomic(path, input.text);
        const entry: AuditEntry = {
          at: new Date().toISOString(),
          who: ctx.reviewerOf(input),
          action: 'edit',
          caseId: input.caseId,
          hashes: { [`${input.path}@before`]: before, [input.path]: sha256(input.text) },
        };
        await appendAudit(dir, entry);
        return entry;
      });
    },

    async prepareSandboxProgram(caseId, path): Promise<SandboxProgram> {
      const { dir, loaded } = await ctx.caseOf(caseId);
      const modulePath = resolveInCase(dir, path);
      // The module may import files anywhere under the case's sandbox/ folder (and the checkers library).
      const { code, codeHash } = await bundleSource({ modulePath, root: join(dir, 'sandbox'), target: 'worker' });
      const suggested = suggestedInput(loaded.file, path);
      return {
        path,
        code,
        sha256: codeHash,
        ...(suggested !== undefined ? { suggestedInput: suggested.input, suggestedFrom: suggested.from } : {}),
        ...(suggested?.seed !== undefined ? { suggestedSeed: suggested.seed } : {}),
      };
    },

    async runSandboxProgram(r) {
      const { dir } = await ctx.caseOf(r.caseId);
      const runner = await (ctx.options.sandbox ?? (() => defaultSandboxRunner()))();
      return startSandboxRun({ caseDir: dir, runner, emit: ctx.runs.emit, running: ctx.runs.running }, r);
    },
  };
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
