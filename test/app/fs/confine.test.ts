import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfinementError, joinInside, listInside, mkdirInside, readInside, readRegularFile, resolveInside } from '../../../app/fs/confine';
import { tempDir } from '../../helpers/temp-case';

function layout() {
  const root = tempDir('recheck-confine-');
  const inside = join(root, 'case');
  const outside = join(root, 'outside');
  mkdirSync(join(inside, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(inside, 'sub', 'a.txt'), 'A');
  writeFileSync(join(outside, 'secret'), 'S');
  symlinkSync(join(inside, 'sub', 'a.txt'), join(inside, 'link-in'));
  symlinkSync(join(outside, 'secret'), join(inside, 'link-out'));
  symlinkSync(outside, join(inside, 'dir-out'));
  execFileSync('mkfifo', [join(inside, 'fifo')]);
  return { inside, outside };
}

describe('the confinement helper', () => {
  it('refuses absolute paths, ".." out and NUL bytes lexically', () => {
    expect(() => joinInside('/w/case', '/etc/passwd')).toThrow(/must be relative/);
    expect(() => joinInside('/w/case', 'a/../../x')).toThrow(/leaves the case folder/);
    expect(() => joinInside('/w/case', 'a\0b')).toThrow(/NUL byte/);
    expect(joinInside('/w/case', 'a/./b/../c')).toBe('/w/case/a/c');
  });

  it('follows symlinks that stay inside, refuses those that leave (also for paths that do not exist yet)', () => {
    const { inside } = layout();
    expect(resolveInside(inside, 'link-in')).toBe(join(realpathSync(inside), 'sub', 'a.txt'));
    expect(() => resolveInside(inside, 'link-out')).toThrow(/symlink that leaves the case folder/);
    expect(() => resolveInside(inside, 'dir-out/new/file.txt')).toThrow(ConfinementError);
    expect(resolveInside(inside, 'sub/new/file.txt')).toBe(join(realpathSync(inside), 'sub', 'new', 'file.txt'));
  });

  it('reads only regular files, without blocking on a fifo, and never past the cap', async () => {
    const { inside } = layout();
    expect((await readInside(inside, 'sub/a.txt', { maxBytes: 10 })).toString()).toBe('A');
    await expect(readInside(inside, 'fifo', { maxBytes: 10 })).rejects.toThrow(/fifo, not a regular file/);
    await expect(readRegularFile('/dev/zero', { maxBytes: 10 })).rejects.toThrow(/device/);
    await expect(readRegularFile(join(inside, 'link-in'), { maxBytes: 10 })).rejects.toThrow(/symlink \(not followed\)/);
    await expect(readInside(inside, 'sub/a.txt', { maxBytes: 0 })).rejects.toThrow(/over the limit/);
    await expect(readInside(inside, 'nope', { maxBytes: 10 })).rejects.toThrow(/no such file/);
  });

  it('makes folders one component at a time, refusing a symlinked folder out and a file in the way', async () => {
    const { inside } = layout();
    expect(await mkdirInside(inside, 'runs/r1')).toBe(join(realpathSync(inside), 'runs', 'r1'));
    await expect(mkdirInside(inside, 'dir-out/x')).rejects.toThrow(/symlink that leaves the case folder/);
    await expect(mkdirInside(inside, 'sub/a.txt/x')).rejects.toThrow(/is not a folder/);
  });

  it('lists regular files, leaving out symlinks out, fifos and saying why', async () => {
    const { inside } = layout();
    const { files, skipped } = await listInside(inside, '.');
    expect(files.map((f) => f.path)).toEqual(['link-in', 'sub/a.txt']);
    expect(skipped).toEqual(
      expect.arrayContaining([
        { path: 'dir-out', why: 'symlink that leaves the case folder' },
        { path: 'fifo', why: 'a fifo' },
        { path: 'link-out', why: 'symlink that leaves the case folder' },
      ]),
    );
  });
});
