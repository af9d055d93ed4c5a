/**
 * Test helper: correctly rounded reference values from Debian's Python (mpmath with the gmpy2 backend, the
 * `decimal` module and `fractions`), run with /usr/bin/python3 in one process per batch.
 *
 * Independent of the code under test: exact results (integer powers, roots of perfect powers, logarithms of
 * exact powers, exp(0), ln(1)) are found with Fraction and gmpy2.iroot and rounded by Python's decimal
 * division (correctly rounded in every mode); everything else is evaluated by mpmath at digits + 60 (plus the
 * condition number's digits) and rounded from a 50-extra-digit string by `decimal` (mpmath's own nstr can
 * round twice). A value whose extra digits are within 1e-45 of a rounding boundary is reported as `near`,
 * so that callers can drop it instead of trusting a reference that might itself be misrounded.
 */
import { spawnSync } from 'node:child_process';

import { PYTHON, pythonModules } from '../../helpers/required';

export { PYTHON };
/** Empty when the oracle can run; else the reason (tests using it are skipped and say so, or fail under `npm test`). */
export const mpmathMissing = pythonModules(['mpmath', 'gmpy2']);

/** One reference request: a function of exact inputs ("p/q" or decimal strings), at `digits`, in `mode`. */
export interface OracleCase {
  readonly fn: 'exp' | 'ln' | 'log1p' | 'expm1' | 'sqrt' | 'cbrt' | 'root' | 'pow' | 'log' | 'log2' | 'log10' | 'div';
  readonly args: readonly string[];
  readonly digits: number;
  readonly mode: string;
}

/** The reference: a decimal string, or 'domain' for an argument outside the domain; `near` as above. */
export interface OracleAnswer {
  readonly value: string;
  readonly near: boolean;
}

