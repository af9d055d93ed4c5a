"""Reference values for checkers/series (OLS slope tests, non-finite patterns, run comparisons).

Reads a JSON object of cases on stdin and prints the results as JSON. Non-finite values travel as the strings
"NaN", "Infinity", "-Infinity" (Trackio's spelling), both ways.
- slopes: scipy.stats.linregress (Debian's python3-scipy 1.10) with alternative 'greater' and 'less' (of y, or
  of ln y with "log": true, the log taken here), and the same fit in exact rational arithmetic
  (fractions.Fraction of the doubles): slope, intercept, se, t, the lag-1 autocorrelation of the residuals, and
  scipy's t.sf at the exact t (so p is checked apart from se's rounding); and the test adjusted for AR(1) errors
  with Nychka et al.'s (2000) effective sample size, written from the formula.
- nonfinite / compare / finite_while: straightforward re-implementations written from the TypeScript's doc
  comments (sort by (step, stored index), group with itertools.groupby, brute-force periodicity), not its code.
Run: /usr/bin/python3 test/checkers/series/series_reference.py < cases.json
"""
import itertools
import json
import math
import sys
from fractions import Fraction

from scipy import stats

SPELL = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def num(v):
    return SPELL[v] if isinstance(v, str) else float(v)


def kind(v):
    if math.isnan(v):
        return "NaN"
    if v == math.inf:
        return "+Inf"
    if v == -math.inf:
        return "-Inf"
    return "finite"


def exact_fit(xs, ys):
    n = len(xs)
    X = [Fraction(x) for x in xs]
    Y = [Fraction(y) for y in ys]
    xbar = sum(X) / n
    ybar = sum(Y) / n
    sxx = sum((x - xbar) ** 2 for x in X)
    sxy = sum((x - xbar) * (y - ybar) for x, y in zip(X, Y))
    b = sxy / sxx
    a = ybar - b * xbar
    e = [y - a - b * x for x, y in zip(X, Y)]
    sse = sum(r * r for r in e)
    dof = n - 2
    se = math.sqrt(float(sse / dof / sxx)) if sse > 0 else 0.0
    t = float(b) / se if se > 0 else None
    lag = float(sum(e[i] * e[i - 1] for i in range(1, n)) / sse) if sse > 0 else None
    # Nychka et al. (2000): n_e = n (1 - r1 - 0.68/sqrt n) / (1 + r1 + 0.68/sqrt n), r1 >= 0; s_b^2 = SSE / (n_e - 2) / Sxx.
    ar1 = None
    if lag is not None:
        r1 = max(0.0, lag)
        c = 0.68 / math.sqrt(n)
        ne = n * (1 - r1 - c) / (1 + r1 + c)
        if ne > 2:
            se_e = math.sqrt(float(sse / Fraction(ne - 2) / sxx))
            t_e = float(b) / se_e
            ar1 = {"ne": ne, "se": se_e, "t": t_e, "p_greater": float(stats.t.sf(t_e, ne - 2)), "p_less": float(stats.t.cdf(t_e, ne - 2))}
    return {"slope": float(b), "intercept": float(a), "se": se, "t": t, "dof": dof, "lag1": lag, "ar1": ar1,
            "p_greater": float(stats.t.sf(t, dof)) if t is not None else None,
            "p_less": float(stats.t.cdf(t, dof)) if t is not None else None}


def slope_case(c):
    xs = [float(x) for x in c["x"]]
    ys = [math.log(float(y)) if c.get("log") else float(y) for y in c["y"]]
    g = stats.linregress(xs, ys, alternative="greater")
    l = stats.linregress(xs, ys, alternative="less")
    return {"scipy": {"slope": float(g.slope), "intercept": float(g.intercept), "stderr": float(g.stderr),
                      "r": float(g.rvalue), "p_greater": float(g.pvalue), "p_less": float(l.pvalue)},
            "exact": exact_fit(xs, ys)}


def ordered(steps, values):
    pts = sorted(((s, i, num(v)) for i, (s, v) in enumerate(zip(steps, values))), key=lambda p: (p[0], p[1]))
    return [(s, i, v, kind(v)) for s, i, v in pts]


def periodic_len(ks, i, p):
    n = 0
    while i + n < len(ks) and ks[i + n] == ks[i + n % p]:
        n += 1
    return n


