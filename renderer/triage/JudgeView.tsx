/**
 * The judge-reliability view of a screen (checkers/screen/judge.ts): per verdict kind, how many verdicts the
 * logbooks' own numbers support (no flag: not proof), contradict, cannot carry, and so on; then the claims whose
 * verdicts flip between logbooks, each logbook lined up by the horizon its finding's table reached.
 */
import type { ScreenResultView } from '../../common/api/screen';
import { horizonWords, judgeRows, ORDER_WORDS, SUPPORT_WORDS } from './screen';

function verdictClass(verdict: string): string {
  if (verdict === 'verified') return 'badge badge-supports';
  if (verdict === 'falsified') return 'badge badge-refutes';
  return 'badge badge-neutral';
}

export function JudgeView({ judge }: { judge: ScreenResultView['judge'] }) {
  const rows = judgeRows(judge.counts);
  return (
    <section className="screen-judge" aria-label="The judge's verdicts against the logbooks' own numbers" data-testid="judge-view">
      <h2 className="triage-heading">The judge’s verdicts against the logbooks’ own numbers</h2>
      <table className="screen-judge-table" data-testid="judge-counts">
        <thead>
          <tr>
            <th scope="col">verdict</th>
            <th scope="col" className="num">
              verdicts
            </th>
            {SUPPORT_WORDS.map((s) => (
              <th key={s.key} scope="col" className="num" title={s.means}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.verdict} data-verdict={r.verdict}>
              <th scope="row">
                <span className={verdictClass(r.verdict)}>{r.verdict}</span>
              </th>
              <td className="num">{r.total.toLocaleString('en-US')}</td>
              {r.cells.map((n, i) => (
                <td key={SUPPORT_WORDS[i]?.key} className={n === 0 ? 'num muted' : `num support-${SUPPORT_WORDS[i]?.key}`}>
                  {n.toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small muted screen-judge-note">
        Supported means only that the screen found no flag on the verdict’s evidence; contradicted, that the logbook’s own table or units
        disagree with a number the verdict rests on (not that the opposite verdict is right).
      </p>
      <h3 className="screen-subheading">
        Verdicts that flip between logbooks <span className="muted">({judge.flips.length})</span>
      </h3>
      {judge.flips.length === 0 ? <p className="muted small">No claim is judged both verified and falsified.</p> : null}
      <ul className="screen-flips" data-testid="judge-flips">
        {judge.flips.map((f) => (
          <li key={`${f.paper}\u0000${f.claim}`} data-testid="judge-flip" data-paper={f.paper}>
            <div>
              <span className="mono triage-paper">{f.paper}</span> <span className="small">{f.claim}</span>{' '}
              <span className={`screen-order order-${f.order}`}>{f.order}</span> <span className="small muted">{ORDER_WORDS[f.order]}</span>
            </div>
            <ol className="screen-horizons">
              {f.logbooks.map((l) => (
                <li key={l.logbook}>
                  <span className="mono small">{l.logbook}</span> <span className={verdictClass(l.verdict)}>{l.verdict}</span>{' '}
                  <span className="small">{horizonWords(l.horizon)}</span> <span className={`small support-${l.support}`}>{l.support}</span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
