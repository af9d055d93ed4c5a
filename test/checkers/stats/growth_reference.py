"""Reference fits for checkers/stats/growth-laws.ts and lack-of-fit.ts, written independently with scipy
(Debian's 1.10): every law fitted by scipy.optimize.curve_fit on all its parameters jointly (trust-region
reflective with the nonlinear parameter bounded as in growth-laws.ts), from 2 starting values of that parameter,
keeping the least residual sum (starts: the 2 best of 12 log-spaced values of the nonlinear parameter; analytic Jacobians); then the lack-of-fit tests of lack-of-fit.ts from those fits (chi-square with
known se; without, the F test of the law plus the best fit of the other kind, by numpy.linalg.lstsq).

Reads [{"x": [...], "y": [...], "se": [...] or null, "laws": [...]}, ...] on stdin; prints, per table and law,
{"params": {...}, "chi2": weighted RSS, "p": [lack-of-fit p, the alternative law of the F test] or null,
"pNear": the same over the members covering half their approach (bounded laws), or null}.
Run: /usr/bin/python3 test/checkers/stats/growth_reference.py < cases.json
"""
import json
import sys
import warnings

import numpy as np
from scipy import optimize, stats

warnings.simplefilter("ignore")
KIND = {"log-inverse": "growing", "const": "bounded", "inverse": "bounded", "inverse-power": "bounded", "exponential": "bounded", "log": "growing", "power": "growing", "log-shift": "growing"}
NLIN = {"log-inverse": 3, "const": 1, "log": 2, "power": 1, "inverse": 2, "inverse-power": 2, "exponential": 2, "log-shift": 2}
K = {"log-inverse": 3, "const": 1, "log": 2, "power": 2, "inverse": 2, "inverse-power": 3, "exponential": 3, "log-shift": 3}


def law_fn(name, x0):
    if name == "power":
        return lambda x, a, p: a * x ** p
    if name == "inverse-power":
        return lambda x, a, c, p: a + c * (x / x0) ** (-p)
    if name == "exponential":
        return lambda x, a, c, s: a + c * np.exp(-(x - x0) / s)
    if name == "log-shift":
        return lambda x, a, b, h: a + b * np.log(x + h)
    raise ValueError(name)


def law_jac(name, x0):
    """Analytic Jacobians (columns: the parameters in order), so curve_fit needs no finite differences."""
    if name == "power":
        return lambda x, a, p: np.column_stack([x ** p, a * x ** p * np.log(x)])
    if name == "inverse-power":
        return lambda x, a, c, p: np.column_stack([np.ones_like(x), (x / x0) ** (-p), -c * np.log(x / x0) * (x / x0) ** (-p)])
    if name == "exponential":
        return lambda x, a, c, s: np.column_stack([np.ones_like(x), np.exp(-(x - x0) / s), c * np.exp(-(x - x0) / s) * (x - x0) / s ** 2])
    return lambda x, a, b, h: np.column_stack([np.ones_like(x), np.log(x + h), b / (x + h)])


def linear_cols(name, x, x0):
    if name == "const":
        return [np.ones_like(x)]
    if name == "log":
        return [np.ones_like(x), np.log(x)]
    if name == "inverse":
        return [np.ones_like(x), x0 / x]
    if name == "log-inverse":
        return [np.ones_like(x), np.log(x), x0 / x]
    raise ValueError(name)


def bounds(name, x):
    x0, xm = x.min(), x.max()
    lnr = np.log(xm / x0)
    if name in ("power", "inverse-power"):
        return 1e-4 / lnr, 60 / lnr
    if name == "exponential":
        gap = np.min(x[x > x0] - x0)
        rmax = max(1e-4, min(700, 40 * (xm - x0) / gap))
        return (xm - x0) / rmax, (xm - x0) / 1e-4
    if name == "log-shift":
        return 1e-6 * x0, 1e3 * xm
    raise ValueError(name)


def near_bounds(name, x):
    lo, hi = bounds(name, x)
    lnr = np.log(x.max() / x.min())
    if name == "inverse-power":
        return np.log(2) / lnr, hi
    if name == "exponential":
        return lo, (x.max() - x.min()) / np.log(2)
    return lo, hi


def start_cols(name, x, x0, t):
    if name == "power":
        return [x ** t]
    if name == "inverse-power":
        return [np.ones_like(x), (x / x0) ** (-t)]
    if name == "exponential":
        return [np.ones_like(x), np.exp(-(x - x0) / t)]
    return [np.ones_like(x), np.log(x + t)]


def wls(cols, y, w):
    a = np.column_stack(cols) * np.sqrt(w)[:, None]
    coef, *_ = np.linalg.lstsq(a, y * np.sqrt(w), rcond=None)
    fitted = np.column_stack(cols) @ coef
    return coef, fitted


