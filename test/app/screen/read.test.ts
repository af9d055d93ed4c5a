// What the screen reads of a hostile logbook folder: artifact paths that leave the folder (by `..`, an absolute
// path or a symlink) are never read and count as missing; a dashboard project that is a path is not looked up;
// a corrupt metrics database is an unreadable-metrics fact, not a crash.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localArtifactPath, readScreenInput } from '../../../app/screen/read';
import { tempDir } from '../../helpers/temp-case';

const cell = (o: Record<string, unknown>, body: string) => `\n---\n<!-- trackio-cell\n${JSON.stringify(o)}\n-->\n${body}\n`;

describe('readScreenInput on a hostile folder', () => {
  it('confines artifacts and metrics to the logbook folder', async () => {
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.csv'), 'x\n');
    const dir = tempDir();
    mkdirSync(join(dir, 'pages'), { recursive: true });
    symlinkSync(join(outside, 'secret.csv'), join(dir, 'link.csv'));
    writeFileSync(join(dir, 'present.csv'), 'k\n');
    writeFileSync(join(dir, 'broken.db'), 'SQLite format 3\u0000 but not really a database');
    writeFileSync(
      join(dir, 'pages', 'index.md'),
      '# L\n' +
        cell({ type: 'artifact', id: 'a1', path: '../secret.csv' }, 'trackio-local-path://../secret.csv') +
        cell({ type: 'artifact', id: 'a2', path: 'link.csv' }, 'trackio-local-path://link.csv') +
        cell({ type: 'artifact', id: 'a3', path: 'present.csv' }, 'trackio-local-path://present.csv') +
        cell({ type: 'artifact', id: 'a4', artifact: 'proj/model:v1' }, 'trackio-artifact://proj/model:v1') +
        cell({ type: 'dashboard', id: 'd1', dashboard_project: '../x' }, 'trackio-local-dashboard://x') +
        cell({ type: 'dashboard', id: 'd2', dashboard_project: 'broken' }, 'trackio-local-dashboard://broken'),
    );
    const r = await readScreenInput(dir);
    expect(r.artifacts.map((a) => [a.cell, a.present])).toEqual([
      ['a1', false],
      ['a2', false],
      ['a3', true],
    ]);
    expect(r.metrics.map((m) => [m.cell, m.file, m.unreadable !== undefined])).toEqual([['d2', 'broken.db', true]]);
  });

  it('takes local paths only: no Trackio artifact, URL or absolute path', () => {
    expect(localArtifactPath('proj/model:v1', 'trackio-artifact://proj/model:v1')).toBeNull();
    expect(localArtifactPath('/home/u/x.csv', undefined)).toBeNull();
    expect(localArtifactPath('x', 'trackio-local-path:///abs/x')).toBeNull();
    expect(localArtifactPath('results/a.csv', undefined)).toBe('results/a.csv');
  });
});
