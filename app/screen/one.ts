/**
 * Screens one logbook folder, through the content-hash cache when one is given: the key is the sha256 of the
 * screen's rule version (SCREEN_RULE_VERSION) and the sorted list of every file's path and sha256
 * (app/fs/hash.ts `hashTree`), so an unchanged logbook is read from `<cache>/<key>.json` and any change to a
 * file, a file added or removed, or a new rule version screens it again. A folder that cannot be read as a
 * Trackio logbook gives one `unreadable-logbook` flag with the reason (never a crash of the whole screen).
 * Example: `await screenOne(mpfr, '/c/logbooks', 'lb-00001', '/c/.cache')`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mpfr } from '../../checkers/precise/mpfr';
import { SCREEN_RULE_VERSION, type LogbookScreen, type ScreenFlag } from '../../checkers/screen/model';
import type { Horizon } from '../../checkers/screen/finding-table';
import { screenLogbookWithHorizons } from '../../checkers/screen/rules';
import { BadInputError } from '../errors';
import { hashTree, sha256 } from '../fs/hash';
import { parseJsonBounded } from '../../common/json/bounded';
import { oneLine } from '../text/display';
import { readScreenInput } from './read';
import { replayFlags, type ScreenReplayOptions } from './replay-cells';

/** The screen of one folder: its name, paper (null when unread or not given) and the rules' result. */
export interface ScreenResult extends LogbookScreen {
  readonly logbook: string;
  readonly paper: string | null;
  /** The horizon of each finding, same order (checkers/screen/judge.ts); not part of the flags' output. */
  readonly horizons: readonly (Horizon | null)[];
}

/** The cache key of a folder (see the file comment). */
export async function screenKey(dir: string): Promise<string> {
  const files = await hashTree(dir, dir);
  return sha256(`recheck-screen/${SCREEN_RULE_VERSION}\n${JSON.stringify(Object.entries(files))}`);
}

async function screenUncached(mpfr: Mpfr, dir: string, replay?: ScreenReplayOptions): Promise<Omit<ScreenResult, 'logbook'>> {
  try {
    const input = await readScreenInput(dir);
    const { screen: screened, horizons } = screenLogbookWithHorizons(mpfr, input);
    // With --replay, the cheap run cells the findings rest on are run again in the sandbox (replay-cells.ts).
    const replayed = replay !== undefined ? await replayFlags(dir, input.pages, replay) : [];
    return {
      paper: input.paper,
      ...screened,
      flags: [...screened.flags, ...replayed],
      horizons,
    };
  } catch (err) {
    if (!(err instanceof BadInputError)) throw err;
    const flag: ScreenFlag = { kind: 'unreadable-logbook', page: '', cell: '', message: oneLine(err.problem) };
    return { paper: null, findings: [], flags: [flag], horizons: [] };
  }
}

/** Screens `root/name`, from and into the cache folder when given (a screen with replays has keys of its own). */
export async function screenOne(
  mpfr: Mpfr,
  root: string,
  name: string,
  cacheDir?: string,
  replay?: ScreenReplayOptions,
): Promise<ScreenResult> {
  const dir = join(root, name);
  let key: string | null = null;
  if (cacheDir !== undefined) {
    try {
      key = await screenKey(dir);
      if (replay !== undefined) key = sha256(`${key}\nreplay ${replay.budgetS} ${replay.python ?? ''}`);
      const cached = parseJsonBounded(await readFile(join(cacheDir, `${key}.json`), 'utf8')) as Omit<ScreenResult, 'logbook'>;
      // An entry written before findings carried horizons is screened again (and rewritten).
      if (Array.isArray(cached.horizons))
        return { logbook: name, paper: cached.paper, findings: cached.findings, flags: cached.flags, horizons: cached.horizons };
    } catch (err) {
      if (err instanceof BadInputError) key = null; // a folder that cannot be listed: screened (and flagged) below
      // else: not cached yet, or an unreadable cache entry: screen again
    }
  }
  const result = await screenUncached(mpfr, dir, replay);
  if (key !== null && cacheDir !== undefined) await writeCacheEntry(cacheDir, `${key}.json`, `${JSON.stringify(result)}\n`);
  return { logbook: name, ...result };
}

/**
 * Writes a cache entry through a fresh temporary name and a rename: a reader sees the whole entry or none.
 * Unlike app/fs/atomic.ts it does not fsync (two syncs per logbook cost more than screening it): after a crash an
 * entry may be missing, and the logbook is then screened again.
 */
async function writeCacheEntry(dir: string, name: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, join(dir, name));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
