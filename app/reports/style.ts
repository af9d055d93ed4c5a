/** The report's own stylesheet (inline in index.html; no external font or file), light, printable. */
export const REPORT_CSS = `
:root { color-scheme: light; --fg: #1d2329; --muted: #5b6670; --line: #d5dbe0; --bg-soft: #f4f6f8; --ok: #1f7a3a; --bad: #b3261e; --warn: #8a5a00; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg); background: #fff; }
main { max-width: 1000px; margin: 0 auto; padding: 24px 28px 64px; }
h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 20px; margin: 36px 0 8px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 17px; margin: 24px 0 6px; } h4 { font-size: 15px; margin: 16px 0 4px; }
.muted { color: var(--muted); } .small { font-size: 13px; }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--bg-soft); border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg-soft); font-weight: 600; }
td.hash, span.hash { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 11.5px; word-break: break-all; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 13px; font-weight: 600; border: 1px solid currentColor; white-space: nowrap; }
.d-confirmed, .d-overturned, .o-supports { color: var(--bad); } .d-refuted, .d-upheld, .o-refutes { color: var(--ok); }
.d-contested, .d-inconclusive, .d-premature, .o-error, .d-none { color: var(--warn); } p.gate { font-size: 13px; color: var(--muted); } .o-neutral { color: var(--muted); }
section.falsification { border-top: 3px solid var(--line); margin-top: 28px; }
.check { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px 10px; margin: 12px 0; }
.check h4 { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
figure { margin: 10px 0; } figure svg { max-width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { font-size: 13px; color: var(--muted); }
.gallery-pair { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.pair-images { display: flex; gap: 16px; flex-wrap: wrap; } .pair-images figure { margin: 0; max-width: 240px; }
.pair-images img { width: 220px; height: auto; image-rendering: pixelated; border: 1px solid var(--line); display: block; }
.assertion { border-left: 4px solid var(--line); margin: 6px 0; padding: 2px 12px; }
.paper { border: 1px solid var(--line); border-radius: 6px; padding: 4px 16px; }
.math-block { overflow-x: auto; }
.link { text-decoration: underline dotted; }
details > summary { cursor: pointer; color: var(--muted); }
@media print { details { display: block; } main { max-width: none; } }
`;
