/**
 * A perceptual verdict's gallery in the report page: each pair's two images inline (data: URIs of the bytes copied
 * under inputs/, typed by their signature, so the page stays one offline file under its policy), their conditions
 * and SHA-256, the pair's PSNR and SSIM, and every answer of the counted reviewers. Rendered from report.json and
 * the copied images alone, so that `recheck report --verify` renders it again byte for byte.
 */
import { answerWords, conditionsWords, dataUri, judgedWords, metricsWords, type Gallery } from '../perceptual/gallery';
import { sha256 } from '../fs/hash';
import { REPORT_FILES } from './model';

/** The bytes of a file of the report folder, by report path, or null. */
export type ReportBytes = (reportPath: string) => Uint8Array | null;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The report path of a case file copied under inputs/. */
export const inputPath = (casePath: string): string => `${REPORT_FILES.inputs}/${casePath}`;

export function galleryHtml(g: Gallery, bytes: ReportBytes): string {
  const worse = g.mode === 'compare' ? 'judged worse than the other image' : 'judged unusable';
  const out: string[] = [];
  out.push(`<div class="gallery" data-gallery="${esc(g.checkId)}">`);
  out.push(`<h3>The pairs ${esc(worse)} in the blind review</h3>`);
  out.push(
    `<p>${g.question !== '' ? `Each pair was shown blind (sides randomised), with the question “${esc(g.question)}”. ` : ''}In ${g.judgedPairs} pair${g.judgedPairs === 1 ? '' : 's'} the ${esc(conditionsWords(g.conditions))} image was ${esc(worse)} by at least one counted reviewer of check <code>${esc(g.checkId)}</code>; ${g.pairs.length === g.judgedPairs ? (g.pairs.length === 1 ? 'it is' : 'all are') : `${g.pairs.length} of them are`} shown, with the conditions revealed (the review is over).</p>`,
  );
  for (const p of g.pairs) {
    const metrics = metricsWords(p.metrics);
    const cells = p.images.map((img, side) => {
      const data = bytes(inputPath(img.path));
      // Only the bytes the gallery hashed are shown; a changed file shows as missing (the manifest names it too).
      const src = data !== null && sha256(data) === img.sha256 ? dataUri(img.mediaType, data) : null;
      const label = `${side === 0 ? 'A' : 'B'}: ${img.condition}`;
      return `<figure>${src !== null ? `<img alt="${esc(label)}" width="${img.width}" height="${img.height}" src="${src}">` : '<span class="muted">(image missing)</span>'}<figcaption><strong>${esc(label)}</strong><br><span class="mono">${esc(img.path)}</span><br><span class="hash">${esc(img.sha256)}</span></figcaption></figure>`;
    });
    out.push(`<div class="gallery-pair" data-pair="${esc(p.pair)}">`);
    out.push(`<div class="pair-images">${cells.join('')}</div>`);
    out.push(
      `<p><strong>Pair ${esc(p.pair)}</strong>${p.prompt !== undefined ? ` (prompt “${esc(p.prompt)}”)` : ''}. ${metrics !== null ? `${esc(metrics)}. ` : ''}${esc(worse.charAt(0).toUpperCase() + worse.slice(1))}: ${esc(judgedWords(p))}.</p>`,
    );
    out.push(`<ul class="small">${p.answers.map((a) => `<li>${esc(answerWords(a, g.mode))}</li>`).join('')}</ul>`);
    out.push('</div>');
  }
  if (g.problems.length > 0) out.push(`<ul class="small">${g.problems.map((x) => `<li>Not shown: ${esc(x)}</li>`).join('')}</ul>`);
  out.push('</div>');
  return out.join('\n');
}
