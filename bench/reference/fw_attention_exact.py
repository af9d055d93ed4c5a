"""Reference for the fw-attention benchmark: the straightforward exact algorithm (no float filter) in CPython.

Same algorithm as the unfiltered JS run (checkers/dynamics/fw-attention.ts with filter false):
integer numerators over ONE shared denominator, step N_i <- (m-2) N_i + 2 N_j*, D <- m D (halved when
m = t + c is even), common factor divided out every K steps, argmin and hull signs from exact integer dot
products and 2x2 determinants. Backend "int" uses Python ints, "gmpy2" uses gmpy2.mpz and gmpy2.gcd.

usage: /usr/bin/python3 fw_attention_exact.py <int|gmpy2> <certificate.json> <horizon> <K>
prints one JSON line: firstExitStep, steps, cpuSeconds (time.process_time around the loop), stateHash.
"""
import json
import sys
import time
from fractions import Fraction
from functools import reduce
import math

HASH_P = (1 << 61) - 1


def main():
    backend, path, horizon, every = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    if backend == "gmpy2":
        import gmpy2
        Z, gcd = gmpy2.mpz, gmpy2.gcd
    else:
        Z, gcd = int, math.gcd
    cert = json.load(open(path))
    c = cert["params"]["c"]
    pts = [[Fraction(str(v)) for v in p] for p in cert["points"]]
    n, d = len(pts), len(pts[0])
    den = reduce(lambda a, b: a * b // math.gcd(a, b), (v.denominator for p in pts for v in p), 1)
    nums = [Z(v.numerator * (den // v.denominator)) for p in pts for v in p]
    den = Z(den)

    def reduce_state(nums, den):
        g = reduce(gcd, nums, den)
        if g > 1:
            return [x // g for x in nums], den // g
        return nums, den

    nums, den = reduce_state(nums, den)

    def gram(nums):
        G = [[None] * n for _ in range(n)]
        for i in range(n):
            for j in range(i, n):
                s = sum(nums[i * d + k] * nums[j * d + k] for k in range(d))
                G[i][j] = G[j][i] = s
        return G

    def inside(nums, G):
        for i in range(n):
            if all(nums[i * d + k] == 0 for k in range(d)):
                return True
        det = {}

        def orient(i, j):
            if (i, j) not in det:
                det[(i, j)] = nums[i * d] * nums[j * d + 1] - nums[i * d + 1] * nums[j * d]
            return det[(i, j)]

        for k in range(n):
            ok = True
            for i in range(n):
                if i == k:
                    continue
                o = orient(k, i)
                if o < 0 or (o == 0 and G[k][i] <= 0):
                    ok = False
                    break
            if ok:
                return False
        return True

    start = time.process_time()
    G = gram(nums)
    exit_step = None if inside(nums, G) else 0
    t = 0
    while exit_step is None and t < horizon:
        jstar = []
        for i in range(n):
            best = 0
            for j in range(1, n):
                if G[i][j] < G[i][best]:
                    best = j
            jstar.append(best)
        t += 1
        m = t + c
        if m % 2 == 0:
            m //= 2
            keep, move = Z(m - 1), 1
        else:
            keep, move = Z(m - 2), 2
        new = [None] * (n * d)
        for i in range(n):
            j = jstar[i]
            for k in range(d):
                b = nums[j * d + k]
                new[i * d + k] = keep * nums[i * d + k] + (b if move == 1 else 2 * b)
        nums, den = new, den * m
        if every > 0 and t % every == 0:
            nums, den = reduce_state(nums, den)
        G = gram(nums)
        if not inside(nums, G):
            exit_step = t
    cpu = time.process_time() - start
    nums, den = reduce_state(nums, den)
    h = 0
    for v in [den] + nums:
        h = (h * 1000003 + int(v) % HASH_P) % HASH_P
    print(json.dumps({"backend": backend, "firstExitStep": exit_step, "steps": t, "cpuSeconds": cpu, "stateHash": str(h)}))


if __name__ == "__main__":
    main()
