// Issue 11, the reviewer's flow: the adversarial checklist beside the decision, a warning when a verdict
// disagrees with the computed decision (recorded only with an acknowledgement and a reason), and the history of
// verdicts. On the bundled timing case at 1280x720: its checklist as case.json answers it (read from disk, not
// from the app), a verdict recorded with an open question says so, an open question answered in the UI
// persists across a reload, and the audit log carries what the panel showed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshot, serverUrl, serverWorkspace, test } from './fixtures';

const ID = 'timing-normalization';
const REASON = 'The per-trajectory normalisation hides that the baseline was timed on a different machine.';

interface Answer {
  status: 'answered' | 'not-applicable' | 'open';
  checks?: string[];
}

async function caseChecklist(): Promise<Record<string, Answer>> {
  const json = JSON.parse(await readFile(path.join(serverWorkspace(), ID, 'case.json'), 'utf8')) as {
    falsifications: { checklist?: Record<string, Answer> }[];
  };
  return json.falsifications[0]?.checklist ?? {};
}

async function openDecision(page: Page): Promise<void> {
  await page.getByTestId(`case-item-${ID}`).click();
  await expect(page.getByTestId('case-workspace')).toHaveAttribute('data-case', ID);
  await page.getByTestId('dock-tab-decide').click();
  await expect(page.getByTestId('decision-panel')).toBeVisible();
}

test.use({ viewport: { width: 1280, height: 720 } });

test('the checklist beside the decision, a disagreeing verdict, an open question answered, the history', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.goto(serverUrl());
  await openDecision(page);
  const checklist = page.getByTestId('checklist');

  // The checklist as case.json answers it: six questions, each with its status and linked checks.
  const stored = await caseChecklist();
  const ids = ['horizon', 'precision', 'units', 'code-vs-theory', 'padding', 'independent'];
  for (const q of ids) {
    const item = checklist.getByTestId(`checklist-item-${q}`);
    await expect(item).toHaveAttribute('data-status', stored[q]?.status ?? 'open');
    for (const c of stored[q]?.checks ?? []) await expect(item).toContainText(c);
  }
  const count = (s: string) => ids.filter((q) => (stored[q]?.status ?? 'open') === s).length;
  await expect(checklist.getByTestId('checklist-counts')).toHaveText(
    `${count('answered')} answered, ${count('not-applicable')} not applicable, ${count('open')} open`,
  );
  expect(count('open')).toBe(1);
  const form = page.getByTestId('decision-form');
  await expect(form.getByTestId('open-questions-warning')).toContainText('1 of 6 checklist questions open (independent)');

  // Run the checks: the computed decision is "falsification refuted".
  await page.getByTestId('run-checks').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  await expect(form.getByTestId('form-computed-badge')).toHaveAttribute('data-decision', 'refuted');

  // A verdict against it: warned at once; it needs the acknowledgement and a reason of 40 characters.
  await form.getByLabel(/^falsification confirmed/).check();
  await expect(form.getByTestId('disagreement-warning')).toContainText('disagrees with the computed decision');
  await expect(form.getByTestId('disagreement-warning')).toContainText('falsification refuted: the claim stands');
  await form.getByTestId('decision-rationale').fill('Too short.');
  await form.getByLabel('Reviewer').fill('Emmy Noether');
  await expect(page.getByTestId('record-decision')).toBeDisabled();
  await expect(form.getByTestId('override-blocked')).toContainText('Tick the box');
  await form.getByTestId('acknowledge-override').check();
  await expect(form.getByTestId('override-blocked')).toContainText('at least 40 characters (10 so far)');
  await form.getByTestId('decision-rationale').fill(REASON);
  await expect(form.getByTestId('override-blocked')).toHaveCount(0);
  await screenshot(page, 'checklist-disagreement-warning');
  await page.getByTestId('record-decision').click();
  await expect(form.getByTestId('decision-message')).toHaveText(
    'Recorded “falsification confirmed” for F1, overriding the computed “falsification refuted”, with 1 checklist question open.',
  );

  const history = page.getByTestId('verdict-history');
  const first = history.getByTestId('verdict-item').first();
  await expect(first).toHaveAttribute('data-disagreed', 'true');
  await expect(first).toContainText('Emmy Noether');
  await expect(first).toContainText('overridden');
  await expect(first).toContainText('1 checklist question open (independent)');
  await expect(first).toContainText(REASON);

  // Answer the open question in place: linked to a check of the falsification; it persists in case.json.
  await checklist.getByTestId('checklist-edit-independent').click();
  const answer = checklist.getByTestId('checklist-form-independent');
  await answer.getByLabel('Answered by checks').check();
  await expect(answer.getByTestId('checklist-save')).toBeDisabled();
  await answer.getByRole('checkbox', { name: /claimed-speedup/ }).check();
  await answer.getByTestId('checklist-note').fill('Re-timed both on one machine: same ratio per trajectory.');
  await answer.getByTestId('checklist-save').click();
  await expect(checklist.getByTestId('checklist-item-independent')).toHaveAttribute('data-status', 'answered');
  await expect(checklist.getByTestId('checklist-counts')).toHaveText(
    `${count('answered') + 1} answered, ${count('not-applicable')} not applicable, 0 open`,
  );
  await expect(form.getByTestId('open-questions-warning')).toHaveCount(0);
  expect((await caseChecklist()).independent).toEqual({
    status: 'answered',
    checks: ['claimed-speedup'],
    note: 'Re-timed both on one machine: same ratio per trajectory.',
  });

  await page.reload();
  await page.getByTestId('dock-tab-decide').click();
  await expect(page.getByTestId('checklist').getByTestId('checklist-item-independent')).toHaveAttribute('data-status', 'answered');
  await expect(page.getByTestId('checklist').getByTestId('checklist-item-independent')).toContainText('Re-timed both on one machine');

  // An agreeing verdict needs no acknowledgement; the history lists both, newest first.
  await form.getByLabel(/^falsification refuted/).check();
  await expect(form.getByTestId('disagreement-warning')).toHaveCount(0);
  await form.getByTestId('decision-rationale').fill('Per trajectory the method is faster.');
  await page.getByTestId('record-decision').click();
  await expect(form.getByTestId('decision-message')).toHaveText('Recorded “falsification refuted” for F1.');
  await expect(history.getByTestId('verdict-item')).toHaveCount(2);
  await expect(history.getByTestId('verdict-item').first()).toHaveAttribute('data-disagreed', 'false');
  await expect(history.getByTestId('verdict-item').first()).toContainText('agreed');
  await screenshot(page, 'checklist-decision-panel');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await screenshot(page, 'checklist-decision-panel-1920');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The audit log holds what the panel showed.
  const audit = (await readFile(path.join(serverWorkspace(), ID, 'audit.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { action: string; who: string; verdict?: string; details?: Record<string, unknown> });
  const decisions = audit.filter((e) => e.action === 'decision' && e.who === 'Emmy Noether');
  expect(decisions.map((e) => [e.verdict, e.details?.agreesWithComputed, e.details?.openQuestions])).toEqual([
    ['confirmed', false, ['independent']],
    ['refuted', true, []],
  ]);
  expect(audit.some((e) => e.action === 'edit' && e.details?.edit === 'answer-checklist' && e.details.question === 'independent')).toBe(
    true,
  );
  expect(consoleErrors).toEqual([]);
});
