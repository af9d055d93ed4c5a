// axe-core (from node_modules, injected without the network) on one part of the page, as a11y.spec.ts scans every
// screen: the serious and critical violations, each with its rule, elements and axe's summary of what to fix.
// Needs `test.use({ bypassCSP: true })` (the app's CSP allows no injected script).
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The serious or critical violations under `scope`, one line each (empty when clean). */
export async function seriousViolations(page: Page, scope: Locator): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_PATH });
  const handle = await scope.elementHandle();
  const violations = await page.evaluate(async (el) => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(el, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, handle);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}: ${v.nodes[0]?.failureSummary ?? ''}`,
    );
}
