import { describe, it, expect } from 'vitest';
import { CertificateError, formatFwCertificate, parseFwCertificate } from '../../../checkers/certificates/certificate';
import { verifyFwCertificate } from '../../../checkers/certificates/verify-fw';

const base = {
  format: 'recheck.certificate/1',
  dynamic: 'fw-attention',
  params: { c: 10 },
  points: [
    ['-3', '1/4'],
    ['-3', '-3'],
    ['-1/3', '-7/4'],
    [3, '0.5'],
  ],
  claim: { kind: 'origin-leaves-hull', step: 5 },
};
const text = (o: unknown) => JSON.stringify(o);
const withField = (path: string[], value: unknown) => {
  const doc = structuredClone(base) as Record<string, unknown>;
  let o = doc as Record<string, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[path[path.length - 1]!] = value;
  return text(doc);
};

function errorOf(src: string, requireClaim = true): CertificateError {
  try {
    parseFwCertificate(src, requireClaim);
  } catch (e) {
    if (e instanceof CertificateError) return e;
    throw e;
  }
  throw new Error('expected a CertificateError');
}

describe('recheck.certificate/1 parsing', () => {
  it('parses coordinates exactly and round-trips through the canonical form', () => {
    const cert = parseFwCertificate(text(base), true);
    expect(cert.points[3]!.map(String)).toEqual(['3', '1/2']);
    expect(cert.claim).toEqual({ kind: 'origin-leaves-hull', step: 5 });
    const again = parseFwCertificate(formatFwCertificate(cert), true);
    expect(again.points.flat().map(String)).toEqual(cert.points.flat().map(String));
  });

  it.each([
    ['zero denominator', withField(['points', '1', '0'], '1/0'), '/points/1/0', /zero denominator/],
    ['float coordinate', withField(['points', '2', '1'], 0.25), '/points/2/1', /float coordinate/],
    ['unsafe JSON integer', withField(['points', '0', '0'], 2 ** 60), '/points/0/0', /2\^53/],
    ['not a number', withField(['points', '0', '1'], 'pi'), '/points/0/1', /not a rational/],
    ['boolean coordinate', withField(['points', '0', '1'], true), '/points/0/1', /coordinate/],
    ['ragged points', withField(['points', '2'], ['1']), '/points/2', /dimension 1/],
    ['bad c', withField(['params', 'c'], 0), '/params/c', /c must be/],
    ['bad step', withField(['claim', 'step'], -1), '/claim/step', /step/],
    ['wrong format', withField(['format'], 'x'), '/format', /recheck.certificate\/1/],
    ['unknown field', withField(['extra'], 1), '/extra', /unknown field/],
    ['malformed JSON', '{"format": ', '', /malformed JSON/],
    [
      'too many points',
      withField(
        ['points'],
        Array.from({ length: 1001 }, () => ['1', '1']),
      ),
      '/points',
      /1001 points; at most 1000/,
    ],
    ['too long a coordinate', withField(['points', '0', '0'], '1'.repeat(10_001)), '/points/0/0', /10001 characters; at most 10000/],
    ['too large an exponent', withField(['points', '0', '0'], '1e-10001'), '/points/0/0', /decimal exponent -10001/],
    ['too far a step', withField(['claim', 'step'], 100_001), '/claim/step', /at most 100000/],
    ['too large a c', withField(['params', 'c'], Number.MAX_SAFE_INTEGER), '/params/c', /c must be an integer >= 1 and <= /],
    ['an odd field name', withField(['a/b\n'], 1), '/a~1b\n', /unknown field "a\/b\\n"/],
  ])('refuses %s, naming the JSON pointer', (_name, src, pointer, problem) => {
    const e = errorOf(src);
    expect(e.pointer).toBe(pointer);
    expect(e.problem).toMatch(problem);
  });

  it('requires a claim only for certificates, not for search configs', () => {
    const { claim: _claim, ...config } = base;
    expect(errorOf(text(config)).pointer).toBe('/claim');
    expect(parseFwCertificate(text(config), false).claim).toBeUndefined();
  });
});

describe('verifying fw-attention certificates', () => {
  it('c = 10: exit at step 5 holds; 4 (too early) and 6 (exit already at 5) do not', () => {
    const at = (step: number) => verifyFwCertificate(parseFwCertificate(withField(['claim', 'step'], step), true));
    const ok = at(5);
    expect([ok.holds, ok.firstExitStep]).toEqual([true, 5]);
    expect(ok.run.float64FirstExitStep).toBe(5);
    const early = at(4);
    expect([early.holds, early.firstExitStep]).toEqual([false, null]);
    const late = at(6);
    expect([late.holds, late.firstExitStep]).toEqual([false, 5]);
    expect(late.reason).toMatch(/before the claimed step 6/);
    expect(at(0).holds).toBe(false);
  });

  it('the issue example (c = 200, step 706) holds: the first exit really is step 706', () => {
    const v = verifyFwCertificate(parseFwCertificate(withField(['params', 'c'], 200).replace('"step":5', '"step":706'), true));
    expect(v.holds).toBe(true);
    expect(v.firstExitStep).toBe(706);
  });
});
