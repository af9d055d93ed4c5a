/** The request-target check that runs before anything parses a URL (issue 9, finding 5). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TARGET_CHARS, requestTarget } from '../../../app/server/security';

describe('requestTarget', () => {
  it.each([
    ['/', { path: '/', query: '' }],
    ['/api/call/listCases', { path: '/api/call/listCases', query: '' }],
    ['/api/events?x=1&y=%2F', { path: '/api/events', query: 'x=1&y=%2F' }],
    ['/assets/KaTeX_Main-Bold-Cx986IdX.woff2', { path: '/assets/KaTeX_Main-Bold-Cx986IdX.woff2', query: '' }],
    ['/sandbox/', { path: '/sandbox/', query: '' }],
    ["/a:b@c!$&'()*+,;=~.-_", { path: "/a:b@c!$&'()*+,;=~.-_", query: '' }],
    ['/%2e%2e/%2E%2E/etc/passwd', { path: '/%2e%2e/%2E%2E/etc/passwd', query: '' }],
    ['/?', { path: '/', query: '' }],
  ])('accepts the origin-form %j', (raw, expected) => {
    expect(requestTarget(raw)).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    '*',
    '//',
    '///api/events',
    '//[',
    'http://[',
    'http://127.0.0.1/api/events',
    '/\\[',
    '/a b',
    '/a%zz',
    '/a%2',
    '/a#frag',
    '/a\u0000',
    '/\u00e9',
    '/a"b',
    '/<script>',
    '/{x}',
    '/a?b#c',
    `/${'a'.repeat(MAX_TARGET_CHARS)}`,
  ])('refuses %j', (raw) => {
    expect(requestTarget(raw)).toBeNull();
  });

  it('property: never throws, and whatever it accepts parses as a URL path on this origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.string({ maxLength: 80 }).map((s) => `/${s}`),
        ),
        (raw) => {
          const t = requestTarget(raw);
          if (t === null) return;
          const url = new URL(raw, 'http://127.0.0.1:4780');
          expect(url.host).toBe('127.0.0.1:4780');
          expect(url.pathname).toBe(new URL(t.path, 'http://127.0.0.1:4780').pathname);
        },
      ),
      { seed: 42, numRuns: 1000 },
    );
  });
});
