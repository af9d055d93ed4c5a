import { describe, it, expect } from 'vitest';
import { appCsp, sandboxPageCsp } from '../../../app/security/csp';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((d) => {
      const [name = '', ...sources] = d.split(' ');
      return [name, sources];
    }),
  );
}

describe('Content-Security-Policies', () => {
  it('app pages run only their own scripts, never evaluated ones, and reach only their origin', () => {
    const d = directives(appCsp());
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(appCsp()).not.toMatch(/unsafe-eval/);
    expect(directives(appCsp(['ws://127.0.0.1:*'])).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:*']);
  });

  it('the sandbox page has no network, an opaque origin, and scripts only from its own folder and blob:', () => {
    const d = directives(sandboxPageCsp('http://127.0.0.1:9'));
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'none'"]);
    expect(d.get('script-src')).toEqual(['http://127.0.0.1:9/assets/sandbox/', 'blob:', "'wasm-unsafe-eval'"]);
    expect(d.get('sandbox')).toEqual(['allow-scripts']);
    expect(d.get('frame-ancestors')).toEqual(['http://127.0.0.1:9']);
  });
});
