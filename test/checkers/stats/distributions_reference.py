"""Reference values for checkers/stats/student-t.ts and incomplete-beta-gamma.ts, from scipy (Debian's 1.10).

Reads {"t": [[t, dof], ...], "tq": [[p, dof], ...], "ours": [our t quantile of each tq case, null if infinite], "chi2": [[x, k], ...], "f": [[f, d1, d2], ...],
"norm": [z, ...], "beta": [[a, b, x], ...], "gamma": [[a, x], ...]} on stdin and prints the same keys with
scipy's values: t.cdf and t.sf, t.ppf and t.sf at our quantile (the round trip), chi2.sf, 2 * norm.sf(|z|), betainc, gammaincc; the F tail from mpmath
at 40 digits (scipy's f.sf forms 1 - w inside incbet and loses up to 1e-10 relative when d2 f is small).
Run: /usr/bin/python3 test/checkers/stats/distributions_reference.py < cases.json
"""
import json
import sys

import mpmath
from scipy import special, stats

mpmath.mp.dps = 25


def main():
    # JSON.stringify writes 1e21 as an integer literal: read every number as a float.
    c = json.load(sys.stdin, parse_int=float)
    out = {
        "t": [[float(stats.t.cdf(t, d)), float(stats.t.sf(t, d))] for t, d in c["t"]],
        "tq": [[float(stats.t.ppf(p, d)), float(stats.t.sf(abs(t), d)) if t is not None else None] for (p, d), t in zip(c["tq"], c["ours"])],
        "chi2": [float(stats.chi2.sf(x, k)) for x, k in c["chi2"]],
        "f": [float(mpmath.betainc(mpmath.mpf(b) / 2, mpmath.mpf(a) / 2, 0, mpmath.mpf(b) / (b + a * mpmath.mpf(f)), regularized=True)) for f, a, b in c["f"]],
        "norm": [float(2 * stats.norm.sf(abs(z))) for z in c["norm"]],
        "beta": [float(special.betainc(a, b, x)) for a, b, x in c["beta"]],
        "gamma": [float(special.gammaincc(a, x)) for a, x in c["gamma"]],
    }
    json.dump(out, sys.stdout)


main()
