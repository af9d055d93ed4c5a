/**
 * Validation of a case's image-pair set (`recheck validate`): every image the pairs table names exists
 * inside the case folder (confined: no path out, no symlink out, regular files only, under a size cap),
 * decodes as PNG, JPEG or WebP, and the two images of a pair have the same size. Each problem is reported
 * per pair, with the table's line and the file, so that one run lists them all.
 *
 * Each file is read and decoded once, however many pairs name it.
 * Example: `(await checkImagePairs(dir, 'images/pairs.csv')).problems` is `[]` for the bundled case.
 */
import { imageProblem, readCaseImage } from '../images/read-case-image';
import { readPairSet } from './pair-set';
import { shown } from '../text/display';

export interface ImagePairProblem {
  pair: string;
  /** Line of the pairs table. */
  line: number;
  /** The image at fault, relative to the case folder. */
  file: string;
  problem: string;
}

export interface ImagePairReport {
  /** The pairs table, relative to the case folder. */
  table: string;
  pairs: number;
  /** Distinct image files named by the table. */
  images: number;
  problems: ImagePairProblem[];
}

type Checked = { ok: true; width: number; height: number } | { ok: false; problem: string };

async function checkImage(caseDir: string, rel: string): Promise<Checked> {
  try {
    const image = await readCaseImage(caseDir, rel);
    return { ok: true, width: image.width, height: image.height };
  } catch (err) {
    const problem = imageProblem(err);
    if (problem === undefined) throw err;
    return { ok: false, problem };
  }
}

/**
 * Checks the images of the pairs table `tableRel` of the case at `caseDir`. A table that cannot be read at
 * all throws BadInputError (one line); problems with images are returned, one per pair and file.
 */
export async function checkImagePairs(caseDir: string, tableRel: string): Promise<ImagePairReport> {
  const set = await readPairSet(caseDir, tableRel);
  const checked = new Map<string, Checked>();
  const check = async (rel: string): Promise<Checked> => {
    let c = checked.get(rel);
    if (c === undefined) {
      c = await checkImage(caseDir, rel);
      checked.set(rel, c);
    }
    return c;
  };
  const problems: ImagePairProblem[] = [];
  for (const pair of set.pairs) {
    const a = await check(pair.imageA);
    const b = await check(pair.imageB);
    const at = { pair: pair.id, line: pair.line };
    if (!a.ok) problems.push({ ...at, file: pair.imageA, problem: a.problem });
    if (!b.ok && pair.imageB !== pair.imageA) problems.push({ ...at, file: pair.imageB, problem: b.problem });
    if (a.ok && b.ok && (a.width !== b.width || a.height !== b.height)) {
      problems.push({ ...at, file: pair.imageB, problem: `is ${b.width}x${b.height} but ${shown(pair.imageA)} is ${a.width}x${a.height} (the two images of a pair must have the same size)` });
    }
  }
  return { table: set.path, pairs: set.pairs.length, images: checked.size, problems };
}
