/**
 * Comparisons a case pins in case.json for a `sandbox-verdict` check (param `decides`): the quantity, relation,
 * bound and meaning of each decisive comparison, so that the module supplies only the values. Without them a
 * module chooses its own bounds and which comparisons to show; with them, its `evidence.decides` must hold exactly
 * the declared comparisons (each quantity once, nothing else), with the same relation and meaning and a bound
 * equal as an exact rational (the float 0.1 is not "0.1"). Anything else fails the check, naming the module and
 * the first difference.
 * Example: declared `[{ quantity: 'ratio at k=1024', relation: '<', bound: '2', means: 'refutes' }]` accepts a
 * module comparison `{ quantity: 'ratio at k=1024', value: '1.73', relation: '<', bound: '2/1', means: 'refutes' }`.
 */
import { BadInputError } from '../../errors';
import { exactNumber, floatNumber, type Relation, type WrittenNumber } from '../../../checkers/verdicts/comparison';
import type { DecisiveComparison } from '../../../checkers/verdicts/derive';
import { CheckerError } from '../../../checkers/errors';

/** A comparison as case.json declares it (params.decides[i]). */
export interface DeclaredComparisonParams {
  quantity: string;
  relation: Relation;
  bound: string | number;
  means: 'supports' | 'refutes';
}

/** A declared comparison with its bound read exactly. */
export interface DeclaredComparison {
  readonly quantity: string;
  readonly relation: Relation;
  readonly bound: WrittenNumber;
  readonly means: 'supports' | 'refutes';
}

/** JSON schema of params.decides (the relation, meaning and sizes; the bound's syntax is read by readDeclared). */
export const declaredSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 64,
  description: 'the decisive comparisons the module must report, with their bounds pinned here (it supplies only the values)',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['quantity', 'relation', 'bound', 'means'],
    properties: {
      quantity: { type: 'string', minLength: 1, maxLength: 200 },
      relation: { enum: ['<', '<=', '=', '>=', '>'] },
      bound: { type: ['string', 'number'], description: 'an exact number string ("2", "0.05", "7/3") or a JS number (its binary value)' },
      means: { enum: ['supports', 'refutes'] },
    },
  },
};

/** Reads params.decides; throws BadInputError naming case.json and the param for a bound that is not an exact number or a repeated quantity. */
export function readDeclared(list: readonly DeclaredComparisonParams[], caseJson: string, checkId: string): DeclaredComparison[] {
  const seen = new Set<string>();
  return list.map((d, i) => {
    const at = `check ${checkId}: params.decides[${i}]`;
    if (seen.has(d.quantity)) throw new BadInputError(caseJson, `the quantity "${d.quantity}" is declared twice`, at);
    seen.add(d.quantity);
    let bound: WrittenNumber;
    try {
      bound = typeof d.bound === 'number' ? floatNumber(d.bound) : exactNumber(d.bound);
    } catch (e) {
      if (e instanceof CheckerError) throw new BadInputError(caseJson, `bound: ${e.message.replace(/^recheck\.\w+: /, '')}`, at);
      throw e;
    }
    return { quantity: d.quantity, relation: d.relation, bound, means: d.means };
  });
}

/** Throws BadInputError(module, ...) unless the module's comparisons are exactly the declared ones (values aside). */
export function requireDeclared(
  module: string,
  declared: readonly DeclaredComparison[],
  got: readonly DecisiveComparison[],
  seed: number,
): void {
  const fail = (problem: string): never => {
    throw new BadInputError(module, `its comparisons do not match the ones case.json declares: ${problem} (seed ${seed})`);
  };
  for (const c of got) {
    const d = declared.find((x) => x.quantity === c.quantity);
    if (d === undefined) fail(`"${c.quantity.slice(0, 80)}" is not declared`);
    else if (got.filter((x) => x.quantity === c.quantity).length > 1) fail(`"${d.quantity}" is reported more than once`);
    else if (c.relation !== d.relation) fail(`"${d.quantity}" uses ${c.relation}, declared ${d.relation}`);
    else if (c.means !== d.means) fail(`"${d.quantity}" stands for ${c.means}, declared ${d.means}`);
    else if (!c.bound.value.equals(d.bound.value)) fail(`"${d.quantity}" has the bound ${c.bound.text}, declared ${d.bound.text}`);
  }
  const missing = declared.find((d) => !got.some((c) => c.quantity === d.quantity));
  if (missing !== undefined) fail(`"${missing.quantity}" is missing`);
}
