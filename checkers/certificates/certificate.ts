/**
 * `recheck.certificate/1`: a finite, exactly checkable claim about a dynamic. For fw-attention:
 *   {"format": "recheck.certificate/1", "dynamic": "fw-attention", "params": {"c": 200},
 *    "points": [["-3", "1/4"], ["-3", "-3"], ["-1/3", "-7/4"], ["3", "1/2"]],
 *    "claim": {"kind": "origin-leaves-hull", "step": 706}}
 * Coordinates are strings ("p/q", integer, decimal) or JSON integers (safe integers only); anything else
 * is refused with a CertificateError naming the JSON pointer. A search config is the same without `claim`.
 * An optional `provenance` object (free-form JSON) records how a certificate was found.
 *
 * Size limits (part of the format): at most MAX_FW_PARTICLES points (the exact dynamic compares every pair of
 * particles at every step, so a million points would need 5e11 exact comparisons per step), coordinates of at
 * most MAX_COORDINATE_CHARS characters with a decimal exponent of at most MAX_DECIMAL_EXPONENT, and a claimed
 * step of at most MAX_FW_STEPS. Beyond them the certificate is refused with a CertificateError, not attempted.
 */
import { CheckerError, ParseError } from '../errors';
import { Rational } from '../exact/rational';

export const CERTIFICATE_FORMAT = 'recheck.certificate/1';

/** Most particles a certificate or search config may hold. */
export const MAX_FW_PARTICLES = 1000;
/** Longest coordinate string ("p/q", integer or decimal). */
export const MAX_COORDINATE_CHARS = 10_000;
/** Largest |exponent| of a decimal coordinate such as "1e-300". */
export const MAX_DECIMAL_EXPONENT = 10_000;
/** Largest claimed step (the exact run goes that far). */
export const MAX_FW_STEPS = 100_000;
/** Largest c: t + c stays exact in float64 for every step t <= MAX_FW_STEPS. */
export const MAX_FW_C = Number.MAX_SAFE_INTEGER - MAX_FW_STEPS;

export interface FwCertificate {
  readonly dynamic: 'fw-attention';
  readonly c: number;
  /** x(0), one row per particle, all of the same dimension (2 or 3). */
  readonly points: readonly (readonly Rational[])[];
  /** The claim; absent in a search config. */
  readonly claim?: { readonly kind: 'origin-leaves-hull'; readonly step: number };
  readonly provenance?: Record<string, unknown>;
}

/** A certificate or config that is not well formed; `pointer` is the JSON pointer of the offending value. */
export class CertificateError extends CheckerError {
  constructor(
    readonly pointer: string,
    readonly problem: string,
  ) {
    super('certificate', pointer === '' ? problem : `${pointer}: ${problem}`);
  }
}

type Json = unknown;

