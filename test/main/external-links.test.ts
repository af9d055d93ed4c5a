// A link in untrusted Markdown (a logbook, a paper summary) never opens without the reviewer seeing the full URL
// and saying yes; one question at a time, so a page cannot stack dialogs; nothing but https, nothing absurdly long.
import { describe, expect, it } from 'vitest';
import { confirmExternalLinks, MAX_EXTERNAL_URL_CHARS } from '../../main/external-links';

function fakeDeps(answers: boolean[]) {
  const asked: { message: string; detail: string }[] = [];
  const opened: string[] = [];
  const pending: (() => void)[] = [];
  const deps = {
    ask: (q: { message: string; detail: string }) =>
      new Promise<boolean>((resolve) => {
        asked.push(q);
        pending.push(() => resolve(answers.shift() ?? false));
      }),
    openExternal: async (url: string) => void opened.push(url),
  };
  const answerAll = async () => {
    while (pending.length > 0) pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { deps, asked, opened, answerAll };
}

describe('confirmExternalLinks', () => {
  it('asks with the full URL and opens only on yes', async () => {
    const f = fakeDeps([true, false]);
    const open = confirmExternalLinks(f.deps);
    const yes = open('https://arxiv.org/abs/2401.00001?utm=x#sec2');
    await f.answerAll();
    expect(await yes).toBe('opened');
    const no = open('https://example.org/');
    await f.answerAll();
    expect(await no).toBe('declined');
    expect(f.asked.map((q) => q.detail)).toEqual(['https://arxiv.org/abs/2401.00001?utm=x#sec2', 'https://example.org/']);
    expect(f.opened).toEqual(['https://arxiv.org/abs/2401.00001?utm=x#sec2']);
  });

  it('shows the normalised URL a browser would open: punycode host, credentials visible', async () => {
    const f = fakeDeps([false, false]);
    const open = confirmExternalLinks(f.deps);
    const a = open('https://pаypal.com/login'); // Cyrillic a
    await f.answerAll();
    await a;
    const b = open('https://arxiv.org@evil.example/');
    await f.answerAll();
    await b;
    expect(f.asked[0]!.detail).toBe('https://xn--pypal-4ve.com/login');
    expect(f.asked[1]!.detail).toBe('https://arxiv.org@evil.example/');
    expect(f.asked[1]!.message).toMatch(/evil\.example/);
  });

  it('asks one question at a time: links followed while a question is open are dropped', async () => {
    const f = fakeDeps([true]);
    const open = confirmExternalLinks(f.deps);
    const first = open('https://a.example/');
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => open(`https://b${i}.example/`)));
    expect(burst.every((r) => r === 'busy')).toBe(true);
    await f.answerAll();
    expect(await first).toBe('opened');
    expect(f.asked).toHaveLength(1);
    expect(f.opened).toEqual(['https://a.example/']);
  });

  it('refuses without asking what is not https or is too long to show', async () => {
    const f = fakeDeps([true, true, true]);
    const open = confirmExternalLinks(f.deps);
    for (const url of [
      'http://x.org/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      `https://x.org/${'a'.repeat(MAX_EXTERNAL_URL_CHARS)}`,
    ]) {
      expect(await open(url)).toBe('refused');
    }
    expect(f.asked).toEqual([]);
    expect(f.opened).toEqual([]);
  });
});
