# Perplexity of each model on the released evaluation table eval/positions.csv
# (one row per label position: model, seq, pos, token, nll in nats).
import csv, math
from collections import defaultdict

total = defaultdict(float)
count = defaultdict(int)
with open("eval/positions.csv") as f:
    for row in csv.DictReader(f):
        total[row["model"]] += float(row["nll"])
        count[row["model"]] += 1

ppl = {m: math.exp(total[m] / count[m]) for m in total}
for m in ppl:
    print(f"{m}: perplexity {ppl[m]:.2f} over {count[m]} positions")
print(f"student cost vs teacher: {100 * (ppl['student'] / ppl['teacher'] - 1):.1f}%")
