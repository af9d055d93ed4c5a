/**
 * The report as one static HTML page, rendered from report.json alone (plus the texts it names under inputs/
 * and the figures under figures/), so that `recheck report --verify` can render it again and find an edit of
 * the HTML that a forged manifest would hide. No script, no external file: inline CSS (KaTeX's fonts inlined),
 * inline SVG figures drawn from the evidence, a perceptual verdict's image pairs inline as data: URIs of the
 * copied images (gallery-html.ts), math rendered to HTML when the report is built, and a Content Security Policy
 * that allows nothing else.
 */
import {
  BASIS_WORDS,
  decisionWords,
  FINDING_WORDS,
  gateLine,
  guaranteeWords,
  outcomeWords,
  verdictWords,
} from '../../common/words/outcomes';
import { CHECKLIST } from '../cases/checklist';
import { galleryHtml, type ReportBytes } from './gallery-html';
import { katexCss } from '../text/katex-css';
import { reportMarkdown } from '../text/markdown';
import { REPORT_FILES, type HashedFile, type ReportCheck, type ReportData, type ReportFalsification, type ReportLetter } from './model';
import { REPORT_CSS } from './style';

/** The policy of the page: styles and fonts inline, images as data: URLs, nothing else (no script, no request). */
export const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; base-uri 'none'; form-action 'none'";

/** Longest evidence JSON shown in the page; the whole of it is in report.json. */
const MAX_EVIDENCE_CHARS = 20_000;

/** What the page shows of files: a text of the report folder (paper.md, letters, figures) by report path, or null. */
export type ReportText = (reportPath: string) => string | null;

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function json(v: unknown, max = Infinity): string {
  const text = JSON.stringify(v, null, 2) ?? 'null';
  return text.length > max ? `${esc(text.slice(0, max))}\n… (${text.length - max} more characters in report.json)` : esc(text);
}

function decisionBadge(d: ReportFalsification['decision'], says: ReportFalsification['says']): string {
  if (d === null) return '<span class="badge d-none">not run</span>';
  return `<span class="badge d-${esc(d.decision)}" data-decision="${esc(d.decision)}">${esc(decisionWords(d.decision, says).full)}</span>`;
}

