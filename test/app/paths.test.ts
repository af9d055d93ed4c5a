// The installation root is found by Recheck's package.json, so it is right from the checkout and from the
// compiled main bundle (out/main/index.js), where "one folder up" was out/ and reading out/package.json failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALL_ROOT, findInstallRoot } from '../../app/paths';

const tmp = mkdtempSync(join(tmpdir(), 'recheck-paths-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('findInstallRoot', () => {
  it('is the repository root from the checkout', () => {
    expect(INSTALL_ROOT).toBe(resolve(import.meta.dirname, '..', '..'));
  });

  it("skips other packages' package.json and unreadable ones on the way up", () => {
    const root = join(tmp, 'install');
    mkdirSync(join(root, 'out', 'main', 'chunks'), { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'recheck', version: '9.9.9' }));
    writeFileSync(join(root, 'out', 'package.json'), JSON.stringify({ name: 'something-else' }));
    writeFileSync(join(root, 'out', 'main', 'package.json'), '{ not json');
    expect(findInstallRoot(join(root, 'out', 'main', 'chunks'))).toBe(root);
  });

  it('says so when there is no Recheck package above', () => {
    const lone = join(tmp, 'lone', 'deeper');
    mkdirSync(lone, { recursive: true });
    expect(() => findInstallRoot(lone)).toThrow(/no package.json named "recheck" above/);
  });
});
