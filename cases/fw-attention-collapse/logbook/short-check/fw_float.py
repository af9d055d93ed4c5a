# fw-attention in plain Python floats (float64), as used for the numerical check.
import math

def step(x, t, c):
    g = 2.0 / (t + c)
    dots = [[xi[0] * xj[0] + xi[1] * xj[1] for xj in x] for xi in x]
    j = [row.index(min(row)) for row in dots]  # first index on ties
    return [[(1 - g) * x[i][k] + g * x[j[i]][k] for k in range(2)] for i in range(len(x))]

def origin_in_hull(x):
    # the origin is outside iff all points fit in an open half-plane: some angular gap exceeds pi
    if any(p[0] == 0 and p[1] == 0 for p in x):
        return True
    a = sorted(math.atan2(p[1], p[0]) for p in x)
    gaps = [b - a_ for a_, b in zip(a, a[1:])] + [a[0] + 2 * math.pi - a[-1]]
    return max(gaps) <= math.pi

def first_exit(x, c, horizon):
    if not origin_in_hull(x):
        return 0
    for t in range(1, horizon + 1):
        x = step(x, t, c)
        if not origin_in_hull(x):
            return t
    return None
