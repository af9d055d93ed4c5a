/**
 * The case's auditable report: built by the core (buildReport writes it under the case's runs/ folder with its
 * manifest and hash chain, and logs its root), then shown here as the same static HTML. The page is data: it is
 * shown in a frame sandboxed without scripts (an opaque origin that can run nothing), under a Content Security
 * Policy that allows inline styles, inline fonts and data: images only.
 */
import { useEffect, useRef, useState } from 'react';
import type { RecheckApi, ReportBuildView } from '../../common/api/contract';
import { Dialog } from '../components/Dialog';
import { byReviewer } from '../lib/reviewer';
import { DownloadButton } from '../downloads/DownloadButton';

/** The policy put in front of the report's own: no script, no request. */
const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; base-uri 'none'; form-action 'none'";

/** The report's page with the frame's policy first (a report built elsewhere may lack its own). */
export function framedReport(html: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">\n${html}`;
}

/** `reviewer`: the name the report and its audit entry are signed with ('' for the core's default). */
export function ReportDialog(props: { api: RecheckApi; caseId: string; reviewer: string; onClose(): void; onBuilt?(): void }) {
  const [report, setReport] = useState<ReportBuildView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { api, caseId } = props;
  // Read when the build ends, so that a new callback (each render of the parent) never builds again.
  const onBuilt = useRef(props.onBuilt);
  onBuilt.current = props.onBuilt;
  // The name when the dialog opened: typing another later does not build the report again.
  const reviewer = useRef(props.reviewer);
  useEffect(() => {
    let live = true;
    api
      .buildReport(caseId, byReviewer(reviewer.current))
      .then((r) => {
        if (!live) return;
        setReport(r);
        onBuilt.current?.();
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [api, caseId]);
  return (
    <Dialog title="Auditable report" testId="report-dialog" onClose={props.onClose} size="wide">
      {error !== null ? (
        <div className="error-box" role="alert">
          {error}
        </div>
      ) : null}
      {report === null && error === null ? <div className="muted">Building the report…</div> : null}
      {report !== null ? (
        <div className="report-view">
          <p className="small" data-testid="report-where">
            Written to <span className="mono">{report.path}</span> in the case ({report.files} files). Hash chain root{' '}
            <span className="mono report-root" data-testid="report-root">
              {report.root}
            </span>
            , recorded in the case’s audit log. Check it with{' '}
            <span className="mono">npx recheck report --verify &lt;folder&gt; --expect {report.root.slice(0, 12)}…</span>{' '}
            <DownloadButton api={api} caseId={caseId} path={report.path} label="Download the report (.zip)" testId="report-download" />
          </p>
          <iframe className="report-frame" title="Report" sandbox="" srcDoc={framedReport(report.html)} data-testid="report-frame" />
        </div>
      ) : null}
    </Dialog>
  );
}
