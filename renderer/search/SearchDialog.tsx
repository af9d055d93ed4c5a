/**
 * "Search this case" (Ctrl/Cmd+Shift+F, or the case header's Search): one box over the paper, claims, findings,
 * every logbook cell and the case's text files (search.ts); each hit, grouped by where it is, opens the place
 * found: a logbook cell is scrolled to and marked, a claim or finding is scrolled to, the paper pane scrolls to the
 * words, a sandbox file opens in the editor, any other file in the evidence viewer.
 */
import { useContext, useEffect, useMemo, useState } from 'react';
import type { CaseDetail, RecheckApi } from '../../common/api/contract';
import { Dialog } from '../components/Dialog';
import { useOpenCaseFile } from '../evidence/CaseFiles';
import type { QuoteSourceView } from '../intake/QuoteSource';
import { CommandContext } from '../palette/use-commands';
import { caseDocs, filesToSearch, MAX_HITS_PER_DOC, searchDocs, type SearchHit, type SearchPlace } from './search';
import { revealText } from './reveal';
import './search.css';

export function SearchDialog(props: { api: RecheckApi; detail: CaseDetail; onClose(): void; onShowSource(source: QuoteSourceView): void }) {
  const { api, detail } = props;
  const [query, setQuery] = useState('');
  const [files, setFiles] = useState<{ path: string; text: string }[] | null>(null);
  const openFile = useOpenCaseFile();
  const commands = useContext(CommandContext);
  useEffect(() => {
    let live = true;
    (async () => {
      const listed = await api.listCaseFiles(detail.id);
      const read: { path: string; text: string }[] = [];
      for (const path of filesToSearch(detail, listed)) {
        try {
          const f = await api.readCaseFile(detail.id, path);
          if (f.kind === 'text') read.push({ path, text: f.text });
        } catch {
          // a file that cannot be read as text is not searched
        }
      }
      if (live) setFiles(read);
    })().catch(() => live && setFiles([]));
    return () => {
      live = false;
    };
  }, [api, detail]);
  const docs = useMemo(() => caseDocs(detail, files ?? []), [detail, files]);
  const { hits, total, places } = useMemo(() => searchDocs(docs, query), [docs, query]);

  const open = (hit: SearchHit) => {
    props.onClose();
    // After the dialog has closed (its focus restored), so the place found keeps the focus.
    setTimeout(() => openPlace(hit.doc.place, hit.match), 0);
  };
  const openPlace = (place: SearchPlace, words: string) => {
    if (place.type === 'cell') props.onShowSource({ logbook: place.logbook, page: place.page, cell: place.cell });
    else if (place.type === 'sandbox-file') commands?.run(`file.open:${place.path}`);
    else if (place.type === 'file') openFile?.(place.path);
    else if (place.type === 'claim') revealText(document.getElementById(`claim-${place.id}`), null);
    else if (place.type === 'finding') revealText(document.querySelector(`[data-testid="falsification-${CSS.escape(place.id)}"]`), null);
    else revealText(document.querySelector('[data-testid="pane-paper"]'), words);
  };

  const groups = [...new Set(hits.map((h) => h.doc.group))];
  return (
    <Dialog title="Search this case" testId="search-dialog" onClose={props.onClose}>
      <label className="search-box">
        <span className="visually-hidden">Search the paper, logbook cells and files of this case</span>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search the paper, logbook cells and files"
          data-autofocus
          data-testid="search-input"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && hits[0] !== undefined) open(hits[0]);
            // A filled search field would clear itself on Escape (the browser's type=search), so closing took two:
            // one Escape closes the search, as it does every dialog.
            if (e.key === 'Escape') {
              e.preventDefault();
              props.onClose();
            }
          }}
        />
      </label>
      <div className="small muted search-status" role="status" data-testid="search-status">
        {files === null ? 'Reading the case’s files… ' : ''}
        {query.trim() === ''
          ? `${docs.length} places to search`
          : `${total} match${total === 1 ? '' : 'es'} in ${places} place${places === 1 ? '' : 's'}${hits.length < total ? ` (${hits.length} shown: at most ${MAX_HITS_PER_DOC} a place)` : ''}`}
      </div>
      {groups.map((g) => (
        <section key={g} className="search-group" aria-label={g}>
          <h3 className="section-heading">{g}</h3>
          <ul>
            {hits
              .filter((h) => h.doc.group === g)
              .map((h) => (
                <li key={`${h.doc.label}:${h.index}`}>
                  <button
                    type="button"
                    className="search-hit"
                    onClick={() => open(h)}
                    data-testid="search-hit"
                    data-place={h.doc.place.type}
                  >
                    <span className="search-where small muted">{h.doc.label}</span>
                    <span className="search-snippet">
                      {h.before}
                      <mark>{h.match}</mark>
                      {h.after}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
