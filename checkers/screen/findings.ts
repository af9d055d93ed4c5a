/**
 * The findings of a logbook and the evidence each rests on, read from the cells alone:
 * - a finding is a Markdown cell whose words say the claim is verified (`verified`, `confirmed`, `reproduced`)
 *   or falsified (`falsified`, `refuted`); a word right after `not ` (or `un-`) does not count, a cell opening
 *   with "Claim under test" states the claim and is no finding, and when a cell holds both words the last wins;
 * - its evidence is the cells of its page between the previous finding of that page and itself, and every
 *   cell (of any page) whose id its text names;
 * - its claim is the text after "Claim under test:" in the first cell of its page that opens with it (up to the
 *   first period, at most 120 characters), else the page's title.
 * Guarantee: exact (a reading of words; what it does not recognise it leaves out, never guesses).
 */
import type { FindingSays, ScreenCell, ScreenFinding, ScreenPage } from './model';

const VERDICT = /\b(not\s+)?(verified|confirmed|reproduced|falsified|refuted)\b/gi;
const CLAIM_UNDER_TEST = /^\s*\**\s*claim under test\s*\**\s*:\s*/i;

/** A finding with its evidence cells. */
export interface FindingWithEvidence extends ScreenFinding {
  readonly text: string;
  readonly evidence: readonly { readonly page: string; readonly cell: ScreenCell }[];
}

/**
 * What a cell's words say, or null. Example: `findingSays('Claim falsified.')` is 'falsified';
 * `findingSays('The bound is not verified yet.')` is null.
 */
export function findingSays(text: string): FindingSays | null {
  if (CLAIM_UNDER_TEST.test(text)) return null;
  let says: FindingSays | null = null;
  for (const m of text.matchAll(VERDICT)) {
    if (m[1] !== undefined) continue;
    const word = (m[2] as string).toLowerCase();
    says = word === 'falsified' || word === 'refuted' ? 'falsified' : 'verified';
  }
  return says;
}

/** The claim a page tests (see the file comment). Example: for a cell "Claim under test: X is fast. We time it." it is "X is fast". */
export function claimOfPage(page: ScreenPage): string {
  for (const c of page.cells) {
    if (c.type !== 'markdown' || !CLAIM_UNDER_TEST.test(c.markdown)) continue;
    const rest = c.markdown.replace(CLAIM_UNDER_TEST, '').replace(/\s*\n\s*/g, ' ');
    const sentence = (/^.*?(?=\.(\s|$)|$)/.exec(rest)?.[0] ?? rest).trim();
    return sentence.length > 120 ? `${sentence.slice(0, 119)}…` : sentence;
  }
  return page.title;
}

/**
 * Every finding of the logbook with its evidence, in page and cell order.
 * Example: a page [claim, run, "Claim falsified."] gives one finding whose evidence is the claim cell and the run.
 */
export function findingsOf(pages: readonly ScreenPage[]): FindingWithEvidence[] {
  const byId = new Map<string, { page: string; cell: ScreenCell }>();
  for (const p of pages) for (const c of p.cells) if (!byId.has(c.id)) byId.set(c.id, { page: p.slug, cell: c });
  const out: FindingWithEvidence[] = [];
  for (const page of pages) {
    let from = 0;
    page.cells.forEach((cell, i) => {
      if (cell.type !== 'markdown') return;
      const says = findingSays(cell.markdown);
      if (says === null) return;
      const evidence = page.cells.slice(from, i).map((c) => ({ page: page.slug, cell: c }));
      for (const [id, ref] of byId)
        if (id !== cell.id && cell.markdown.includes(id) && !evidence.some((e) => e.cell === ref.cell)) evidence.push(ref);
      out.push({ page: page.slug, cell: cell.id, says, claim: claimOfPage(page), text: cell.markdown, evidence });
      from = i + 1;
    });
  }
  return out;
}
