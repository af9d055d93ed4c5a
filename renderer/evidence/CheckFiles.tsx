/**
 * The files a check result names, as links that open them in place: its artifacts (a growth fit's SVG, a
 * sweep's table) and the paths its evidence names (the positions table audited, the module run, a
 * certificate, a sweep's checkpoint folder), each once.
 */
import { useMemo } from 'react';
import { evidencePathsOf, SHOWN_PATHS } from './paths';
import { FileLink } from './CaseFiles';

export function CheckFiles(props: { artifacts: readonly string[]; evidence: Record<string, unknown> }) {
  const { artifacts } = props;
  const { named, complete } = useMemo(() => {
    const found = evidencePathsOf(props.evidence);
    return { named: found.paths.filter((p) => !artifacts.includes(p.path)), complete: found.complete };
  }, [props.evidence, artifacts]);
  if (artifacts.length === 0 && named.length === 0) return null;
  const more = named.length - SHOWN_PATHS;
  return (
    <div className="result-files small" data-testid="result-files">
      {artifacts.length > 0 ? (
        <div className="artifacts">
          Artifacts:{' '}
          {artifacts.map((a) => (
            <FileLink key={a} path={a} testId="artifact-link" />
          ))}
        </div>
      ) : null}
      {named.length > 0 ? (
        <div className="evidence-files">
          Evidence files:{' '}
          {named.slice(0, SHOWN_PATHS).map((p) => (
            <FileLink key={p.path} path={p.path} title={`${p.field}: open ${p.path}`} testId="evidence-file-link" />
          ))}
          {more > 0 || !complete ? (
            <span className="muted" data-testid="evidence-files-more">
              {more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}
              {!complete ? `${more > 0 ? ';' : ''} the evidence is too large to list every file` : ''} (see the evidence's JSON)
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
