/**
 * Letters of one loaded case, from its folder: the draft (decisions from each falsification's own latest run,
 * verdicts from audit.jsonl, evidence hashed from the case's files), the figures a PDF appends, and the PDF.
 * The API service and `recheck letter` both call these, so the app and the CLI write the same letter.
 */
import type { DraftLetterOptions, LetterDraft } from '../../common/api/contract';
import { readAudit } from '../cases/audit';
import type { CaseFile } from '../cases/model';
import { latestCaseReports } from '../checks/latest';
import { draftLetter } from './draft';
import { letterEvidence } from './evidence';
import { galleryDataUris, judgedWords } from '../perceptual/gallery';
import { letterHtml, type LetterFigure } from './html';
import type { PdfPrinter } from './pdf';
import { selectLetter } from './select';

/** The draft of a letter for the case in `dir`. */
export async function draftCaseLetter(dir: string, file: CaseFile, options: DraftLetterOptions = {}): Promise<LetterDraft> {
  const { reports } = await latestCaseReports(dir, file);
  const audit = await readAudit(dir);
  const ids = selectLetter(file, reports, audit, options, `${file.id}/case.json`).falsifications.map((f) => f.id);
  return draftLetter(file, reports, audit, await letterEvidence(dir, file, reports, ids), options);
}

/** Whether a letter of this kind about these falsifications may be sent now, and what is missing. */
export async function letterReadiness(
  dir: string,
  file: CaseFile,
  kind: LetterDraft['kind'],
  falsificationIds: readonly string[],
): Promise<{ ready: boolean; missing: string[] }> {
  const { reports } = await latestCaseReports(dir, file);
  const audit = await readAudit(dir);
  const missing = falsificationIds.flatMap((id) => [
    ...selectLetter(file, reports, audit, { kind, falsificationId: id }, `${file.id}/case.json`).missing,
  ]);
  return { ready: missing.length === 0, missing };
}

/**
 * The figures the checks of these falsifications drew, and the image pairs of their perceptual galleries, numbered
 * and captioned as the letter cites them.
 */
export async function letterFigures(dir: string, file: CaseFile, falsificationIds: readonly string[]): Promise<LetterFigure[]> {
  const { reports } = await latestCaseReports(dir, file);
  const evidence = await letterEvidence(dir, file, reports, falsificationIds);
  const out: LetterFigure[] = [];
  for (const [key, ev] of evidence) {
    const [fid, checkId] = key.split('/');
    const title = reports.find((r) => r.falsificationId === fid)?.checks.find((x) => x.checkId === checkId)?.title ?? '';
    for (const fig of ev.figures) out.push({ caption: `Figure ${fig.number}: ${title} (SHA-256 ${fig.sha256})`, svg: fig.svg });
    if (ev.gallery === undefined) continue;
    const { gallery, numbers } = ev.gallery;
    const uris = await galleryDataUris(dir, gallery);
    gallery.pairs.forEach((p, i) => {
      const images = p.images.flatMap((img, side) => {
        const src = uris.get(img.path);
        return src === undefined ? [] : [{ src, label: `${side === 0 ? 'A' : 'B'}: ${img.condition}` }];
      });
      const judged = gallery.mode === 'compare' ? 'judged worse' : 'judged unusable';
      out.push({
        caption: `Figure ${numbers[i]}: pair ${p.pair}, image A ${p.images[0].condition} and image B ${p.images[1].condition}; ${judged}: ${judgedWords(p)} (SHA-256 ${p.images[0].sha256.slice(0, 12)}…, ${p.images[1].sha256.slice(0, 12)}…)`,
        images,
      });
    });
  }
  return out;
}

/** The letter as a PDF, the checks' figures appended. */
export async function letterPdf(
  dir: string,
  file: CaseFile,
  markdown: string,
  falsificationIds: readonly string[],
  print: PdfPrinter,
): Promise<Uint8Array> {
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? file.paper.title;
  return print(letterHtml(markdown, title, await letterFigures(dir, file, falsificationIds)));
}
