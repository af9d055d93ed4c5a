/**
 * The triage slice of the service: reads a verdict ledger and gives the re-check queue, each row with the
 * workspace's cases about its paper.
 * Example: `triageSlice(ctx).triageLedger({ name: 'ledger.csv', base64 })` returns counts and the queue.
 */
import { triageQueue } from '../../../checkers/ledger/triage';
import type { TriageView } from '../../../common/api/contract';
import { loadCase } from '../../cases/load';
import { listCaseDirs } from '../../cases/workspace';
import { ledgerOfText } from '../../tables/ledger-file';
import { decodeUtf8 } from '../../tables/text-file';
import { prematureVerifications } from '../../verdicts/premature';
import type { ApiSlice, ServiceContext } from '../context';

export function triageSlice(ctx: ServiceContext): ApiSlice<'triage'> {
  const { registry, workspaceDir } = ctx;
  return {
    async triageLedger(input): Promise<TriageView> {
      const text = decodeUtf8(Buffer.from(input.base64, 'base64'), input.name);
      const ledger = await ledgerOfText(text, input.name);
      // Cases of the workspace by paper id, so that a row opens its case when there is one.
      const byPaper = new Map<string, string[]>();
      for (const dir of await listCaseDirs(workspaceDir)) {
        try {
          const { file } = await loadCase(dir, registry);
          byPaper.set(file.paper.venueId, [...(byPaper.get(file.paper.venueId) ?? []), file.id]);
        } catch {
          /* a broken case is listed with its problem elsewhere */
        }
      }
      const { claimSummaries: _all, recheck: _old, ...counts } = ledger;
      // Claims verified only by logbooks that a case here decided premature rank beside contested ones.
      const premature = await prematureVerifications(workspaceDir, registry);
      return { ...counts, queue: triageQueue(ledger, premature).map((r) => ({ ...r, caseIds: byPaper.get(r.paper) ?? [] })) };
    },
  };
}
