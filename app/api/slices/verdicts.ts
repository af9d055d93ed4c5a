/**
 * The verdicts slice of the service: records a reviewer's verdict (one that disagrees with the computed decision
 * must acknowledge it and say why, app/verdicts/record.ts) and gives the queue of findings awaiting one.
 * Example: `verdictsSlice(ctx).verdictQueue()` lists every claimed falsification of the workspace, most urgent first.
 */
import type { AuditEntry, VerdictQueueView } from '../../../common/api/contract';
import { verdictQueue } from '../../queue/queue';
import { recordVerdict } from '../../verdicts/record';
import type { ApiSlice, ServiceContext } from '../context';

export function verdictsSlice(ctx: ServiceContext): ApiSlice<'verdicts'> {
  return {
    async recordVerdict(input): Promise<AuditEntry> {
      // A verdict that disagrees with the computed decision must acknowledge it and say why (app/verdicts/record.ts).
      const { caseId, ...verdict } = input;
      return recordVerdict((await ctx.caseOf(caseId)).loaded, caseId, verdict);
    },

    async verdictQueue(): Promise<VerdictQueueView> {
      return verdictQueue(ctx.workspaceDir, ctx.registry, ctx.runs.live.list());
    },
  };
}
