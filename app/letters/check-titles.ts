/**
 * Letters name no check id: in text written by a reviewer or a gate (`the claim fails: ... (certificate:
 * logbook-fit)`) each id of the finding's checks becomes the check's title in quotes. Ids that are plain words
 * (`units`) are left alone: they read as the word.
 * Example: `withCheckTitles('missing: logbook-fit', f)` is "missing: “refit the logbook's own table ...”".
 */
import type { Falsification } from '../cases/model';

export function withCheckTitles(text: string, f: Pick<Falsification, 'checks'>): string {
  let out = text;
  for (const check of f.checks) {
    if (!/[-_.0-9]/.test(check.id)) continue;
    const title = check.title.charAt(0).toLowerCase() + check.title.slice(1);
    out = out.replace(new RegExp(`(?<![\\w-])${check.id.replace(/[.]/g, '\\.')}(?![\\w-])`, 'g'), `“${title}”`);
  }
  return out;
}
