// The API refuses callers without the launch token (401) and pages from another origin (403).
import { expect, serverOrigin, serverToken, test } from './fixtures';

const body = { args: [] };

test('an API call without the token is refused with 401', async ({ request }) => {
  const res = await request.post(`${serverOrigin()}/api/call/listCases`, { data: body, headers: { 'Content-Type': 'application/json' } });
  expect(res.status()).toBe(401);
  expect(await res.json()).toMatchObject({ ok: false });
  const wrong = await request.post(`${serverOrigin()}/api/call/listCases`, {
    data: body,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${'0'.repeat(serverToken().length)}` },
  });
  expect(wrong.status()).toBe(401);
});

test('an API call from a foreign Origin is refused with 403, even with the token', async ({ request }) => {
  const res = await request.post(`${serverOrigin()}/api/call/listCases`, {
    data: body,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serverToken()}`, Origin: 'http://evil.example' },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ ok: false });
});

test('the same call with the token and no foreign Origin succeeds', async ({ request }) => {
  const res = await request.post(`${serverOrigin()}/api/call/listCases`, {
    data: body,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serverToken()}` },
  });
  expect(res.status()).toBe(200);
  const json = (await res.json()) as { ok: boolean; result: unknown[] };
  expect(json.ok).toBe(true);
  expect(json.result.length).toBeGreaterThan(0);
});
