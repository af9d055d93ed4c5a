import { describe, it, expect } from 'vitest';
import { mkdirSync, writeFileSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWorkspace, defaultWorkspaceDir, listCaseDirs } from '../../../app/cases/workspace';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

describe('workspace', () => {
  it('copies bundled cases on first run, without runs or audit log, and never overwrites', async () => {
    const bundled = tempDir();
    const a = writeMinimalCase(bundled, 'alpha');
    writeMinimalCase(bundled, 'beta');
    mkdirSync(join(a, 'runs', 'old-run'), { recursive: true });
    writeFileSync(join(a, 'runs', 'old-run', 'report.json'), '{}');
    writeFileSync(join(a, 'audit.jsonl'), '{"who":"someone"}\n');
    const ws = join(tempDir(), 'workspace');

    expect(await ensureWorkspace({ bundledCasesDir: bundled, workspaceDir: ws })).toEqual(['alpha', 'beta']);
    expect((await listCaseDirs(ws)).map((d) => d.split('/').pop())).toEqual(['alpha', 'beta']);
    expect(existsSync(join(ws, 'alpha', 'audit.jsonl'))).toBe(false);
    expect(readdirSync(join(ws, 'alpha', 'runs'))).toEqual([]);
    expect(readdirSync(ws).filter((n) => n.startsWith('.'))).toEqual([]);

    writeFileSync(join(ws, 'alpha', 'paper.md'), 'my edits');
    expect(await ensureWorkspace({ bundledCasesDir: bundled, workspaceDir: ws })).toEqual([]);
    expect(readFileSync(join(ws, 'alpha', 'paper.md'), 'utf8')).toBe('my edits');
    // The installation itself is untouched.
    expect(readFileSync(join(a, 'audit.jsonl'), 'utf8')).toBe('{"who":"someone"}\n');
  });

  it('picks a per-user default folder, overridable by RECHECK_WORKSPACE', () => {
    expect(defaultWorkspaceDir({ RECHECK_WORKSPACE: '/tmp/ws' }, 'linux')).toBe('/tmp/ws');
    expect(defaultWorkspaceDir({ XDG_DATA_HOME: '/x' }, 'linux')).toBe('/x/recheck/workspace');
    expect(defaultWorkspaceDir({}, 'darwin')).toMatch(/Library\/Application Support\/Recheck\/workspace$/);
  });
});
