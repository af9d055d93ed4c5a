#!/usr/bin/python3
"""Reference for bench/precise: KL(p || q) = sum p_i ln(p_i / q_i) in mpmath with its GMP backend (gmpy2).

Reads one JSON document on stdin: {"digits": 200, "repeats": 5, "check_digits": 260 (optional),
"p": ["0.0123...", ...], "q": [...]} (decimal strings). Parses the strings and sums inside the timed region,
exactly as the TypeScript side does, and times itself in CPU time (time.process_time, which other processes' load does not inflate). Prints one JSON document:
{"value": "<digits significant digits>", "seconds": [per-repeat times], "median": s,
"check_value": "<check_digits digits, computed once outside the timing>" (when asked),
"backend": "gmpy"|"python", "mpmath": "<version>"}.
Run with /usr/bin/python3 (Debian's python3-mpmath and python3-gmpy2).
"""
import json
import sys
import time

import mpmath
from mpmath import mp, mpf, log


def kl(p_text, q_text):
    total = mpf(0)
    for a, b in zip(p_text, q_text):
        x = mpf(a)
        if x == 0:
            continue
        total += x * log(x / mpf(b))
    return total


def main():
    job = json.load(sys.stdin)
    mp.dps = int(job["digits"])
    p, q = job["p"], job["q"]
    times = []
    value = None
    for _ in range(int(job.get("repeats", 5))):
        start = time.process_time()
        value = kl(p, q)
        times.append(time.process_time() - start)
    ordered = sorted(times)
    result = {
        "value": mpmath.nstr(value, mp.dps, strip_zeros=False),
        "seconds": times,
        "median": ordered[len(ordered) // 2],
        "backend": mpmath.libmp.BACKEND,
        "mpmath": mpmath.__version__,
    }
    if "check_digits" in job:
        with mp.workdps(int(job["check_digits"])):
            result["check_value"] = mpmath.nstr(kl(p, q), mp.dps, strip_zeros=False)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
