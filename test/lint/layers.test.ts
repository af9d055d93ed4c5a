// The layering rule must fail the lint step on planted violations, and pass clean code.
import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'recheck/layers').map((m) => m.message);
}

describe('recheck/layers', () => {
  const violations: [string, string, RegExp][] = [
    [
      'checkers/planted.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      /may not import the Node module "node:fs"/,
    ],
    [
      'checkers/planted.ts',
      "import { x } from '../app/errors';\nexport const y = x;\n",
      /Layer "checkers" may not import "..\/app\/errors"/,
    ],
    ['checkers/planted.ts', 'export const env = process.env;\n', /may not use the global "process"/],
    ['checkers/planted.ts', 'export const w = window.innerWidth;\n', /may not use the global "window"/],
    ['app/planted.ts', "import { x } from '../renderer/main';\nexport const y = x;\n", /Layer "app" may not import "..\/renderer\/main"/],
    ['app/planted.ts', "import { app } from 'electron';\nexport const y = app;\n", /may not import Electron/],
    ['renderer/planted.ts', "import { readFile } from 'node:fs/promises';\nexport const y = readFile;\n", /may not import the Node module/],
    [
      'renderer/planted.ts',
      "import { createRecheckService } from '../app/api/service';\nexport const y = createRecheckService;\n",
      /Layer "renderer" may not import "..\/app\/api\/service"/,
    ],
    ['renderer/planted.ts', "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n", /may not import Electron/],
    ['main/planted.ts', "import { x } from '../renderer/main';\nexport const y = x;\n", /Layer "main" may not import/],
    ['stray/planted.ts', 'export const y = 1;\n', /belongs to no layer/],
    // common/: pure, for every side.
    [
      'common/planted.ts',
      "import { readFile } from 'node:fs/promises';\nexport const y = readFile;\n",
      /Layer "common" may not import the Node module/,
    ],
    [
      'common/planted.ts',
      "import { EXIT } from '../app/errors';\nexport const y = EXIT;\n",
      /Layer "common" may not import "..\/app\/errors"/,
    ],
    ['common/planted.ts', 'export const w = document.title;\n', /may not use the global "document"/],
    ['common/planted.ts', "import { ipcMain } from 'electron';\nexport const y = ipcMain;\n", /may not import Electron/],
    [
      'renderer/planted.ts',
      "import { EXIT } from '../app/errors';\nexport const y = EXIT;\n",
      /Layer "renderer" may not import "..\/app\/errors"/,
    ],
    // A config file is classified by its folder: one inside renderer/ is renderer code.
    [
      'renderer/planted.config.ts',
      "import { readFile } from 'node:fs/promises';\nexport const y = readFile;\n",
      /Layer "renderer" may not import the Node module/,
    ],
    // The sandbox runtime: no Node API outside its node/ folder, no core.
    [
      'app/sandbox/inside/planted.ts',
      "import { spawn } from 'node:child_process';\nexport const y = spawn;\n",
      /Layer "runtime" may not import the Node module/,
    ],
    ['app/sandbox/inside/planted.ts', 'export const env = process.env;\n', /Layer "runtime" may not use the global "process"/],
    [
      'app/sandbox/inside/planted.ts',
      "import { runGrowthFit } from '../../checks/kinds/growth-fit';\nexport const y = runGrowthFit;\n",
      /Layer "runtime" may not import/,
    ],
    [
      'app/sandbox/inside/node/planted.ts',
      "import { spawn } from 'node:child_process';\nexport const y = spawn;\n",
      /Layer "runtime-node" may not import the Node module "node:child_process"/,
    ],
    [
      'app/sandbox/inside/node/planted.ts',
      "import { shown } from '../../../text/display';\nexport const y = shown;\n",
      /Layer "runtime-node" may not import/,
    ],
    [
      'app/planted.ts',
      "import { mathMarkdown } from '../renderer/lib/markdown';\nexport const y = mathMarkdown;\n",
      /Layer "app" may not import/,
    ],
    [
      'cases/demo/sandbox/planted.ts',
      "import { EXIT } from '../../../app/errors';\nexport const y = EXIT;\n",
      /Layer "sandbox" may not import/,
    ],
    // The order of app/'s folders.
    [
      'app/cases/planted.ts',
      "import { createCheckRegistry } from '../checks/registry';\nexport const y = createCheckRegistry;\n",
      /app\/cases may not import app\/checks/,
    ],
    [
      'app/cases/planted.ts',
      "import type { CheckKind } from '../checks/kind';\nexport type Y = CheckKind;\n",
      /app\/cases may not import app\/checks/,
    ],
    [
      'app/text/planted.ts',
      "import { loadCase } from '../cases/load';\nexport const y = loadCase;\n",
      /app\/text may not import app\/cases/,
    ],
    [
      'app/verdicts/planted.ts',
      "import { buildReport } from '../reports/build';\nexport const y = buildReport;\n",
      /app\/verdicts may not import app\/reports/,
    ],
    [
      'app/letters/planted.ts',
      "import { verdictQueue } from '../queue/queue';\nexport const y = verdictQueue;\n",
      /app\/letters may not import app\/queue/,
    ],
    ['app/stray/planted.ts', 'export const y = 1;\n', /Folder app\/stray has no place in the app order/],
  ];
  for (const [file, code, re] of violations) {
    it(`rejects ${file}: ${code.split('\n')[0]}`, async () => {
      const found = await messages(file, code);
      expect(
        found.some((m) => re.test(m)),
        found.join(' | '),
      ).toBe(true);
    });
  }

  const allowed: [string, string][] = [
    ['checkers/planted.ts', "import { CheckerError } from './errors';\nexport const y = CheckerError;\n"],
    [
      'app/planted.ts',
      "import { readFileSync } from 'node:fs';\nimport { CheckerError } from '../checkers/errors';\nexport const y = [readFileSync, CheckerError];\n",
    ],
    ['renderer/planted.ts', "import { API_METHODS } from '../common/api/methods';\nexport const y = [API_METHODS, window.location];\n"],
    [
      'common/planted.ts',
      "import { parseJsonBounded } from './json/bounded';\nimport { CheckerError } from '../checkers/errors';\nexport const y = [parseJsonBounded, CheckerError];\n",
    ],
    ['app/sandbox/inside/planted.ts', "import { envelopeText } from '../../../common/sandbox/protocol';\nexport const y = envelopeText;\n"],
    [
      'app/sandbox/inside/node/planted.ts',
      "import { readFileSync } from 'node:fs';\nimport { executeRun } from '../run-core';\nexport const y = [readFileSync, executeRun, process.argv];\n",
    ],
    [
      'app/checks/planted.ts',
      "import { loadCase } from '../cases/load';\nimport { shown } from '../text/display';\nexport const y = [loadCase, shown];\n",
    ],
    ['app/cli/planted.ts', "import { createRecheckService } from '../api/service';\nexport const y = createRecheckService;\n"],
    ['main/planted.ts', "import { app } from 'electron';\nimport { EXIT } from '../app/errors';\nexport const y = [app, EXIT];\n"],
    ['checkers/planted.ts', 'export function f(process: number): number {\n  return process + 1;\n}\n'],
    ['vite.renderer.config.ts', "import { fileURLToPath } from 'node:url';\nexport const y = fileURLToPath;\n"],
  ];
  for (const [file, code] of allowed) {
    it(`allows ${file}: ${code.split('\n')[0]}`, async () => {
      expect(await messages(file, code)).toEqual([]);
    });
  }

  it('keeps the clock and hidden randomness out of checkers', async () => {
    const [result] = await eslint.lintText('export const t = Date.now() + Math.random();\n', {
      filePath: resolve(import.meta.dirname, '../../checkers/planted.ts'),
    });
    const rules = (result?.messages ?? []).map((m) => m.ruleId);
    expect(rules.filter((r) => r === 'no-restricted-properties')).toHaveLength(2);
  });
});