function isObject(x: Json): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function onlyKeys(o: Record<string, Json>, allowed: readonly string[], pointer: string): void {
  for (const k of Object.keys(o))
    if (!allowed.includes(k))
      throw new CertificateError(`${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, `unknown field ${JSON.stringify(k)}`);
}

function coordinate(x: Json, pointer: string): Rational {
  if (typeof x === 'number') {
    if (!Number.isInteger(x)) throw new CertificateError(pointer, `float coordinate ${x}: write it exactly as a string such as "1/10"`);
    if (!Number.isSafeInteger(x))
      throw new CertificateError(pointer, `integer ${x} is beyond 2^53 and was rounded by JSON; write it as a string`);
    return Rational.from(x);
  }
  if (typeof x !== 'string')
    throw new CertificateError(pointer, 'a coordinate must be a string ("p/q", integer, decimal) or a JSON integer');
  if (x.length > MAX_COORDINATE_CHARS)
    throw new CertificateError(pointer, `coordinate of ${x.length} characters; at most ${MAX_COORDINATE_CHARS}`);
  const exponent = /[eE]([+-]?\d+)\s*$/.exec(x);
  if (exponent !== null && Math.abs(Number(exponent[1])) > MAX_DECIMAL_EXPONENT) {
    throw new CertificateError(pointer, `decimal exponent ${exponent[1]}; at most ${MAX_DECIMAL_EXPONENT} in absolute value`);
  }
  try {
    return Rational.parse(x);
  } catch (e) {
    if (e instanceof ParseError) throw new CertificateError(pointer, e.reason);
    throw e;
  }
}

/**
 * Parse and validate a certificate (requireClaim = true) or a search config (false; a claim, if present,
 * is still validated). Exact: coordinates become Rationals. Throws CertificateError with a JSON pointer.
 * Example: `parseFwCertificate('{"format":"recheck.certificate/1", ...}', true).claim.step` is 706.
 */
export function parseFwCertificate(text: string, requireClaim: boolean): FwCertificate {
  let doc: Json;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new CertificateError('', `malformed JSON (${(e as Error).message})`);
  }
  return validateFwCertificate(doc, requireClaim);
}

/** Validate an already parsed JSON value; see `parseFwCertificate`. */
export function validateFwCertificate(doc: Json, requireClaim: boolean): FwCertificate {
  if (!isObject(doc)) throw new CertificateError('', 'the document must be a JSON object');
  onlyKeys(doc, ['format', 'dynamic', 'params', 'points', 'claim', 'provenance'], '');
  if (doc.format !== CERTIFICATE_FORMAT) throw new CertificateError('/format', `expected "${CERTIFICATE_FORMAT}"`);
  if (doc.dynamic !== 'fw-attention') throw new CertificateError('/dynamic', 'unknown dynamic (supported: "fw-attention")');
  const params = doc.params;
  if (!isObject(params)) throw new CertificateError('/params', 'expected an object {"c": <integer >= 1>}');
  onlyKeys(params, ['c'], '/params');
  const c = params.c;
  // t + c must stay a safe integer for every step t the run may take.
  if (typeof c !== 'number' || !Number.isSafeInteger(c) || c < 1 || c > MAX_FW_C)
    throw new CertificateError('/params/c', `c must be an integer >= 1 and <= ${MAX_FW_C}`);
  const points = doc.points;
  if (!Array.isArray(points) || points.length === 0) throw new CertificateError('/points', 'expected a non-empty array of points');
  if (points.length > MAX_FW_PARTICLES)
    throw new CertificateError(
      '/points',
      `${points.length} points; at most ${MAX_FW_PARTICLES} (the exact run compares every pair at every step)`,
    );
  let dim = -1;
  const rows = points.map((p: Json, i: number) => {
    if (!Array.isArray(p)) throw new CertificateError(`/points/${i}`, 'a point must be an array of coordinates');
    if (dim === -1) {
      dim = p.length;
      if (dim !== 2 && dim !== 3) throw new CertificateError(`/points/${i}`, `dimension ${dim} (supported: 2 or 3)`);
    } else if (p.length !== dim) throw new CertificateError(`/points/${i}`, `dimension ${p.length}, but the first point has ${dim}`);
    return p.map((x: Json, k: number) => coordinate(x, `/points/${i}/${k}`));
  });
  let claim: FwCertificate['claim'];
  if (doc.claim !== undefined) {
    const cl = doc.claim;
    if (!isObject(cl)) throw new CertificateError('/claim', 'expected an object {"kind": "origin-leaves-hull", "step": <integer>}');
    onlyKeys(cl, ['kind', 'step'], '/claim');
    if (cl.kind !== 'origin-leaves-hull') throw new CertificateError('/claim/kind', 'unknown claim kind (supported: "origin-leaves-hull")');
    const step = cl.step;
    if (typeof step !== 'number' || !Number.isSafeInteger(step) || step < 0)
      throw new CertificateError('/claim/step', 'step must be an integer >= 0');
    if (step > MAX_FW_STEPS) throw new CertificateError('/claim/step', `step ${step}; at most ${MAX_FW_STEPS}`);
    claim = { kind: 'origin-leaves-hull', step };
  } else if (requireClaim) {
    throw new CertificateError('/claim', 'missing claim (a certificate states {"kind": "origin-leaves-hull", "step": N})');
  }
  if (doc.provenance !== undefined && !isObject(doc.provenance)) throw new CertificateError('/provenance', 'expected an object');
  return {
    dynamic: 'fw-attention',
    c,
    points: rows,
    ...(claim ? { claim } : {}),
    ...(doc.provenance !== undefined ? { provenance: doc.provenance as Record<string, unknown> } : {}),
  };
}

/** The certificate as canonical JSON text (coordinates as canonical "p/q" strings), ending in a newline. */
export function formatFwCertificate(cert: FwCertificate): string {
  const doc: Record<string, unknown> = {
    format: CERTIFICATE_FORMAT,
    dynamic: cert.dynamic,
    params: { c: cert.c },
    points: cert.points.map((p) => p.map((x) => x.toString())),
  };
  if (cert.claim) doc.claim = { kind: cert.claim.kind, step: cert.claim.step };
  if (cert.provenance) doc.provenance = cert.provenance;
  // Two-space JSON, but each point on one line so a certificate reads like the example.
  const rows = (doc.points as string[][]).map((p) => `    ${JSON.stringify(p)}`).join(',\n');
  return JSON.stringify({ ...doc, points: '\u0000' }, null, 2).replace('"\\u0000"', `[\n${rows}\n  ]`) + '\n';
}
