/**
 * A screened logbook shown at a flagged cell: the logbook body (renderer/components/LogbookBody.tsx) revealing
 * the cell, under the flag's message. Quoting and extracting belong to a case: the cell actions say to make one.
 */
import { useState } from 'react';
import type { LogbookView } from '../../common/api/contract';
import type { ScreenFlagView } from '../../common/api/screen';
import { LogbookBody } from '../components/LogbookBody';

export interface OpenedCell {
  name: string;
  logbook: LogbookView;
  page: string;
  cell: string;
  flag: ScreenFlagView;
  nonce: number;
}

export function ScreenLogbook(props: { opened: OpenedCell; onClose(): void }) {
  const { opened } = props;
  const [note, setNote] = useState<string | null>(null);
  const needCase = () => setNote('Make a case of this row first: quoting and extracting write into a case.');
  return (
    <section className="screen-logbook" aria-label={`Logbook ${opened.name}`} data-testid="screen-logbook">
      <header className="screen-logbook-head">
        <div>
          <strong className="mono">{opened.name}</strong> at <span className="mono">{`${opened.page}/${opened.cell}`}</span>
          <div className="small">
            <span className="screen-flag-kind">{opened.flag.kind}</span> {opened.flag.message}
          </div>
          {note !== null ? <div className="small muted">{note}</div> : null}
        </div>
        <button type="button" className="btn btn-small" onClick={props.onClose} data-testid="screen-logbook-close">
          Close
        </button>
      </header>
      <div className="screen-logbook-body">
        <LogbookBody
          logbook={opened.logbook}
          actions={{ onQuote: needCase, onExtract: needCase }}
          reveal={{ page: opened.page, cell: opened.cell, nonce: opened.nonce }}
          testId="screen-logbook-body"
        />
      </div>
    </section>
  );
}
