# Independent reference for checkers/random/xoshiro128.ts (Python integers, masked to 32 bits).
# Run: /usr/bin/python3 test/checkers/random/xoshiro128_reference.py  -> the numbers pinned in xoshiro128.test.ts
M = 0xFFFFFFFF
def splitmix32(state):
    nxt = (state + 0x9E3779B9) & M
    z = nxt
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & M
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & M
    z ^= z >> 16
    return nxt, z
def rotl(x, k):
    return ((x << k) | (x >> (32 - k))) & M
class Xoshiro128:
    def __init__(self, seed):
        st = seed; self.s = []
        for _ in range(4):
            st, v = splitmix32(st); self.s.append(v)
    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & M, 7) * 9) & M
        t = (s[1] << 9) & M
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 11)
        return result
def split_seed(seed, index):
    _, s = splitmix32(seed)
    _, s = splitmix32(s ^ ((index * 0x9E3779B1) & M))
    _, s = splitmix32(s)
    return s
for seed in (0, 1, 42, 0xFFFFFFFF):
    g = Xoshiro128(seed)
    print(seed, [g.next() for _ in range(5)])
print('split', [split_seed(42, i) for i in range(4)], split_seed(0xFFFFFFFF, 123456))
