// An automated accessibility scan (axe-core, from node_modules, injected without the network) of every screen
// of the workbench (screen-tour.ts) in light and dark: no serious or critical violation anywhere. A violation
// is reported with its rule, the elements it found and axe's own summary of what to fix.
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tour } from './screen-tour';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page (or, for a dialog, on the dialog: the page behind a modal dialog is inert). */
async function scan(page: Page, scope: Locator): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_PATH });
  const handle = await scope.elementHandle();
  return page.evaluate(async (el) => {
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
}

function describe(screen: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${screen}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes
        .slice(0, 4)
        .map((n) => JSON.stringify(n.target))
        .join(
          ', ',
        )}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}\n    ${v.nodes[0]?.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
  );
}

// The app's CSP allows no inline script, which is how addScriptTag injects axe: the scan alone bypasses it.
test.use({ viewport: { width: 1280, height: 720 }, bypassCSP: true });

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violation on any screen (${scheme})`, async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    const minor: string[] = [];
    let screens = 0;
    await tour(page, async (name, scope) => {
      screens += 1;
      const violations = await scan(page, scope);
      found.push(
        ...describe(
          name,
          violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        ),
      );
      minor.push(
        ...describe(
          name,
          violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical'),
        ),
      );
    });
    if (minor.length > 0) console.log(`moderate or minor findings (${scheme}):\n${minor.join('\n')}`);
    expect(screens).toBeGreaterThan(15);
    expect(found, found.join('\n')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}
