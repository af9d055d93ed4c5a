// Issue 13: the README's test line does the set-up on a fresh machine. The planning part of
// scripts/system-deps.mjs: which packages are missing, and how they are installed (or that they cannot be).
import { describe, it, expect } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { installCommand, missingPackages, NEEDS } from '../../scripts/system-deps.mjs';

describe('system-deps', () => {
  it('names every package whose probe fails, and none when all are there', () => {
    expect(missingPackages(() => true)).toEqual([]);
    expect(missingPackages((p: { command?: string; python?: string }) => p.command !== 'bwrap' && p.python !== 'mpmath')).toEqual([
      'bubblewrap',
      'python3-mpmath',
    ]);
    expect((NEEDS as { pkg: string }[]).map((n) => n.pkg)).toEqual([
      'chromium',
      'poppler-utils',
      'bubblewrap',
      'util-linux',
      'python3-gmpy2',
      'python3-mpmath',
      'python3-numpy',
      'python3-scipy',
      'python3-pil',
      'python3-skimage',
      'slurmctld',
      'slurmd',
      'slurm-client',
      'munge',
    ]);
  });

  it('installs through apt as root, through sudo otherwise, and not at all without apt or sudo', () => {
    expect(installCommand(['chromium'], { isRoot: true, hasApt: true, hasSudo: false })).toEqual([
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
    ]);
    expect(installCommand(['chromium'], { isRoot: false, hasApt: true, hasSudo: true })?.[0]).toBe('sudo');
    expect(installCommand(['chromium'], { isRoot: false, hasApt: true, hasSudo: false })).toBeNull();
    expect(installCommand(['chromium'], { isRoot: true, hasApt: false, hasSudo: true })).toBeNull();
  });
});
