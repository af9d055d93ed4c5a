/**
 * A perceptual verdict's gallery in a letter's Markdown: the question asked blind, how many pairs had an image of a
 * declared condition judged unusable, and for each pair shown its figure number (the PDF attaches both images under
 * that number, app/letters/html.ts), the two image files with their SHA-256 and conditions, its PSNR and SSIM, and
 * every answer the counted reviewers gave. Names and labels from the case are folded onto one line.
 */
import { oneLine } from '../text/display';
import { answerWords, conditionsWords, judgedWords, metricsWords, type Gallery } from '../perceptual/gallery';

/** "Figure 3" or "Figures 3 to 8". */
export function figureRange(numbers: readonly number[]): string {
  if (numbers.length === 1) return `Figure ${numbers[0]}`;
  return `Figures ${numbers[0]} to ${numbers.at(-1)}`;
}

/** The section's lines; `numbers[i]` is the figure number of `g.pairs[i]`. */
export function gallerySection(caseId: string, g: Gallery, numbers: readonly number[]): string[] {
  const worse = g.mode === 'compare' ? 'judged worse than the other image' : 'judged unusable';
  const out = [`### The pairs ${worse} in the blind review`, ''];
  const asked = g.question !== '' ? `Each pair was shown blind (sides randomised), with the question “${oneLine(g.question, 300)}”. ` : '';
  out.push(
    `${asked}In ${g.judgedPairs} pair${g.judgedPairs === 1 ? '' : 's'} the ${conditionsWords(g.conditions)} image was ${worse} by at least one counted reviewer; ` +
      `${g.pairs.length === g.judgedPairs ? (g.pairs.length === 1 ? 'it is' : 'all are') : `${g.pairs.length} of them are`} shown here${numbers.length > 0 ? ` (${figureRange(numbers)}, attached)` : ''}, with the conditions revealed now that the review is over.`,
    '',
  );
  g.pairs.forEach((p, i) => {
    const [a, b] = p.images;
    const metrics = metricsWords(p.metrics);
    out.push(
      `- **${numbers[i] !== undefined ? `Figure ${numbers[i]}, pair` : 'Pair'} ${oneLine(p.pair, 128)}**${p.prompt !== undefined ? ` (prompt “${oneLine(p.prompt, 300)}”)` : ''}: ` +
        `image A \`${caseId}/${a.path}\` (${oneLine(a.condition, 80)}), SHA-256 \`${a.sha256}\`; image B \`${caseId}/${b.path}\` (${oneLine(b.condition, 80)}), SHA-256 \`${b.sha256}\`.` +
        `${metrics !== null ? ` ${metrics}.` : ''} ${worse.charAt(0).toUpperCase()}${worse.slice(1)}: ${judgedWords(p)}.`,
    );
    for (const answer of p.answers) out.push(`  - ${answerWords(answer, g.mode)}`);
  });
  for (const problem of g.problems) out.push(`- Not shown: ${oneLine(problem, 400)}`);
  out.push('');
  return out;
}
