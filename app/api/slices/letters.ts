/**
 * The letters slice of the service: drafts a letter from a case's decisions, saves its versions, tracks its
 * response and prints it to PDF; each save and status change names the reviewer in the audit log.
 * Example: `lettersSlice(ctx).draftLetter('timing')` drafts the letter to the authors with what it still misses.
 */
import { join } from 'node:path';
import { BadInputError } from '../../errors';
import { draftCaseLetter, letterPdf, letterReadiness } from '../../letters/case-letter';
import { chromiumPrinter } from '../../letters/pdf';
import { changeLetterStatus, listLetters, readLetterVersion, saveLetterVersion } from '../../letters/store';
import type { ApiSlice, ServiceContext } from '../context';

/** The one line said when a letter about no falsification is printed. */
export const NO_FALSIFICATION_TO_PRINT =
  'it is about no claimed falsification, so there is nothing to print: choose one in the letter’s controls first (Export Markdown works without)';

export function lettersSlice(ctx: ServiceContext): ApiSlice<'letters'> {
  return {
    async draftLetter(caseId, options) {
      const { dir, loaded } = await ctx.caseOf(caseId);
      return draftCaseLetter(dir, loaded.file, options ?? {});
    },

    async listLetters(caseId) {
      return listLetters(await ctx.caseDir(caseId));
    },

    async readLetter(caseId, letterId, version) {
      return readLetterVersion(await ctx.caseDir(caseId), letterId, version);
    },

    async saveLetter(input) {
      const { dir, loaded } = await ctx.caseOf(input.caseId);
      const { file } = loaded;
      const unknown = input.falsificationIds.find((id) => !file.falsifications.some((f) => f.id === id));
      if (unknown !== undefined) throw new BadInputError(join(dir, 'case.json'), `no falsification "${unknown}"`);
      const logbook = input.kind === 'logbook' ? file.falsifications.find((f) => f.id === input.falsificationIds[0])?.logbook : undefined;
      const readiness = await letterReadiness(dir, file, input.kind, input.falsificationIds);
      return saveLetterVersion(
        dir,
        {
          kind: input.kind,
          falsificationIds: input.falsificationIds,
          markdown: input.markdown,
          ...(input.letterId !== undefined ? { letterId: input.letterId } : {}),
          ...(logbook !== undefined ? { logbook } : {}),
        },
        { caseId: input.caseId, who: ctx.reviewerOf(input), ...readiness },
      );
    },

    async setLetterStatus(input) {
      const { dir, loaded } = await ctx.caseOf(input.caseId);
      const { caseId, letterId, reviewer: _who, ...change } = input;
      const letter = (await listLetters(dir)).find((l) => l.id === letterId);
      const readiness =
        letter !== undefined
          ? await letterReadiness(dir, loaded.file, letter.kind, letter.falsificationIds)
          : { ready: false, missing: [] };
      return changeLetterStatus(dir, letterId, change, { caseId, who: ctx.reviewerOf(input), ...readiness });
    },

    async exportLetterPdf(input) {
      const { dir, loaded } = await ctx.caseOf(input.caseId);
      // As saving does (app/letters/store.ts): a letter is about at least one claimed falsification.
      if (input.falsificationIds.length === 0) throw new BadInputError('letter', NO_FALSIFICATION_TO_PRINT);
      const pdf = await letterPdf(dir, loaded.file, input.markdown, input.falsificationIds, ctx.options.printPdf ?? chromiumPrinter());
      return { base64: Buffer.from(pdf).toString('base64') };
    },
  };
}