def segments(ks, steps):
    out, i = [], 0
    while i < len(ks):
        best_p, best_l = 1, periodic_len(ks, i, 1)
        for p in range(2, 5):
            if i + 2 * p > len(ks):
                break
            length = periodic_len(ks, i, p)
            if length >= 2 * p and length > best_l:
                best_p, best_l = p, length
        out.append([ks[i:i + best_p], steps[i], steps[i + best_l - 1], best_l])
        i += best_l
    return out


def nonfinite(steps, values):
    pts = ordered(steps, values)
    ks = [p[3] for p in pts]
    bursts, pos = [], 0
    for bad, grp in itertools.groupby(ks, key=lambda k: k != "finite"):
        g = list(grp)
        if bad:
            st = [p[0] for p in pts[pos:pos + len(g)]]
            bursts.append({"from": st[0], "to": st[-1], "length": len(g), "end": pos + len(g) == len(pts),
                           "segments": segments(g, st)})
        pos += len(g)
    counts = [ks.count("finite"), ks.count("NaN"), ks.count("+Inf"), ks.count("-Inf")]
    at = next((j for j, k in enumerate(ks) if k != "finite"), None)
    onset = [pts[at][0], pts[at][1], pts[at][3]] if at is not None else None
    throughout = at is not None and all(k != "finite" for k in ks[at:])
    if not bursts:
        pattern = "none"
    elif throughout:
        pattern = "throughout"
    elif all(b["length"] == 1 for b in bursts) and not bursts[-1]["end"]:
        pattern = "isolated"
    else:
        pattern = "bursts"
    return {"counts": counts, "onset": onset, "throughout": throughout, "pattern": pattern, "bursts": bursts}


def last_per_step(steps, values):
    d = {}
    for s, v in zip(steps, values):
        d[s] = num(v)  # a later stored value at the same step replaces an earlier one
    return d


def ranges_of(d):
    out, cur = [], None
    keys = sorted(d)
    for s in keys:
        if kind(d[s]) != "finite":
            cur = cur or [s, s, 0, False]
            cur[1], cur[2] = s, cur[2] + 1
        elif cur:
            out.append(cur)
            cur = None
    if cur:
        cur[3] = True
        out.append(cur)
    return out


def compare(a, b):
    da, db = last_per_step(a["steps"], a["values"]), last_per_step(b["steps"], b["values"])
    common = sorted(set(da) & set(db))
    tally = {"both_finite": 0, "only_a": 0, "only_b": 0, "both_bad": 0}
    first = None
    for s in common:
        ba, bb = kind(da[s]) != "finite", kind(db[s]) != "finite"
        key = "both_bad" if ba and bb else "only_a" if ba else "only_b" if bb else "both_finite"
        tally[key] += 1
        if first is None and ba != bb:
            first = [s, "a" if ba else "b", kind(da[s] if ba else db[s])]
    return {"common": len(common), "tally": tally, "first": first, "ranges_a": ranges_of(da), "ranges_b": ranges_of(db),
            "repeated_a": len(a["steps"]) - len(da), "repeated_b": len(b["steps"]) - len(db)}


def finite_while(c):
    dp, ds = last_per_step(c["p"]["steps"], c["p"]["values"]), last_per_step(c["s"]["steps"], c["s"]["values"])
    rs = ranges_of(dp)
    inside = [s for s in sorted(ds) if any(r[0] <= s and (s <= r[1] or r[3]) for r in rs)]
    bad = [s for s in inside if kind(ds[s]) != "finite"]
    if not rs:
        outcome = "primary-finite"
    elif bad:
        outcome = "not-finite"
    elif len(inside) >= c["min"]:
        outcome = "stays-finite"
    else:
        outcome = "too-few-points"
    return {"outcome": outcome, "inside": len(inside), "first_bad": [bad[0], kind(ds[bad[0]])] if bad else None}


def main():
    cases = json.load(sys.stdin)
    out = {
        "slopes": [slope_case(c) for c in cases.get("slopes", [])],
        "nonfinite": [nonfinite(c["steps"], c["values"]) for c in cases.get("nonfinite", [])],
        "compare": [compare(c["a"], c["b"]) for c in cases.get("compare", [])],
        "finite_while": [finite_while(c) for c in cases.get("finite_while", [])],
    }
    json.dump(out, sys.stdout, allow_nan=False)


if __name__ == "__main__":
    main()
