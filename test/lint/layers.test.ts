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
    ['checkers/planted.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", /may not import the Node module "node:fs"/],
    ['checkers/planted.ts', "import { x } from '../app/errors';\nexport const y = x;\n", /Layer "checkers" may not import "..\/app\/errors"/],
    ['checkers/planted.ts', 'export const env = process.env;\n', /may not use the global "process"/],
    ['checkers/planted.ts', 'export const w = window.innerWidth;\n', /may not use the global "window"/],
    ['app/planted.ts', "import { x } from '../renderer/main';\nexport const y = x;\n", /Layer "app" may not import "..\/renderer\/main"/],
    ['app/planted.ts', "import { app } from 'electron';\nexport const y = app;\n", /may not import Electron/],
    ['renderer/planted.ts', "import { readFile } from 'node:fs/promises';\nexport const y = readFile;\n", /may not import the Node module/],
    ['renderer/planted.ts', "import { createRecheckService } from '../app/api/service';\nexport const y = createRecheckService;\n", /Layer "renderer" may not import "..\/app\/api\/service"/],
    ['renderer/planted.ts', "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n", /may not import Electron/],
    ['main/planted.ts', "import { x } from '../renderer/main';\nexport const y = x;\n", /Layer "main" may not import/],
    ['stray/planted.ts', 'export const y = 1;\n', /belongs to no layer/],
  ];
  for (const [file, code, re] of violations) {
    it(`rejects ${file}: ${code.split('\n')[0]}`, async () => {
      const found = await messages(file, code);
      expect(found.some((m) => re.test(m)), found.join(' | ')).toBe(true);
    });
  }

  const allowed: [string, string][] = [
    ['checkers/planted.ts', "import { CheckerError } from './errors';\nexport const y = CheckerError;\n"],
    ['app/planted.ts', "import { readFileSync } from 'node:fs';\nimport { CheckerError } from '../checkers/errors';\nexport const y = [readFileSync, CheckerError];\n"],
    ['renderer/planted.ts', "import { API_METHODS } from '../app/api/methods';\nexport const y = [API_METHODS, window.location];\n"],
    ['main/planted.ts', "import { app } from 'electron';\nimport { EXIT } from '../app/errors';\nexport const y = [app, EXIT];\n"],
    ['checkers/planted.ts', 'export function f(process: number): number {\n  return process + 1;\n}\n'],
    ['renderer/vite.config.ts', "import { fileURLToPath } from 'node:url';\nexport const y = fileURLToPath;\n"],
  ];
  for (const [file, code] of allowed) {
    it(`allows ${file}: ${code.split('\n')[0]}`, async () => {
      expect(await messages(file, code)).toEqual([]);
    });
  }

  it('keeps the clock and hidden randomness out of checkers', async () => {
    const [result] = await eslint.lintText('export const t = Date.now() + Math.random();\n', { filePath: resolve(import.meta.dirname, '../../checkers/planted.ts') });
    const rules = (result?.messages ?? []).map((m) => m.ruleId);
    expect(rules.filter((r) => r === 'no-restricted-properties')).toHaveLength(2);
  });
});
