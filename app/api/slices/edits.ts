/**
 * The edits slice of the service: atomic, validated, logged edits of a case (claims, findings, checks,
 * withdrawals, paper.md, added files, checklist answers), each naming the reviewer in the audit log.
 * Example: `editsSlice(ctx).addClaim({ caseId: 'timing', text: 'T(n) grows as n^2' })` returns the claim's id and its entry.
 */
import type { AuditEntry, EditView } from '../../../common/api/contract';
import { addFinding } from '../../cases/add-finding';
import { addCheck, addClaim, addFalsification, answerChecklist } from '../../cases/edit';
import { addCaseFile } from '../../cases/files';
import type { ChecklistAnswer } from '../../cases/model';
import { editPaper } from '../../cases/paper';
import { withdraw, type WithdrawTarget } from '../../cases/withdraw';
import { withCaseWriter } from '../../fs/case-queue';
import type { ApiSlice, ServiceContext } from '../context';

export function editsSlice(ctx: ServiceContext): ApiSlice<'edits'> {
  const { registry } = ctx;
  const by = (input: { reviewer?: string }) => ({ who: ctx.reviewerOf(input) });
  return {
    async addClaim(input): Promise<EditView> {
      const r = await addClaim(await ctx.caseDir(input.caseId), registry, by(input), {
        text: input.text,
        ...(input.section !== undefined ? { section: input.section } : {}),
      });
      return { id: r.id, entry: r.entry };
    },

    async addFalsification(input): Promise<EditView> {
      const dir = await ctx.caseDir(input.caseId);
      const source = input.source !== undefined ? { source: input.source } : {};
      // A finding that says something other than falsified carries its polarity; the old call stays byte for byte.
      const r =
        input.says !== undefined && input.says !== 'falsified'
          ? await addFinding(dir, registry, by(input), {
              claim: input.claim,
              logbook: input.logbook,
              says: input.says,
              assertion: input.assertion,
              ...source,
            })
          : await addFalsification(dir, registry, by(input), {
              claim: input.claim,
              logbook: input.logbook,
              assertion: input.assertion,
              ...source,
            });
      return { id: r.id, entry: r.entry };
    },

    async addCheck(input): Promise<EditView> {
      const r = await addCheck(await ctx.caseDir(input.caseId), registry, by(input), {
        falsification: input.falsification,
        kind: input.kind,
        params: input.params,
        ...(input.title !== undefined ? { title: input.title } : {}),
      });
      return { id: r.id, entry: r.entry };
    },

    async withdraw(input): Promise<AuditEntry> {
      const target: WithdrawTarget =
        input.item === 'check' ? { item: 'check', finding: input.finding ?? '', id: input.id } : { item: input.item, id: input.id };
      return (await withdraw(await ctx.caseDir(input.caseId), registry, by(input), { ...target, reason: input.reason })).entry;
    },

    async editPaper(input): Promise<AuditEntry> {
      return editPaper(await ctx.caseDir(input.caseId), registry, by(input), {
        markdown: input.markdown,
        ...(input.baseSha256 !== undefined ? { baseSha256: input.baseSha256 } : {}),
      });
    },

    async addCaseFile(input): Promise<AuditEntry> {
      const dir = await ctx.caseDir(input.caseId);
      // As the case's only writer: of two files added at one path, one is written and the other refused.
      return withCaseWriter(dir, () => addCaseFile(dir, registry, by(input), input.path, Buffer.from(input.base64, 'base64')));
    },

    async answerChecklist(input): Promise<AuditEntry> {
      const answer: ChecklistAnswer =
        input.status === 'answered'
          ? { status: 'answered', checks: input.checks ?? [], ...(input.note !== undefined ? { note: input.note } : {}) }
          : input.status === 'not-applicable'
            ? { status: 'not-applicable', reason: input.reason ?? '' }
            : { status: 'open', ...(input.note !== undefined ? { note: input.note } : {}) };
      const r = await answerChecklist(await ctx.caseDir(input.caseId), registry, by(input), {
        falsification: input.falsificationId,
        question: input.question,
        answer,
      });
      return r.entry;
    },
  };
}
