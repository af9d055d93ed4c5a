"""Reference ranges for the interval tightness tests (test/checkers/interval/tightness-*.test.ts).

Reads JSON cases from stdin: {op, bits, xs: [[lo, hi], ...], ys?: [[lo, hi], ...], n?: int}, every endpoint
an exact dyadic "m e" (m * 2^e). For op 'compare' it prints mpmath.iv's decisions of x < y, x <= y, x > y,
x > 0 and x < 0 (true, false, or null when the intervals cannot tell). For each other case and each output of
the operation it prints:
  lo: an upper bound of the exact range's lower end  (our lower end must not exceed it: containment)
  hi: a lower bound of the exact range's upper end   (our upper end must not be below it)
  refLo / refHi: the reference enclosure's ends rounded outward to `bits` bits (the tightness target),
all as dyadic "m e" strings. Everything is mpmath.iv interval arithmetic at P = 4 * bits, except that
mpmath 1.2.1's iv.exp, iv.log1p and iv.expm1 are not enclosures for small arguments (iv.exp(2^-799) at 1024
bits is the point 1 + 2^-799, below the exact value; on 3,000 random points at 96 to 1024 bits: 174, 68 and
73 misses), so exp, log1p and expm1 are built here from iv arithmetic: a Taylor sum with its remainder bounded
for |x| < 1/32, iv.exp / iv.log (at raised precision for log1p) otherwise.

Monotone operations (unary, and log-sum-exp in every logit) evaluate each end at its own corner, which gives a
rigorous enclosure of that end; the precision doubles (up to 64 * bits) until each is narrow enough to round to
`bits` bits. The others evaluate the whole expression at P and at 2P; the true end lies within the 2P result
plus the change from P to 2P (plus 2^-P relative): the containment slack. Where the natural interval extension
overestimates a range (a variable used twice with opposite monotonicity), the exact range is built from the
function's monotonicity or convexity, stated at each operation.
"""
import json
import sys

from mpmath import iv
from mpmath.libmp import from_man_exp, mpf_add, mpf_sub, mpf_abs, mpf_shift, mpf_pos, mpf_cmp, \
    round_floor, round_ceiling, fzero

P = 0  # working precision of the current case (4 * bits)


def raw(s):
    m, e = s.split()
    return from_man_exp(int(m), int(e))


def dy(r):
    sign, man, exp, _ = r
    if not man:
        if exp:
            raise ValueError('non-finite reference')
        return '0 0'
    return f"{-man if sign else man} {exp}"


def point(r):
    return iv.make_mpf((r, r))


def box(pair):
    return iv.make_mpf((raw(pair[0]), raw(pair[1])))


def ends(x):
    return x._mpi_


def hull(lo_interval, hi_interval):
    return iv.make_mpf((ends(lo_interval)[0], ends(hi_interval)[1]))


# ---- rigorous elementary functions on point intervals (then on intervals by monotonicity) ----

