/**
 * Unit words of the quantities a finding compares: a printed quantity is a number, a unit and the thing it
 * is counted per (`3.0 s per batch`, `1.5 s/trajectory`, `0.2 J per token`). The quantities a finding compares
 * are those its own text prints with their `per` word, and each bare `<number> <unit>` it prints is the first quantity
 * of that number and unit its evidence printed with a `per` word and no earlier bare number took. When two compared quantities of one unit
 * are counted per different things (per trajectory against per batch, per token against per sequence), the
 * comparison mixes units. When the evidence prints how the two relate (`batch = 50 trajectories`,
 * `batch of 50 trajectories`), the quantities are also given in one unit.
 * Guarantee: exact reading of the words; the normalised values are float64 (approximate, a few ulps).
 * (checkers/audits/units.ts audits structured quantities through mathjs; a mathjs instance per logbook would
 * cost more than the whole screen, and the words here need one division.)
 */
export interface UnitQuantity {
  readonly text: string;
  readonly value: number;
  readonly unit: string;
  readonly per: string | null;
  readonly cell: string;
}

const UNIT = '(s|sec|secs|seconds?|ms|milliseconds?|us|µs|min|minutes?|h|hours?|J|kJ|GB|MB|FLOPs?|tokens?)';
const PER =
  '(trajector(?:y|ies)|batch(?:es)?|tokens?|sequences?|samples?|steps?|episodes?|examples?|epochs?|images?|requests?|quer(?:y|ies)|rollouts?)';
const QUANTITY = new RegExp(
  `(?<![\\w.])(\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)\\s*${UNIT}(?:\\s*(?:per|/)\\s*(?:one\\s+|a\\s+|each\\s+)?${PER})?(?![\\w])`,
  'g',
);
const DEFINITION = new RegExp(`\\b${PER}\\s*(?:=|of)\\s*(\\d+)\\s*${PER}`, 'gi');

/** The singular of a counted thing: `trajectories` -> `trajectory`, `batches` -> `batch`. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ches') || w.endsWith('shes')) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** One spelling per unit: `seconds` -> `s`. */
function unitOf(word: string): string {
  const w = word.toLowerCase();
  if (/^(s|sec|secs|seconds?)$/.test(w)) return 's';
  if (/^(ms|milliseconds?)$/.test(w)) return 'ms';
  if (/^(us|µs)$/.test(w)) return 'us';
  if (/^(min|minutes?)$/.test(w)) return 'min';
  if (/^(h|hours?)$/.test(w)) return 'h';
  if (/^tokens?$/.test(w)) return 'token';
  if (/^flops?$/.test(w)) return 'FLOP';
  return word;
}

/** The quantities printed in `text`. Example: `quantitiesIn('3.0 s per batch', 'c')[0]` is {value 3, unit s, per batch}. */
export function quantitiesIn(text: string, cell: string): UnitQuantity[] {
  const out: UnitQuantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const per = m[3] === undefined ? null : singular(m[3]);
    const unit = unitOf(m[2] as string);
    if (per !== null && per === unit) continue; // "tokens per token" is no rate
    out.push({ text: m[0], value: Number(m[1]), unit, per, cell });
  }
  return out;
}

/** `batch = 50 trajectories` in the texts, as a map from the larger thing to [count, smaller thing]. */
export function definitionsIn(texts: readonly string[]): Map<string, { count: number; of: string }> {
  const out = new Map<string, { count: number; of: string }>();
  for (const t of texts)
    for (const m of t.matchAll(DEFINITION)) out.set(singular(m[1] as string), { count: Number(m[2]), of: singular(m[3] as string) });
  return out;
}

/** A comparison of quantities of one unit counted per different things. */
export interface UnitsMismatch {
  readonly a: UnitQuantity;
  readonly b: UnitQuantity;
  /** With a printed definition linking them: both per the smaller thing, and the ratio a / b against the naive one. */
  readonly normalised?: { readonly a: number; readonly b: number; readonly per: string; readonly ratio: number; readonly naive: number };
}

/**
 * The first mismatch among what the finding compares, or null. `findingText` is the finding's own text,
 * `evidence` the evidence texts with their cells.
 * Example: finding "3.0 s against 1.5 s", evidence "3.0 s per batch" and "1.5 s per trajectory" give a mismatch.
 */
export function unitsMismatch(
  findingText: string,
  findingCell: string,
  evidence: readonly { text: string; cell: string }[],
): UnitsMismatch | null {
  const printed = evidence.flatMap((e) => quantitiesIn(e.text, e.cell)).filter((q) => q.per !== null);
  const compared: UnitQuantity[] = [];
  const used = new Set<UnitQuantity>();
  for (const q of quantitiesIn(findingText, findingCell)) {
    if (q.per !== null) compared.push(q);
    else {
      // The first printed quantity of that number and unit not taken yet: "1.1 s and 1.1 s" are two quantities.
      const src = printed.find((p) => !used.has(p) && p.unit === q.unit && p.value === q.value);
      if (src !== undefined) {
        used.add(src);
        compared.push(src);
      }
    }
  }
  for (let i = 0; i < compared.length; i++)
    for (let j = i + 1; j < compared.length; j++) {
      const a = compared[i] as UnitQuantity;
      const b = compared[j] as UnitQuantity;
      if (a.unit !== b.unit || a.per === b.per || a.per === null || b.per === null) continue;
      const defs = definitionsIn([findingText, ...evidence.map((e) => e.text)]);
      const da = defs.get(a.per);
      const db = defs.get(b.per);
      const naive = a.value / b.value;
      if (da !== undefined && da.of === b.per) {
        const na = a.value / da.count;
        return { a, b, normalised: { a: na, b: b.value, per: b.per, ratio: na / b.value, naive } };
      }
      if (db !== undefined && db.of === a.per) {
        const nb = b.value / db.count;
        return { a, b, normalised: { a: a.value, b: nb, per: a.per, ratio: a.value / nb, naive } };
      }
      return { a, b };
    }
  return null;
}
