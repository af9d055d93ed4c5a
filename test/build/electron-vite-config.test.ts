// The renderer is built two ways: by vite.renderer.config.ts (browser mode) and by the renderer part of
// electron.vite.config.ts (Electron). Both must produce the same thing; this compares every setting of the
// former with the latter, so a setting added to one file and not the other fails here.
import path from 'node:path';
import type { PluginOption, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import electronViteConfig from '../../electron.vite.config';
import rendererViteConfig from '../../vite.renderer.config';

const repo = path.resolve(import.meta.dirname, '../..');
type ConfigExport = UserConfig | ((env: { command: 'build'; mode: string }) => UserConfig | Promise<UserConfig>);
const exported = rendererViteConfig as ConfigExport;
const browser = typeof exported === 'function' ? await exported({ command: 'build', mode: 'production' }) : exported;
const electron = (electronViteConfig as { renderer: UserConfig }).renderer;

function pluginNames(plugins: PluginOption[] | undefined): string[] {
  const flat = (plugins ?? []).flat(Infinity as 1) as { name?: string }[];
  return flat.map((p) => p?.name ?? '?').sort();
}
function resolvedOutDir(c: UserConfig): string {
  return path.resolve(c.root ?? repo, c.build?.outDir ?? 'dist');
}

describe('renderer build settings', () => {
  it('share root, output folder and plugins', () => {
    expect(path.resolve(electron.root!)).toBe(path.resolve(browser.root!));
    expect(path.resolve(browser.root!)).toBe(path.join(repo, 'renderer'));
    expect(resolvedOutDir(electron)).toBe(resolvedOutDir(browser));
    expect(resolvedOutDir(browser)).toBe(path.join(repo, 'out', 'renderer'));
    expect(pluginNames(electron.plugins)).toEqual(pluginNames(browser.plugins));
    expect(pluginNames(browser.plugins).length).toBeGreaterThan(0);
  });

  it('agree on every other top-level and build setting of vite.renderer.config.ts', () => {
    const skipTop = new Set(['root', 'plugins', 'build', 'server', 'preview']);
    for (const [key, value] of Object.entries(browser)) {
      if (skipTop.has(key)) continue;
      expect(electron[key as keyof UserConfig], key).toEqual(value);
    }
    for (const [key, value] of Object.entries(browser.build ?? {})) {
      if (key === 'outDir') continue;
      expect((electron.build as Record<string, unknown>)[key], `build.${key}`).toEqual(value);
    }
  });
});
