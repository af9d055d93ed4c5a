// The renderer is tested in browser mode (e2e in Chromium), so the Electron policy must allow what the
// browser-mode policy allows, apart from the browser mode's WebSocket: otherwise a page that passes e2e could
// be blocked in the desktop app, where nothing here can run it. Neither may allow script from strings.
import { describe, expect, it } from 'vitest';
import { CSP as BROWSER_CSP } from '../../app/server/security';
import { CONTENT_SECURITY_POLICY as ELECTRON_CSP } from '../../main/protocol';

function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}
const browser = parse(BROWSER_CSP);
const electron = parse(ELECTRON_CSP);
/** Sources that only make sense in browser mode (its API's WebSocket on the loopback interface). */
const browserOnly = (source: string) => /^ws:\/\/(127\.0\.0\.1|localhost):\*$/.test(source);

describe('CSP parity between Electron (app://) and browser mode', () => {
  it('names the same directives', () => {
    expect([...electron.keys()].sort()).toEqual([...browser.keys()].sort());
  });

  it.each([...browser.keys()])('%s allows in Electron what it allows in browser mode', (directive) => {
    const expected = browser.get(directive)!.filter((s) => !browserOnly(s));
    expect(electron.get(directive)).toEqual(expected);
  });

  it('neither allows inline or evaluated script', () => {
    for (const policy of [browser, electron]) {
      const script = policy.get('script-src') ?? policy.get('default-src') ?? [];
      expect(script.filter((s) => /^'unsafe-(inline|eval)'$|^\*$|^data:$|^blob:$/.test(s))).toEqual([]);
    }
  });
});