const SCRIPT = String.raw`
import json, sys
from fractions import Fraction
import decimal
import gmpy2
from mpmath import mp, mpf, exp, log, log1p, expm1, sqrt, cbrt, root, nstr
MODES = {'half-even': decimal.ROUND_HALF_EVEN, 'half-up': decimal.ROUND_HALF_UP, 'half-down': decimal.ROUND_HALF_DOWN,
         'up': decimal.ROUND_UP, 'away-from-zero': decimal.ROUND_UP, 'down': decimal.ROUND_DOWN, 'toward-zero': decimal.ROUND_DOWN,
         'floor': decimal.ROUND_FLOOR, 'ceiling': decimal.ROUND_CEILING}

def ctx(digits, mode):
    return decimal.Context(prec=digits, rounding=MODES[mode], Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)

def round_fraction(fr, digits, mode):
    c = ctx(digits, mode)
    return c.divide(decimal.Decimal(fr.numerator), decimal.Decimal(fr.denominator))

def exact_root(fr, k):
    # the k-th root of a non-negative Fraction when it is rational, else None
    if fr == 0: return Fraction(0)
    if k > max(fr.numerator.bit_length(), fr.denominator.bit_length()) and fr != 1: return None
    a, ea = gmpy2.iroot(gmpy2.mpz(fr.numerator), k)
    b, eb = gmpy2.iroot(gmpy2.mpz(fr.denominator), k)
    return Fraction(int(a), int(b)) if ea and eb else None

def exact_value(fn, xs):
    if fn == 'div': return xs[0] / xs[1]
    if fn == 'exp' and xs[0] == 0: return Fraction(1)
    if fn == 'expm1' and xs[0] == 0: return Fraction(0)
    if fn == 'log1p' and xs[0] == 0: return Fraction(0)
    if fn in ('ln', 'log2', 'log10', 'log') and xs[0] == 1: return Fraction(0)
    if fn in ('sqrt', 'cbrt', 'root'):
        k = 2 if fn == 'sqrt' else 3 if fn == 'cbrt' else int(xs[1])
        r = exact_root(abs(xs[0]), k)
        return None if r is None else (-r if xs[0] < 0 else r)
    if fn == 'pow':
        x, y = xs
        p, q = y.numerator, y.denominator
        r = exact_root(abs(x), q) if q < 10**6 else (Fraction(1) if abs(x) == 1 else None)
        if r is None: return None
        if abs(p) * max(r.numerator.bit_length(), r.denominator.bit_length()) > 4000000: return None
        v = r ** p
        return -v if x < 0 and p % 2 == 1 else v
    if fn in ('log2', 'log10', 'log'):
        b = Fraction(2) if fn == 'log2' else Fraction(10) if fn == 'log10' else xs[1]
        mp.dps = 60
        guess = Fraction(str(mp.log(val(xs[0])) / mp.log(val(b)))).limit_denominator(1000)
        P, Q = guess.numerator, guess.denominator
        if abs(P) < 100000 and xs[0] ** Q == b ** P: return guess
    return None

def val(fr):
    return mpf(fr.numerator) / fr.denominator

def approx(fn, xs, digits):
    extra = max([abs(x.numerator.bit_length() - x.denominator.bit_length()) for x in xs] + [0])
    mp.dps = digits + 60 + int(extra * 0.302) + 40
    x = val(xs[0])
    if fn == 'exp': return exp(x)
    if fn == 'expm1': return expm1(x)
    if fn == 'log1p': return log1p(x)
    if fn == 'ln': return log1p(val(xs[0] - 1)) if abs(xs[0] - 1) < Fraction(1, 2) else log(x)
    if fn == 'sqrt': return sqrt(x)
    if fn == 'cbrt': return cbrt(abs(x)) * (-1 if xs[0] < 0 else 1)
    if fn == 'root': return root(abs(x), int(xs[1])) * (-1 if xs[0] < 0 else 1)
    if fn == 'pow':
        v = abs(x) ** val(xs[1])
        return -v if xs[0] < 0 and xs[1].numerator % 2 == 1 else v
    lnx = log1p(val(xs[0] - 1)) if abs(xs[0] - 1) < Fraction(1, 2) else log(x)
    b = Fraction(2) if fn == 'log2' else Fraction(10) if fn == 'log10' else xs[1]
    lnb = log1p(val(b - 1)) if abs(b - 1) < Fraction(1, 2) else log(val(b))
    return lnx / lnb

def near_boundary(s, digits, mode):
    # s: a decimal string with digits + 50 significant digits; is its tail within 1e-45 of a boundary?
    d = decimal.Decimal(s)
    t = d.as_tuple().digits[digits:digits + 45]
    if len(t) < 45: return False
    if mode.startswith('half'):
        return (t[0] == 5 and all(x == 0 for x in t[1:])) or (t[0] == 4 and all(x == 9 for x in t[1:]))
    return all(x == 0 for x in t) or all(x == 9 for x in t)

def domain_ok(fn, xs):
    x = xs[0]
    if fn in ('ln', 'log2', 'log10', 'log') and x <= 0: return False
    if fn == 'log' and (xs[1] <= 0 or xs[1] == 1): return False
    if fn == 'log1p' and x <= -1: return False
    if fn == 'sqrt' and x < 0: return False
    if fn == 'root' and x < 0 and int(xs[1]) % 2 == 0: return False
    if fn == 'pow' and x < 0 and xs[1].denominator % 2 == 0: return False
    if fn == 'pow' and x == 0 and xs[1] < 0: return False
    if fn == 'div' and xs[1] == 0: return False
    return True

out = []
for case in json.load(sys.stdin):
    fn, digits, mode = case['fn'], case['digits'], case['mode']
    xs = [Fraction(a) for a in case['args']]
    if not domain_ok(fn, xs):
        out.append({'value': 'domain', 'near': False}); continue
    ex = exact_value(fn, xs)
    if ex is not None:
        out.append({'value': str(round_fraction(ex, digits, mode)), 'near': False}); continue
    v = approx(fn, xs, digits)
    s = nstr(v, digits + 50, strip_zeros=False, min_fixed=1, max_fixed=0)
    c = ctx(digits, mode)
    out.append({'value': str(c.create_decimal(s)), 'near': near_boundary(s, digits, mode)})
print(json.dumps(out))
`;

/** Evaluates every case in one Python process. Throws with Python's stderr when the script fails. */
export function mpmathOracle(cases: readonly OracleCase[]): OracleAnswer[] {
  const run = spawnSync(PYTHON, ['-c', SCRIPT], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`mpmath oracle failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as OracleAnswer[];
}
