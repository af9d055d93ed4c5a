/** A `recheck.units/1` file read and audited, with every input problem turned into one-line bad input. */
import { BadInputError } from '../errors';
import { shown } from '../text/display';
import { CheckerError } from '../../checkers/errors';
import type { UnitsAudit, UnitsInput } from '../../checkers/audits/units';
import { readJsonFile } from './json-file';

export interface UnitsFileAudit {
  input: UnitsInput;
  audit: UnitsAudit;
}

/** Reads, validates and audits the units file at `path` (`display` names it in messages). */
export async function auditUnitsFile(path: string, display = path): Promise<UnitsFileAudit> {
  const doc = await readJsonFile(path, display);
  // mathjs takes seconds to load: load the units checker only when a units file is audited, so that every
  // other command (and `recheck --help`) starts fast.
  const { auditUnits, unitsInputFromJson, UnitsInputError } = await import('../../checkers/audits/units');
  try {
    const input = unitsInputFromJson(doc);
    return { input, audit: auditUnits(input) };
  } catch (err) {
    if (err instanceof UnitsInputError) throw new BadInputError(shown(display), shown(err.reason), shown(err.subject));
    if (err instanceof CheckerError) throw new BadInputError(shown(display), err.message.replace(/^recheck\.\w+: /, ''));
    throw err;
  }
}