function fileRows(files: readonly HashedFile[]): string {
  if (files.length === 0) return '<p class="muted">none</p>';
  const rows = files
    .map((f) => `<tr><td class="mono">${esc(f.path)}</td><td class="hash">${esc(f.sha256)}</td><td>${f.bytes}</td></tr>`)
    .join('\n');
  return `<table><thead><tr><th>file</th><th>SHA-256</th><th>bytes</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function checkSection(f: ReportFalsification, c: ReportCheck, text: ReportText): string {
  const out: string[] = [];
  const r = c.result;
  const outcome =
    r === null
      ? '<span class="badge d-none">not run</span>'
      : r.outcome === 'error'
        ? '<span class="badge o-error">failed to run</span>'
        : `<span class="badge o-${esc(r.outcome)}">${esc(outcomeWords(r.outcome, f.says).short)}</span>`;
  out.push(`<div class="check" id="check-${esc(f.id)}-${esc(c.id)}">`);
  out.push(`<h4><span>${esc(c.title)}</span> ${outcome}</h4>`);
  out.push(
    `<p class="small muted">check <code>${esc(c.id)}</code>, kind <code>${esc(c.kind)}</code>${r !== null ? `, ${r.durationMs} ms` : ''}${r !== null && r.outcome !== 'error' && r.guarantee !== undefined ? `; ${esc(guaranteeWords(r.guarantee))}; ${esc(BASIS_WORDS[r.basis ?? 'logbook'])}` : ''}</p>`,
  );
  if (r !== null) out.push(`<p class="summary">${esc(r.summary)}</p>`);
  for (const fig of c.figures) {
    const svg = text(fig.reportPath);
    if (svg !== null)
      out.push(
        `<figure>${svg}<figcaption>${esc(fig.title)} (drawn from the evidence below; <span class="mono">${esc(fig.reportPath)}</span>)</figcaption></figure>`,
      );
  }
  out.push('<h4>Inputs</h4>');
  out.push(`<pre>${json(c.params)}</pre>`);
  if (c.inputs.length > 0) {
    const rows = c.inputs.flatMap((i) =>
      i.sha256 !== null
        ? [`<tr><td class="mono">${esc(i.param)}</td><td class="mono">${esc(i.path)}</td><td class="hash">${esc(i.sha256)}</td></tr>`]
        : (i.files ?? []).map(
            (g) =>
              `<tr><td class="mono">${esc(i.param)}</td><td class="mono">${esc(g.path)}</td><td class="hash">${esc(g.sha256)}</td></tr>`,
          ),
    );
    out.push(`<table><thead><tr><th>param</th><th>file read</th><th>SHA-256</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`);
  }
  if (r !== null) {
    out.push('<h4>Outputs</h4>');
    out.push(`<p class="small">evidence SHA-256 (canonical JSON) <span class="hash">${esc(r.evidenceSha256)}</span></p>`);
    out.push(`<details><summary>evidence (JSON)</summary><pre>${json(r.evidence, MAX_EVIDENCE_CHARS)}</pre></details>`);
    if (r.artifacts.length > 0) {
      const rows = r.artifacts.map(
        (a) =>
          `<tr><td class="mono">${a.reportPath !== '' ? `<a href="${esc(a.reportPath)}">${esc(a.path)}</a>` : `${esc(a.path)} (missing)`}</td><td class="hash">${esc(a.sha256)}</td><td>${a.bytes}</td></tr>`,
      );
      out.push(`<table><thead><tr><th>artifact</th><th>SHA-256</th><th>bytes</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`);
    }
  }
  out.push('</div>');
  return out.join('\n');
}

function falsificationSection(d: ReportData, f: ReportFalsification, text: ReportText, bytes: ReportBytes): string {
  const claim = d.case.paper.claims.find((c) => c.id === f.claim);
  const out: string[] = [];
  out.push(`<section class="falsification" id="falsification-${esc(f.id)}" data-falsification="${esc(f.id)}">`);
  out.push(`<h2>Falsification ${esc(f.id)} of claim ${esc(f.claim)} ${decisionBadge(f.decision, f.says)}</h2>`);
  if (claim !== undefined) out.push(`<p><strong>Claim ${esc(claim.id)}.</strong> ${esc(claim.text)}</p>`);
  out.push(
    `<p><strong>${esc(FINDING_WORDS[f.says ?? 'falsified'].replace(/^./, (x) => x.toUpperCase()))}</strong> (logbook <code>${esc(f.logbook)}</code>):</p><blockquote class="assertion">${esc(f.assertion)}</blockquote>`,
  );
  if (f.decision !== null) {
    out.push(
      `<p><strong>Computed decision:</strong> ${esc(decisionWords(f.decision.decision, f.says).full)}, ${esc(f.decision.reason)}. From run <code>${esc(f.decision.runId)}</code>, finished ${esc(f.decision.finishedAt)}.</p>`,
    );
    if (f.decision.gate !== undefined)
      out.push(`<p class="gate" data-gate="${f.decision.gate.passed ? 'passed' : 'missed'}">${esc(gateLine(f.decision.gate))}</p>`);
  } else out.push('<p><strong>Computed decision:</strong> none: the checks of this falsification have not run.</p>');

  out.push('<h3>Checks</h3>');
  for (const c of f.checks) out.push(checkSection(f, c, text));
  for (const g of f.galleries ?? []) out.push(galleryHtml(g, bytes));

  out.push('<h3>Adversarial checklist</h3>');
  const rows = f.checklist.map((i) => {
    const answer =
      i.status === 'answered'
        ? `answered by ${i.checks.map((c) => `<code>${esc(c)}</code>`).join(', ')}${i.note !== undefined ? `: ${esc(i.note)}` : ''}`
        : i.status === 'not-applicable'
          ? `not applicable: ${esc(i.reason ?? '')}`
          : `<strong>open</strong>${i.note !== undefined ? `: ${esc(i.note)}` : ''}`;
    return `<tr data-question="${esc(i.id)}"><td>${esc(i.question)}</td><td>${answer}</td></tr>`;
  });
  out.push(`<table><thead><tr><th>question</th><th>answer</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`);

  out.push('<h3>Reviewers’ verdicts</h3>');
  if (f.verdicts.length === 0) out.push('<p class="muted">No verdict recorded.</p>');
  else {
    const vr = f.verdicts.map(
      (v) =>
        `<tr><td>${esc(v.at)}</td><td>${esc(v.who)}</td><td><span class="badge d-${esc(v.verdict === 'needs-more-work' ? 'inconclusive' : v.verdict)}">${esc(verdictWords(v.verdict, f.says).short)}</span></td><td>${esc(v.rationale)}</td><td>${v.computedDecision === null ? 'not run' : esc(decisionWords(v.computedDecision, f.says).short)}${v.overridesComputed !== null ? ' (overridden)' : v.agreesWithComputed === true ? ' (agrees)' : ''}</td><td>${v.openQuestions.length === 0 ? 'none' : esc(v.openQuestions.join(', '))}</td></tr>`,
    );
    out.push(
      `<table><thead><tr><th>when</th><th>who</th><th>verdict</th><th>rationale</th><th>computed decision then</th><th>open questions then</th></tr></thead><tbody>${vr.join('\n')}</tbody></table>`,
    );
  }
  out.push('<h3>Recompute headless</h3>');
  out.push(
    `<p class="small">In the report folder (the inputs are copied first: a run writes under its case folder):</p><pre>${esc(f.rerun.join('\n'))}</pre>`,
  );
  out.push('</section>');
  return out.join('\n');
}

function letterSection(l: ReportLetter, text: ReportText): string {
  const out: string[] = [`<h3>Letter ${esc(l.id === '.' ? 'files' : l.id)}</h3>`];
  if (l.meta !== null)
    out.push(`<details open><summary>letter.json (recipient, status, responses)</summary><pre>${json(l.meta)}</pre></details>`);
  if (l.latest !== null) {
    const md = text(`${REPORT_FILES.inputs}/${l.latest}`);
    if (md !== null)
      out.push(
        `<p class="small muted">Latest version: <span class="mono">${esc(l.latest)}</span></p><div class="paper letter">${reportMarkdown(md)}</div>`,
      );
  }
  out.push(fileRows(l.files));
  return out.join('\n');
}

/**
 * The whole page; `bytes` gives the copied images a gallery shows. Example: `renderReportHtml(data, text, bytes)`
 * starts with `<!doctype html>` and holds no `<script`.
 */
export function renderReportHtml(d: ReportData, text: ReportText, bytes: ReportBytes = () => null): string {
  const p = d.provenance;
  const out: string[] = [];
  out.push('<!doctype html>');
  out.push('<html lang="en"><head><meta charset="utf-8">');
  // A constant without a double quote: written as is, so that the page shows the policy verbatim.
  out.push(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
  out.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  out.push(`<title>${esc(`Recheck report: ${d.case.title}`)}</title>`);
  out.push(`<style>${katexCss()}</style>`);
  out.push(`<style>${REPORT_CSS}</style>`);
  out.push('</head><body><main>');
  out.push(
    `<p class="small muted">Recheck report <span class="mono">${esc(d.reportId)}</span>, built ${esc(d.createdAt)} by ${esc(d.createdBy)}. Checked by <code>npx recheck report --verify</code> against manifest.json.</p>`,
  );
  out.push(`<h1>${esc(d.case.title)}</h1>`);
  out.push(
    `<p><strong>Paper:</strong> ${esc(d.case.paper.title)} (<span class="mono">${esc(d.case.paper.venueId)}</span>)${d.case.paper.authors.length > 0 ? `, by ${esc(d.case.paper.authors.join(', '))}` : ''}. Case <code>${esc(d.case.id)}</code>.</p>`,
  );

  out.push('<h2>Decisions</h2>');
  const summary = d.falsifications.map((f) => {
    const v = f.verdicts.at(-1);
    const open = f.checklist.filter((i) => i.status === 'open').length;
    return `<tr data-falsification="${esc(f.id)}"><td><a href="#falsification-${esc(f.id)}">${esc(f.id)}</a></td><td>${esc(f.claim)}</td><td>${decisionBadge(f.decision, f.says)}</td><td>${v === undefined ? '<span class="muted">none</span>' : `${esc(verdictWords(v.verdict, f.says).short)} (${esc(v.who)}, ${esc(v.at.slice(0, 10))})`}</td><td>${open === 0 ? 'all answered' : `${open} of ${CHECKLIST.length} open`}</td></tr>`;
  });
  out.push(
    `<table><thead><tr><th>falsification</th><th>claim</th><th>computed decision (own latest run)</th><th>latest verdict</th><th>checklist</th></tr></thead><tbody>${summary.join('\n')}</tbody></table>`,
  );

  out.push('<h2>The paper’s claims</h2>');
  out.push(`<ul>${d.case.paper.claims.map((c) => `<li><strong>${esc(c.id)}.</strong> ${esc(c.text)}</li>`).join('\n')}</ul>`);
  const paper = text(`${REPORT_FILES.inputs}/paper.md`);
  if (paper !== null)
    out.push(
      `<details open><summary>Our summary of the paper (paper.md)</summary><div class="paper">${reportMarkdown(paper)}</div></details>`,
    );
  out.push(
    `<p class="small">Logbooks under review: ${d.case.logbooks.map((l) => `<code>${esc(l.id)}</code> ${esc(l.title)} (${esc(l.format)}, <span class="mono">${esc(l.path)}</span>${l.linked ? ', linked, not copied' : ''})`).join('; ') || 'none'}.</p>`,
  );

  for (const f of d.falsifications) out.push(falsificationSection(d, f, text, bytes));

  out.push('<h2>Letters and responses</h2>');
  if (d.letters.length === 0) out.push('<p class="muted">No letter in the case (letters/ is empty or absent).</p>');
  for (const l of d.letters) out.push(letterSection(l, text));

  out.push('<h2>Provenance</h2>');
  out.push(
    `<table><tbody><tr><th>Recheck</th><td>${esc(p.recheck)}</td></tr><tr><th>Node</th><td>${esc(p.node)}</td></tr><tr><th>Chromium</th><td>${esc(p.chromium)}</td></tr><tr><th>esbuild</th><td>${esc(p.esbuild)}</td></tr><tr><th>platform</th><td>${esc(p.platform)}</td></tr>${p.electron !== undefined ? `<tr><th>Electron</th><td>${esc(p.electron)}</td></tr>` : ''}</tbody></table>`,
  );
  out.push(`<h3>Check this report</h3><pre>${esc(p.commands.join('\n'))}</pre>`);
  out.push('<h3>Runs the decisions come from</h3>');
  out.push(
    `<table><thead><tr><th>run</th><th>by</th><th>finished</th><th>report.json SHA-256</th><th>as recorded in audit.jsonl</th></tr></thead><tbody>${d.runs
      .map(
        (r) =>
          `<tr><td class="mono">${esc(r.runId)}</td><td>${esc(r.who ?? '?')}</td><td>${esc(r.finishedAt)}</td><td class="hash">${esc(r.reportSha256)}</td><td class="hash">${r.recordedSha256 === null ? 'not recorded' : r.recordedSha256 === r.reportSha256 ? 'same' : `<strong>differs</strong>: ${esc(r.recordedSha256)}`}</td></tr>`,
      )
      .join('\n')}</tbody></table>`,
  );
  out.push(`<h3>Audit log</h3>${p.audit === null ? '<p class="muted">none</p>' : fileRows([p.audit])}`);
  out.push(`<h3>Inputs (${p.inputs.length} files, copied under inputs/)</h3>${fileRows(p.inputs)}`);
  out.push(`<h3>Outputs (${p.outputs.length} files, copied under outputs/)</h3>${fileRows(p.outputs)}`);
  if (p.leftOut.length > 0)
    out.push(`<h3>Left out</h3><ul>${p.leftOut.map((l) => `<li class="mono">${esc(l.path)}: ${esc(l.why)}</li>`).join('\n')}</ul>`);
  out.push('</main></body></html>');
  return `${out.join('\n')}\n`;
}
