/**
 * A logbook as pieces of text with where each is (`page/cell`, or a file), for analyses that read what a
 * logbook printed: the settings it reports (checkers/logbook/settings.ts).
 */
import type { LogbookView } from '../../common/api/contract';
import type { LogbookText } from '../../checkers/logbook/settings';

const CODE_FILE = /\.(py|ts|js|mjs|sh|ipynb|jl|r|cpp|c|rs|go|yaml|yml|toml|json|cfg|ini)$/i;

/** Example: `logbookTexts(view).filter((t) => t.kind === 'command')` are the commands the logbook ran. */
export function logbookTexts(view: LogbookView): LogbookText[] {
  const out: LogbookText[] = [];
  for (const page of view.pages) {
    for (const cell of page.cells) {
      const where = `${page.slug}/${cell.id}`;
      if (cell.type === 'markdown') out.push({ where, kind: 'markdown', text: cell.markdown });
      else if (cell.type === 'code') {
        if (cell.command.length > 0) out.push({ where, kind: 'command', text: cell.command.join(' ') });
        for (const b of cell.blocks)
          out.push({
            where,
            kind: b.lang === 'output' || b.lang === 'result' ? 'output' : b.lang === 'bash' ? 'command' : 'code',
            text: b.text,
          });
      } else out.push({ where, kind: 'markdown', text: cell.title });
    }
  }
  for (const f of view.files)
    if (f.text !== undefined) out.push({ where: f.path, kind: CODE_FILE.test(f.path) ? 'code' : 'markdown', text: f.text });
  return out;
}
