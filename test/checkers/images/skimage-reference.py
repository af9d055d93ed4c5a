# PSNR and SSIM reference values from scikit-image for test/checkers/images/metrics.test.ts.
# Run with Debian's Python (apt-get install python3-skimage): /usr/bin/python3 skimage-reference.py > skimage-reference.json
# The image pairs are made here with numpy's seeded generator and stored in the JSON (RGBA, base64), so the
# TypeScript test reads the very pixels skimage measured.
import base64
import json
import sys

import numpy as np
import skimage
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

rng = np.random.RandomState(20261130)


def smooth(h, w):
    y, x = np.mgrid[0:h, 0:w]
    r = 255 * x / (w - 1)
    g = 255 * y / (h - 1)
    b = 127.5 + 100 * np.sin(x / 3.0) * np.cos(y / 4.0)
    return np.stack([r, g, b], axis=-1)


def quantize(img, bits):
    levels = 2 ** bits
    q = np.clip(np.floor(img / 256.0 * levels), 0, levels - 1)
    return (q + 0.5) * 256.0 / levels


def u8(a):
    return np.clip(np.rint(a), 0, 255).astype(np.uint8)


def rgba(rgb, alpha=255):
    h, w, _ = rgb.shape
    out = np.empty((h, w, 4), np.uint8)
    out[..., :3] = rgb
    out[..., 3] = alpha
    return out


def case(name, a, b):
    psnr = peak_signal_noise_ratio(a, b, data_range=255) if not np.array_equal(a, b) else None
    ssim = structural_similarity(a, b, channel_axis=-1, gaussian_weights=True, sigma=1.5,
                                 use_sample_covariance=False, data_range=255)
    h, w, _ = a.shape
    return {
        'name': name, 'width': w, 'height': h,
        'a': base64.b64encode(rgba(a).tobytes()).decode(),
        'b': base64.b64encode(rgba(b, alpha=200).tobytes()).decode(),  # alpha differs: ignored by both
        'psnr': psnr, 'ssim': float(ssim),
    }


cases = []
s = u8(smooth(24, 32))
cases.append(case('smooth vs 4-bit', s, u8(quantize(s.astype(float), 4))))
cases.append(case('smooth vs 2-bit', s, u8(quantize(s.astype(float), 2))))
noise = u8(rng.uniform(0, 256, (17, 23, 3)))
cases.append(case('noise vs noise', noise, u8(rng.uniform(0, 256, (17, 23, 3)))))
cases.append(case('noise vs noise + small noise', noise, u8(noise + rng.normal(0, 6, noise.shape))))
cases.append(case('smallest: 11x11', u8(rng.uniform(0, 256, (11, 11, 3))), u8(rng.uniform(0, 256, (11, 11, 3)))))
flat = np.full((16, 16, 3), 90, np.uint8)
cases.append(case('flat vs flat + 1', flat, flat + 1))
cases.append(case('black vs white', np.zeros((12, 14, 3), np.uint8), np.full((12, 14, 3), 255, np.uint8)))
cases.append(case('identical', s, s.copy()))
json.dump({'skimage': skimage.__version__, 'numpy': np.__version__, 'cases': cases}, sys.stdout, indent=1)
sys.stdout.write('\n')
