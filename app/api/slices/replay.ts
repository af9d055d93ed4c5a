/**
 * The replay slice: a run cell's overridable literals and a grid of values for one of them checked, for the
 * replay check's form (app/replay/cell-literals.ts; common/api/replay.ts declares the methods).
 * Example: `replaySlice(ctx).replayLiterals({ caseId: 'paging', cell: 'cell_paging_sweep' })` lists KS = [2, 4, 8, 16].
 */
import { cellLiterals, checkCellGrid } from '../../replay/cell-literals';
import type { ApiSlice, ServiceContext } from '../context';

export function replaySlice(ctx: ServiceContext): ApiSlice<'replay'> {
  return {
    async replayLiterals(input) {
      const caseDir = await ctx.caseDir(input.caseId);
      const { raw: _raw, ...view } = await cellLiterals({ caseDir, where: input.caseId, ...cellOf(input) });
      return view;
    },
    async checkReplayGrid(input) {
      const caseDir = await ctx.caseDir(input.caseId);
      return checkCellGrid({
        caseDir,
        where: input.caseId,
        ...cellOf(input),
        name: input.name,
        values: input.values,
        ...(input.table !== undefined ? { table: input.table } : {}),
      });
    },
  };
}

function cellOf(input: { cell: string; logbook?: string }): { cell: string; logbook?: string } {
  return { cell: input.cell, ...(input.logbook !== undefined ? { logbook: input.logbook } : {}) };
}
