/**
 * Letter words of `calc-assertion`, from its evidence only: the assertion as written, whether it holds, fails or
 * was left undecided, how (exactly, or by a rigorous enclosure at the precision used) and the enclosure of its
 * left side minus its right side, printed as the check wrote it (never re-rounded).
 * Example: for "H_1024 - ln(1024) < 0.58" the finding is "`H_1024 - ln(1024) < 0.58` holds: a rigorous enclosure
 * at 64 bits puts its left side minus its right side in [-0.0022961333213194434983, -0.0022961333213190093295],
 * entirely negative."
 */
import type { CheckResultView } from '../../../common/api/contract';
import { num, numberAt, objectAt, stringAt } from '../../text/prose-numbers';
import type { KindLetterWords } from '../kind-words';

/** The sign of a decimal string, read from its text (a float would turn 1e-2466 into 0). */
function signOf(text: string): number {
  if (/^[-+]?0*\.?0*(?:e[-+]?\d+)?$/i.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/** Where the difference lies, in words without a bare 0 (the sign is said, not printed). */
function side(lo: string, hi: string): string {
  const [a, b] = [signOf(lo), signOf(hi)];
  if (a === 0 && b === 0) return 'exactly zero';
  if (b < 0) return 'entirely negative';
  if (a > 0) return 'entirely positive';
  if (b === 0) return 'at most zero';
  if (a === 0) return 'at least zero';
  return 'on both sides of zero';
}

function sentence(r: CheckResultView): string | null {
  const ev = r.evidence;
  const assertion = stringAt(ev, 'assertion');
  const difference = objectAt(ev, 'difference');
  const lo = stringAt(difference, 'lo');
  const hi = stringAt(difference, 'hi');
  const guarantee = stringAt(ev, 'guarantee');
  if (assertion === null || lo === null || hi === null || (guarantee !== 'exact' && guarantee !== 'enclosure')) return null;
  const shown = `\`${assertion.trim().replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
  const where = lo === hi ? `is ${lo}` : `lies in [${lo}, ${hi}]`;
  if (ev.holds === 'cannot tell') {
    const maxBits = numberAt(ev, 'maxBits');
    if (maxBits === null) return null;
    return `Recheck could not decide ${shown}: with rigorous enclosures up to ${num(maxBits)} bits its left side minus its right side still ${where}, ${side(lo, hi)}, so neither the assertion nor its negation is proven.`;
  }
  if (ev.holds !== true && ev.holds !== false) return null;
  const verdict = ev.holds ? 'holds' : 'fails';
  const exact = stringAt(difference, 'exact');
  if (guarantee === 'exact' && exact === '0') return `${shown} ${verdict}: both sides are exact rationals, and they are equal.`;
  if (guarantee === 'exact')
    return `${shown} ${verdict}: both sides are exact rationals, and their difference ${exact !== null ? `is exactly ${exact}` : where}, ${side(lo, hi)}.`;
  const bits = numberAt(ev, 'bits');
  if (bits === null) return null;
  return `${shown} ${verdict}: a rigorous enclosure at ${num(bits)} bits puts its left side minus its right side in [${lo}, ${hi}], ${side(lo, hi)}.`;
}

/** A POSIX shell single-quoted word (for a command a reader copies). Example: `shellQuoted("a'b")` is `'a'\''b'`. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

export const calcAssertionWords: KindLetterWords = {
  rerun: (params) =>
    typeof params.assertion === 'string' && /^[\x20-\x7e]{1,2000}$/.test(params.assertion)
      ? `npx recheck calc --assert ${shellQuoted(params.assertion)}${Number.isInteger(params.maxBits) ? ` --max-bits ${params.maxBits as number}` : ''}`
      : null,
  finding: sentence,
  /** A refuting assertion is itself where the finding went wrong: the same sentence, from the same evidence. */
  diagnosis(r) {
    return r.outcome === 'refutes' ? sentence(r) : null;
  },
};
