# PSNR of each quantized image against the full-precision one, per bit width (the paper's metric).
import csv
from collections import defaultdict

import numpy as np
from PIL import Image
from skimage.metrics import peak_signal_noise_ratio

psnr = defaultdict(list)
with open("../images/pairs.csv", newline="") as f:
    for row in csv.DictReader(f):
        a = np.asarray(Image.open("../" + row["image_a"]).convert("RGB"))
        b = np.asarray(Image.open("../" + row["image_b"]).convert("RGB"))
        psnr[row["condition_b"]].append(peak_signal_noise_ratio(a, b, data_range=255))

print("condition   pairs  mean PSNR  min PSNR")
for cond, values in psnr.items():
    print(f"{cond:<10} {len(values):>6} {np.mean(values):>9.2f} {np.min(values):>9.2f}")
print("paper's no-collapse threshold: 18 dB ->", "all above" if all(min(v) > 18 for v in psnr.values()) else "some below")
