/**
 * Structural similarity (Wang, Bovik, Sheikh and Simoncelli, "Image quality assessment: from error
 * visibility to structural similarity", IEEE TIP 13(4), 2004), as skimage computes it with
 * `structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
 * data_range=255)`:
 *
 *   SSIM(x, y) = (2 mu_x mu_y + C1)(2 sigma_xy + C2) / ((mu_x^2 + mu_y^2 + C1)(sigma_x^2 + sigma_y^2 + C2))
 *
 * with local means, variances and covariance weighted by a Gaussian window (sigma 1.5, truncated at 3.5
 * sigma: 11x11), C1 = (K1 L)^2, C2 = (K2 L)^2, K1 = 0.01, K2 = 0.03, L the data range. The mean is taken
 * over the positions where the whole window fits inside the image (skimage crops the 5-pixel border).
 * For colour images, the mean of the R, G and B channels' SSIM (skimage's `channel_axis=-1`).
 *
 * Guarantee: approximate; float64 throughout, agreeing with skimage 0.19 within 1e-9 on the test images
 * (test/checkers/images). Images must be at least 11x11.
 *
 *   ssim(a, a) // 1
 */
import { DimensionError, DomainError } from '../errors';
import { checkSameSize, rgbPlanes, type Plane, type RgbaImage } from './raster';

export interface SsimOptions {
  /** Peak value L (255 for 8-bit images). */
  dataRange?: number;
  /** Gaussian window's standard deviation, in pixels. */
  sigma?: number;
  k1?: number;
  k2?: number;
}

/** Mean SSIM of two images over R, G and B (the mean of the three channels' mean SSIM). */
export function ssim(a: RgbaImage, b: RgbaImage, options: SsimOptions = {}): number {
  checkSameSize(a, b);
  const pa = rgbPlanes(a);
  const pb = rgbPlanes(b);
  return (ssimPlane(pa[0], pb[0], options) + ssimPlane(pa[1], pb[1], options) + ssimPlane(pa[2], pb[2], options)) / 3;
}

/** Mean SSIM of two single-channel planes of the same size. */
export function ssimPlane(x: Plane, y: Plane, options: SsimOptions = {}): number {
  const L = options.dataRange ?? 255;
  const sigma = options.sigma ?? 1.5;
  const c1 = ((options.k1 ?? 0.01) * L) ** 2;
  const c2 = ((options.k2 ?? 0.03) * L) ** 2;
  if (!(L > 0) || !(sigma > 0)) throw new DomainError('ssim', `data range and sigma must be positive, got ${L} and ${sigma}`);
  if (x.width !== y.width || x.height !== y.height) {
    throw new DimensionError(`planes of ${x.width}x${x.height} and ${y.width}x${y.height}`, 'two planes of the same size');
  }
  const w = gaussianWindow(sigma);
  const r = (w.length - 1) / 2;
  if (x.width < w.length || x.height < w.length) {
    throw new DimensionError(`an image of ${x.width}x${x.height}`, `at least ${w.length}x${w.length} for the SSIM window`);
  }
  const n = x.data.length;
  const xx = new Float64Array(n);
  const yy = new Float64Array(n);
  const xy = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const u = x.data[i] as number;
    const v = y.data[i] as number;
    xx[i] = u * u;
    yy[i] = v * v;
    xy[i] = u * v;
  }
  const mx = filterValid(x.data, x.width, x.height, w);
  const my = filterValid(y.data, x.width, x.height, w);
  const mxx = filterValid(xx, x.width, x.height, w);
  const myy = filterValid(yy, x.width, x.height, w);
  const mxy = filterValid(xy, x.width, x.height, w);
  const count = (x.width - 2 * r) * (x.height - 2 * r);
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    const ux = mx[i] as number;
    const uy = my[i] as number;
    const vx = (mxx[i] as number) - ux * ux;
    const vy = (myy[i] as number) - uy * uy;
    const vxy = (mxy[i] as number) - ux * uy;
    total += ((2 * ux * uy + c1) * (2 * vxy + c2)) / ((ux * ux + uy * uy + c1) * (vx + vy + c2));
  }
  return total / count;
}

/**
 * The normalised 1-D Gaussian scipy's `gaussian_filter` uses: radius round-down(3.5 sigma + 0.5), weights
 * exp(-t^2 / (2 sigma^2)) divided by their sum. sigma 1.5 gives 11 taps.
 */
export function gaussianWindow(sigma: number): Float64Array {
  const radius = Math.floor(3.5 * sigma + 0.5);
  const w = new Float64Array(2 * radius + 1);
  let sum = 0;
  for (let t = -radius; t <= radius; t += 1) {
    const v = Math.exp((-0.5 * t * t) / (sigma * sigma));
    w[t + radius] = v;
    sum += v;
  }
  for (let i = 0; i < w.length; i += 1) w[i] = (w[i] as number) / sum;
  return w;
}

/**
 * Separable filtering with window `w` along rows then columns, keeping only the positions where the window
 * lies inside the image: (width - 2r) x (height - 2r) values, row-major.
 */
function filterValid(data: ArrayLike<number>, width: number, height: number, w: Float64Array): Float64Array {
  const r = (w.length - 1) / 2;
  const ow = width - 2 * r;
  const oh = height - 2 * r;
  const rows = new Float64Array(ow * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < ow; x += 1) {
      let s = 0;
      for (let k = 0; k < w.length; k += 1) s += (w[k] as number) * (data[y * width + x + k] as number);
      rows[y * ow + x] = s;
    }
  }
  const out = new Float64Array(ow * oh);
  for (let y = 0; y < oh; y += 1) {
    for (let x = 0; x < ow; x += 1) {
      let s = 0;
      for (let k = 0; k < w.length; k += 1) s += (w[k] as number) * (rows[(y + k) * ow + x] as number);
      out[y * ow + x] = s;
    }
  }
  return out;
}