def taylor(x, coeff, start, tail):
    """sum_{k>=start} coeff(k) x^k plus its remainder, bounded by tail * |x|^K for |x| < 1/32."""
    mag = iv.mag(x)
    K = 1 + max(2, -(-(P + 20) // max(1, -mag - 1)))  # |x|^(K-1) < 2^-(P+20): relative to the sum's first term
    s = iv.mpf(0)
    for k in range(start, K):
        s = s + coeff(k) * x ** k
    return s + tail * abs(x) ** K * iv.mpf([-1, 1])


def is_zero(x):
    return not ends(x)[0][1] and not ends(x)[1][1]


def exp_point(x):
    if is_zero(x):
        return iv.mpf(1)
    if iv.mag(x) < -4:
        return taylor(x, lambda k: iv.mpf(1) / _fact(k), 0, 2)
    return iv.exp(x)


def _fact(k):
    f = 1
    for j in range(2, k + 1):
        f *= j
    return f


def expm1_point(x):
    if is_zero(x):
        return iv.mpf(0)
    if iv.mag(x) < -4:
        return taylor(x, lambda k: iv.mpf(1) / _fact(k), 1, 2)
    return exp_point(x) - 1


def log1p_point(x):
    if is_zero(x):
        return iv.mpf(0)
    if iv.mag(x) < -4:
        return taylor(x, lambda k: iv.mpf((-1) ** (k + 1)) / k, 1, 2)
    old = iv.prec
    iv.prec = old + max(0, -iv.mag(x)) + 64  # 1 + x exact (or relatively exact when x is large)
    try:
        return iv.log(1 + x)
    finally:
        iv.prec = old


def max_raw(a, b):
    return a if mpf_cmp(a, b) >= 0 else b


def mono(f, x):
    """f increasing: [f(lo) down, f(hi) up]."""
    a, b = ends(x)
    return hull(f(point(a)), f(point(b)))


def exp_i(x):
    return mono(exp_point, x)


def log_i(x):
    return iv.log(x)


def log1p_i(x):
    return mono(log1p_point, x)


def softplus_point(x):
    if mpf_cmp(ends(x)[0], fzero) <= 0:
        return log1p_i(exp_i(x))
    return x + log1p_i(exp_i(-x))


def root_point(x, n):
    a = ends(x)[0]
    if mpf_cmp(a, fzero) == 0:
        return iv.mpf(0)
    old = iv.prec
    iv.prec = old + abs(int(iv.mag(x))).bit_length() + 16  # ln|x| carries the magnitude's bits before the division
    try:
        r = exp_i(log_i(abs(x)) / n)
    finally:
        iv.prec = old
    return -r if mpf_cmp(a, fzero) < 0 else r


def xlogy(p, q):
    """p ln(p / q) for point p >= 0, q > 0 (0 at p = 0)."""
    if is_zero(p):
        return iv.mpf(0)
    return p * log_i(p / q)


def kl_term(p, q):
    """Exact range of p ln(p/q) over a box: decreasing in q; convex in p with its minimum -q/e at p = q/e."""
    pa, pb = [point(r) for r in ends(p)]
    qa, qb = [point(r) for r in ends(q)]
    upper = max_raw(ends(xlogy(pa, qa))[1], ends(xlogy(pb, qa))[1])
    star = qb * exp_i(iv.mpf(-1))
    if mpf_cmp(ends(star)[1], ends(pa)[0]) < 0:
        lower = ends(xlogy(pa, qb))[0]
    elif mpf_cmp(ends(star)[0], ends(pb)[0]) > 0:
        lower = ends(xlogy(pb, qb))[0]
    else:
        lower = ends(-star)[0]
    return iv.make_mpf((lower, upper))


def js_half(w, m):
    return iv.mpf(0) if is_zero(w) else w * log_i(w / m) / 2


def js_point(p, q):
    m = (p + q) / 2
    return js_half(p, m) + js_half(q, m)


def js_term(p, q):
    """Exact range of the JS term over a box: jointly convex (max at a corner), 0 on p = q, increasing in p
    above the diagonal and in q below it (min at the corner nearest the diagonal)."""
    pa, pb = [point(r) for r in ends(p)]
    qa, qb = [point(r) for r in ends(q)]
    upper = fzero
    for u in (pa, pb):
        for v in (qa, qb):
            upper = max_raw(upper, ends(js_point(u, v))[1])
    if mpf_cmp(ends(pa)[0], ends(qb)[0]) > 0:
        lower = ends(js_point(pa, qb))[0]
    elif mpf_cmp(ends(qa)[0], ends(pb)[0]) > 0:
        lower = ends(js_point(pb, qa))[0]
    else:
        lower = fzero
    return iv.make_mpf((lower, upper))


def total(terms):
    s = iv.mpf(0)
    for t in terms:
        s = s + t
    return s


# ---- operations: 'ends' (monotone increasing, unary) or 'range' (list of output intervals) ----

ENDS = {
    'sqrt': lambda x, c: iv.sqrt(x),
    'exp': lambda x, c: exp_point(x),
    'ln': lambda x, c: log_i(x),
    'log1p': lambda x, c: log1p_point(x),
    'expm1': lambda x, c: expm1_point(x),
    'log2': lambda x, c: log_i(x) / iv.log(iv.mpf(2)),
    'log10': lambda x, c: log_i(x) / iv.log(iv.mpf(10)),
    'root': lambda x, c: root_point(x, c['n']),
    'cbrt': lambda x, c: root_point(x, 3),
    'softplus': lambda x, c: softplus_point(x),
}


def lse_point(X):
    # x_k + log1p(sum_{j != k} exp(x_j - x_k)), x_k the largest: no cancellation inside log1p
    k = max(range(len(X)), key=lambda j: _Cmp(ends(X[j])[0]))
    return X[k] + log1p_i(total(exp_i(X[j] - X[k]) for j in range(len(X)) if j != k))


class _Cmp:
    def __init__(self, r):
        self.r = r

    def __lt__(self, other):
        return mpf_cmp(self.r, other.r) < 0


# increasing in every argument: each end of the range is the value at the vector of lower (upper) ends
ENDS_VECTOR = {
    'logSumExp': lse_point,
}


def softmax_all(X):
    n = len(X)
    return [1 / (1 + total(exp_i(X[j] - X[i]) for j in range(n) if j != i)) for i in range(n)]


def log_softmax_all(X):
    # -log1p(sum_{j != i} exp(x_j - x_i)): every x occurs with one monotonicity, so this is the exact range
    n = len(X)
    return [-log1p_i(total(exp_i(X[j] - X[i]) for j in range(n) if j != i)) if n > 1 else iv.mpf(0) for i in range(n)]


def min_max(X, Y, pick):
    (a, b), (c, d) = ends(X), ends(Y)
    choose = (lambda u, v: u if mpf_cmp(u, v) <= 0 else v) if pick == 'min' else (lambda u, v: u if mpf_cmp(u, v) >= 0 else v)
    return iv.make_mpf((choose(a, c), choose(b, d)))


RANGE = {
    'add': lambda X, Y, c: [X[0] + Y[0]],
    'sub': lambda X, Y, c: [X[0] - Y[0]],
    'neg': lambda X, Y, c: [-X[0]],
    'mul': lambda X, Y, c: [X[0] * Y[0]],
    'div': lambda X, Y, c: [X[0] / Y[0]],
    'sum': lambda X, Y, c: [total(X)],
    'powInt': lambda X, Y, c: [X[0] ** c['n']],
    # x^y = exp(y ln x): x and y each occur once, so the natural extension is the exact range
    'powPositive': lambda X, Y, c: [exp_i(Y[0] * log_i(X[0]))],
    'abs': lambda X, Y, c: [abs(X[0])],
    'min': lambda X, Y, c: [min_max(X[0], Y[0], 'min')],
    'max': lambda X, Y, c: [min_max(X[0], Y[0], 'max')],
    'softmax': lambda X, Y, c: softmax_all(X),
    'logSoftmax': lambda X, Y, c: log_softmax_all(X),
    'kl': lambda X, Y, c: [total(kl_term(p, q) for p, q in zip(X, Y))],
    # -p ln q: p and q each occur once
    'crossEntropy': lambda X, Y, c: [total(-(p * log_i(q)) for p, q in zip(X, Y) if not is_zero(p))],
    'js': lambda X, Y, c: [total(js_term(p, q) for p, q in zip(X, Y))],
}


def evaluate(case, prec):
    global P
    P = prec
    iv.prec = prec
    X = [box(x) for x in case['xs']]
    Y = [box(y) for y in case.get('ys', [])]
    if case['op'] in ENDS:
        f = ENDS[case['op']]
        a, b = ends(X[0])
        return [(f(point(a), case), f(point(b), case))]
    if case['op'] in ENDS_VECTOR:
        f = ENDS_VECTOR[case['op']]
        return [(f([point(ends(x)[0]) for x in X]), f([point(ends(x)[1]) for x in X]))]
    return [(r, r) for r in RANGE[case['op']](X, Y, case)]


def resolved(end, bits):
    # an end enclosure narrow enough to round to `bits` bits without doubt: width below 2^-(3 bits) of its size
    a, b = ends(end)
    width = mpf_sub(b, a)
    size = max_raw(mpf_abs(a), mpf_abs(b))
    return not width[1] or mpf_cmp(mpf_shift(size, -3 * bits), width) >= 0


def decisions(case):
    # mpmath.iv's comparisons: True when certain, False when certainly not, None when the intervals cannot tell
    iv.prec = 4 * case['bits']
    X, Y = box(case['xs'][0]), box(case['ys'][0])
    return [{'less': X < Y, 'lessEq': X <= Y, 'greater': X > Y, 'positive': X > 0, 'negative': X < 0}]


def answer(case):
    bits = case['bits']
    if case['op'] == 'compare':
        return decisions(case)
    if case['op'] in ENDS or case['op'] in ENDS_VECTOR:
        # rigorous per-end enclosures; the precision doubles (up to 64 x bits) while one is too wide to round
        prec = 4 * bits
        coarse = evaluate(case, prec)
        while prec < 64 * bits and not all(resolved(e, bits) for pair in coarse for e in pair):
            prec *= 2
            coarse = evaluate(case, prec)
        return [report(bits, ends(lo_end), ends(hi_end)) for lo_end, hi_end in coarse]
    coarse = evaluate(case, 4 * bits)
    fine = evaluate(case, 8 * bits)
    out = []
    for (c, _), (f, _) in zip(coarse, fine):
        (L, H), (L2, H2) = ends(c), ends(f)
        slack_lo = mpf_add(max_raw(mpf_sub(L2, L), fzero), mpf_shift(mpf_abs(L2), -4 * bits))
        slack_hi = mpf_add(max_raw(mpf_sub(H, H2), fzero), mpf_shift(mpf_abs(H2), -4 * bits))
        out.append(report(bits, (L2, mpf_add(L2, slack_lo)), (mpf_sub(H2, slack_hi), H2)))
    return out


def report(bits, lo_end, hi_end):
    return {
        'lo': dy(lo_end[1]),
        'hi': dy(hi_end[0]),
        'refLo': dy(mpf_pos(lo_end[0], bits, round_floor)),
        'refHi': dy(mpf_pos(hi_end[1], bits, round_ceiling)),
    }


if __name__ == '__main__':
    print(json.dumps([answer(c) for c in json.load(sys.stdin)]))
