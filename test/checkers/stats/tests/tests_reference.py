"""Reference values for checkers/stats/tests/ (the hypothesis tests), from Debian's scipy 1.10 and numpy.

Reads a JSON object on stdin whose keys are any of
  "ttest_rel": [[a, b, alternative, level, our_high_bound_or_null], ...]
  "ttest_ind": [[a, b, equal_var, alternative, level, our_bound_or_null], ...]
  "wilcoxon":  [[a, b, alternative], ...]
  "mwu":       [[a, b, alternative], ...]
  "binom":     [[k, n, p0, alternative, level], ...]
  "perm":      [[a, b, paired, alternative], ...]
and prints the same keys with, per case, a list of reference numbers (see each function; infinities as the
strings "Infinity" / "-Infinity"). Confidence
bounds are checked two ways: against t.ppf (scipy's cdflib, good to about 1e-9) and by the round trip
t.sf((our bound - estimate) / se) = alpha, which measures our quantile in probability.
Run: /usr/bin/python3 test/checkers/stats/tests/tests_reference.py < cases.json
"""
import json
import math
import sys
import warnings

import numpy as np
from scipy import stats

warnings.simplefilter("ignore")


def alpha_tail(level, alternative):
    return (1 - level) / 2 if alternative == "two-sided" else 1 - level


def round_trip(bound, est, se, df):
    """t.sf(|bound - est| / se): the tail our interval bound leaves outside (None without a finite bound)."""
    if bound is None:
        return None
    return float(stats.t.sf(abs(bound - est) / se, df))


def ttest_rel(a, b, alt, level, ours):
    a, b = np.array(a), np.array(b)
    r = stats.ttest_rel(a, b, alternative=alt)
    ci = r.confidence_interval(level)
    d = a - b
    se = np.std(d, ddof=1) / math.sqrt(len(d))
    dz = float(np.mean(d) / np.std(d, ddof=1))
    return [float(r.statistic), float(r.pvalue), float(r.df), float(ci.low), float(ci.high), dz, round_trip(ours, float(np.mean(d)), se, r.df)]


def ttest_ind(a, b, equal_var, alt, level, ours):
    a, b = np.array(a), np.array(b)
    r = stats.ttest_ind(a, b, equal_var=equal_var, alternative=alt)
    na, nb = len(a), len(b)
    va, vb = np.var(a, ddof=1), np.var(b, ddof=1)
    diff = np.mean(a) - np.mean(b)
    if equal_var:
        df = na + nb - 2
        sp = math.sqrt(((na - 1) * va + (nb - 1) * vb) / df)
        se = sp * math.sqrt(1 / na + 1 / nb)
        effect = diff / sp
    else:
        qa, qb = va / na, vb / nb
        df = (qa + qb) ** 2 / (qa**2 / (na - 1) + qb**2 / (nb - 1))
        se = math.sqrt(qa + qb)
        effect = diff / math.sqrt((va + vb) / 2)
    q = stats.t.ppf(1 - alpha_tail(level, alt), df)
    return [float(r.statistic), float(r.pvalue), float(df), float(q * se), float(effect), round_trip(ours, float(diff), se, df)]


def wilcoxon(a, b, alt):
    d = np.array(a) - np.array(b)
    nz = d[d != 0]
    ranks = stats.rankdata(np.abs(nz))
    rp, rm = float(np.sum(ranks[nz > 0])), float(np.sum(ranks[nz < 0]))
    auto = stats.wilcoxon(a, b, alternative=alt)
    approx = stats.wilcoxon(a, b, alternative=alt, method="approx")
    # The exact law conditional on the tied ranks: every sign pattern of the signed midranks (n <= 12 here).
    cond = None
    if 2 <= len(nz) <= 12:  # permutation_test needs two observations
        signed = np.sign(nz) * ranks
        cond = float(stats.permutation_test((signed,), lambda x, axis: np.sum(np.where(x > 0, x, 0), axis=axis), vectorized=True,
                                            n_resamples=np.inf, permutation_type="samples", alternative=alt).pvalue)
    return [float(auto.statistic), float(auto.pvalue), float(approx.statistic), float(approx.pvalue), (rp - rm) / (rp + rm), cond]


def mwu(a, b, alt):
    r = stats.mannwhitneyu(a, b, alternative=alt)
    asym = stats.mannwhitneyu(a, b, alternative=alt, method="asymptotic")
    pooled = np.concatenate([a, b])
    tied = len(np.unique(pooled)) < len(pooled)
    # scipy's exact law (no ties), and the exact law conditional on tied midranks (all splits, at most 5000 here).
    exact = None if tied else float(stats.mannwhitneyu(a, b, alternative=alt, method="exact").pvalue)
    cond = None
    if tied and min(len(a), len(b)) >= 2 and math.comb(len(pooled), len(a)) <= 5000:
        ranks = stats.rankdata(pooled)
        cond = float(stats.permutation_test((ranks[:len(a)], ranks[len(a):]), lambda x, y, axis: np.sum(x, axis=axis), vectorized=True,
                                            n_resamples=np.inf, permutation_type="independent", alternative=alt).pvalue)
    return [float(r.statistic), float(r.pvalue), float(asym.pvalue), exact, cond]


def binom(k, n, p0, alt, level):
    r = stats.binomtest(int(k), int(n), p0, alternative=alt)
    ci = r.proportion_ci(level, method="exact")
    return [float(r.statistic), float(r.pvalue), float(ci.low), float(ci.high)]


def perm(a, b, paired, alt):
    def statistic(x, y, axis):
        return np.mean(x, axis=axis) - np.mean(y, axis=axis)

    r = stats.permutation_test((np.array(a), np.array(b)), statistic, vectorized=True, n_resamples=np.inf,
                               permutation_type="samples" if paired else "independent", alternative=alt)
    return [float(r.statistic), float(r.pvalue)]


def finite_json(x):
    """JSON has no infinities: write them (and NaN) as the strings "Infinity", "-Infinity", "NaN"."""
    if isinstance(x, float) and not math.isfinite(x):
        return "NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity")
    if isinstance(x, list):
        return [finite_json(v) for v in x]
    return x


TESTS = {"ttest_rel": ttest_rel, "ttest_ind": ttest_ind, "wilcoxon": wilcoxon, "mwu": mwu, "binom": binom, "perm": perm}


def main():
    # JSON.stringify writes whole floats as integer literals: read every number as a float.
    cases = json.load(sys.stdin, parse_int=float)
    json.dump({key: [finite_json(TESTS[key](*case)) for case in rows] for key, rows in cases.items()}, sys.stdout)


main()