def fit(name, x, y, se, region="all"):
    """Least-squares fit: (params dict, fitted values, weighted RSS, value of the nonlinear parameter)."""
    w = np.ones_like(y) if se is None else 1 / se ** 2
    x0 = x.min()
    if name == "log-inverse" and region == "near":
        # Material growth: |c| (1 - x0/xmax) <= |b| ln R, i.e. c = lam b K with lam in [-1, 1]: bounded 1-D search.
        big_k = np.log(x.max() / x0) / (1 - x0 / x.max())

        def rss_at(lam):
            _, f = wls([np.ones_like(x), np.log(x) + lam * big_k * x0 / x], y, w)
            return float(np.sum(w * (y - f) ** 2))

        grid = np.linspace(-1, 1, 41)
        i = int(np.argmin([rss_at(v) for v in grid]))
        res = optimize.minimize_scalar(rss_at, bounds=(grid[max(0, i - 1)], grid[min(40, i + 1)]), method="bounded", options={"xatol": 1e-12})
        lam = min([(rss_at(v), v) for v in (res.x, grid[i], -1.0, 1.0)])[1]
        coef, fitted = wls([np.ones_like(x), np.log(x) + lam * big_k * x0 / x], y, w)
        return {"a": float(coef[0]), "b": float(coef[1]), "c": float(lam * big_k * coef[1])}, fitted, float(np.sum(w * (y - fitted) ** 2)), float(lam + 2)
    if name in ("const", "log", "inverse", "log-inverse"):
        coef, fitted = wls(linear_cols(name, x, x0), y, w)
        names = {"const": ["a"], "log": ["a", "b"], "inverse": ["a", "c"], "log-inverse": ["a", "b", "c"]}[name]
        return dict(zip(names, map(float, coef))), fitted, float(np.sum(w * (y - fitted) ** 2)), None
    lo, hi = near_bounds(name, x) if region == "near" else bounds(name, x)
    f = law_fn(name, x0)
    best = None
    # Starting value: the best of 12 log-spaced values of the nonlinear parameter (linear part by lstsq);
    # then curve_fit on all parameters jointly from the 2 best.
    grid = np.exp(np.linspace(np.log(lo), np.log(hi), 12))
    scored = []
    for t in grid:
        coef, fitted = wls(start_cols(name, x, x0, t), y, w)
        scored.append((float(np.sum(w * (y - fitted) ** 2)), t, coef))
    order = sorted(range(len(grid)), key=lambda i: scored[i][0])[:2]
    for i in order:
        _, t, coef = scored[i]
        try:
            p0 = [*coef, t]
            lb = [-np.inf] * len(coef) + [lo]
            ub = [np.inf] * len(coef) + [hi]
            popt, _ = optimize.curve_fit(f, x, y, p0=p0, sigma=None if se is None else se, bounds=(lb, ub), method="trf", jac=law_jac(name, x0), x_scale="jac", ftol=1e-13, xtol=1e-13, gtol=1e-13, max_nfev=300)
        except Exception:
            continue
        fitted = f(x, *popt)
        rss = float(np.sum(w * (y - fitted) ** 2))
        if np.isfinite(rss) and (best is None or rss < best[2]):
            names = {"power": ["a", "p"], "inverse-power": ["a", "c", "p"], "exponential": ["a", "c", "s"], "log-shift": ["a", "b", "h"]}[name]
            best = (dict(zip(names, map(float, popt))), fitted, rss, float(popt[-1]))
    return best


def lack_of_fit(name, x, y, se, fits, region):
    n = len(x)
    if region == "near" and name in ("inverse-power", "exponential", "log-inverse"):
        res = fit(name, x, y, se, "near")
    else:
        res = fits[name]
    if res is None:
        return None
    _, fitted, chi2, t = res
    if se is not None:
        dof = n - (2 if region == "near" and name == "log-inverse" else NLIN[name])
        return [float(stats.chi2.sf(chi2, dof)), None] if dof >= 1 else None
    dof = n - K[name] - 1
    if dof < 1:
        return None
    other = "growing" if KIND[name] == "bounded" else "bounded"
    alts = [(fits[m][2], m) for m in fits if KIND[m] == other and fits[m] is not None]
    if not alts:
        return None
    alt_name = min(alts)[1]
    alt = fits[alt_name][1]
    x0 = x.min()
    if name == "log-inverse" and region == "near":
        big_k = np.log(x.max() / x0) / (1 - x0 / x.max())
        cols = [np.ones_like(x), np.log(x) + (t - 2) * big_k * x0 / x]
    elif name in ("const", "log", "inverse", "log-inverse"):
        cols = linear_cols(name, x, x0)
    elif name == "power":
        cols = [x ** t]
    elif name == "inverse-power":
        cols = [np.ones_like(x), (x / x0) ** (-t)]
    elif name == "exponential":
        cols = [np.ones_like(x), np.exp(-(x - x0) / t)]
    else:
        cols = [np.ones_like(x), np.log(x + t)]
    _, f1 = wls(cols, y, np.ones_like(y))
    _, f2 = wls(cols + [alt], y, np.ones_like(y))
    s1 = float(np.sum((y - f1) ** 2))
    s2 = float(np.sum((y - f2) ** 2))
    if s1 <= 1e-16 * float(np.sum(y ** 2)) or s1 - s2 <= 1e-13 * s1:
        return [1.0, alt_name]
    if s2 == 0:
        return [0.0, alt_name]
    return [float(stats.f.sf((s1 - s2) / (s2 / dof), 1, dof)), alt_name]


def main():
    out = []
    for case in json.load(sys.stdin, parse_int=float):
        x = np.array(case["x"], dtype=float)
        y = np.array(case["y"], dtype=float)
        se = None if case["se"] is None else np.array(case["se"], dtype=float)
        fits = {name: fit(name, x, y, se) for name in case["laws"]}
        row = {}
        for name in case["laws"]:
            if fits[name] is None:
                row[name] = None
                continue
            params, _, chi2, _ = fits[name]
            row[name] = {
                "params": params,
                "chi2": chi2,
                "p": lack_of_fit(name, x, y, se, fits, "all"),
                "pNear": lack_of_fit(name, x, y, se, fits, "near") if KIND[name] == "bounded" or name == "log-inverse" else None,
            }
        out.append(row)
    json.dump(out, sys.stdout)


main()
