"""Reference values for checkers/stats (binomial test, proportion intervals, normal quantile, kappa).

Reads a JSON object of cases on stdin and prints the results as JSON. Binomial test, Wilson and
Clopper-Pearson intervals, pmf and quantile come from scipy (Debian's python3-scipy 1.10). scipy has no kappa and
statsmodels is not installed here, so Cohen's and Fleiss' kappa and their standard errors are computed by hand
below with numpy from the published formulas (Cohen 1960 / Fleiss, Cohen and Everitt 1969; Fleiss 1971 / Fleiss,
Nee and Landis 1979), written independently of the TypeScript (table algebra on numpy arrays).
Run: /usr/bin/python3 test/checkers/stats/scipy_reference.py < cases.json
"""
import json
import sys

import numpy as np
from scipy.special import ndtri
from scipy.stats import beta, binom, binomtest, norm


def cohen(pairs, cl):
    cats = sorted({x for p in pairs for x in p})
    idx = {c: i for i, c in enumerate(cats)}
    t = np.zeros((len(cats), len(cats)))
    for a, b in pairs:
        t[idx[a], idx[b]] += 1
    n = t.sum()
    p = t / n
    row = p.sum(axis=1)
    col = p.sum(axis=0)
    po = np.trace(p)
    pe = float(row @ col)
    if 1 - pe <= 1e-12:
        return None
    k = (po - pe) / (1 - pe)
    a = sum(p[i, i] * (1 - (row[i] + col[i]) * (1 - k)) ** 2 for i in range(len(cats)))
    b = sum(p[i, j] * (col[i] + row[j]) ** 2 for i in range(len(cats)) for j in range(len(cats)) if i != j)
    var = (a + (1 - k) ** 2 * b - (k - pe * (1 - k)) ** 2) / ((1 - pe) ** 2 * n)
    se = float(np.sqrt(max(var, 0.0)))
    z = norm.ppf(0.5 + cl / 2)
    return {"kappa": float(k), "se": se, "low": max(-1.0, k - z * se), "high": min(1.0, k + z * se), "observed": float(po), "expected": pe}


def fleiss(subjects, cl):
    cats = sorted({x for s in subjects for x in s})
    idx = {c: i for i, c in enumerate(cats)}
    N = len(subjects)
    m = len(subjects[0])
    counts = np.zeros((N, len(cats)))
    for i, s in enumerate(subjects):
        for x in s:
            counts[i, idx[x]] += 1
    P = ((counts ** 2).sum(axis=1) - m) / (m * (m - 1))
    Pbar = P.mean()
    pj = counts.sum(axis=0) / (N * m)
    Pe = float((pj ** 2).sum())
    if 1 - Pe <= 1e-12:
        return None
    k = (Pbar - Pe) / (1 - Pe)
    qj = 1 - pj
    s_pq = float((pj * qj).sum())
    se = np.sqrt(2) / (s_pq * np.sqrt(N * m * (m - 1))) * np.sqrt(max(s_pq ** 2 - float((pj * qj * (qj - pj)).sum()), 0.0))
    z = norm.ppf(0.5 + cl / 2)
    return {"kappa": float(k), "se": float(se), "low": max(-1.0, k - z * se), "high": min(1.0, k + z * se), "observed": float(Pbar), "expected": Pe}


def main():
    cases = json.load(sys.stdin)
    out = {
        "binomtest": [binomtest(k, n, p).pvalue for k, n, p in cases["binomtest"]],
        "pmf": [float(binom.pmf(k, n, p)) for k, n, p in cases["pmf"]],
        "wilson": [list(binomtest(k, n).proportion_ci(cl, "wilson")) for k, n, cl in cases["intervals"]],
        "exact": [list(binomtest(k, n).proportion_ci(cl, "exact")) for k, n, cl in cases["intervals"]],
        # The Clopper-Pearson bounds as beta quantiles (proportion_ci finds them with brentq, xtol 2e-12 absolute).
        "exactBeta": [[0.0 if k == 0 else float(beta.ppf((1 - cl) / 2, k, n - k + 1)), 1.0 if k == n else float(beta.ppf(1 - (1 - cl) / 2, k + 1, n - k))] for k, n, cl in cases["intervals"]],
        "ndtri": [float(ndtri(p)) for p in cases["ndtri"]],
        "cohen": [cohen(p, cl) for p, cl in cases["cohen"]],
        "fleiss": [fleiss(s, cl) for s, cl in cases["fleiss"]],
    }
    print(json.dumps(out))


main()
