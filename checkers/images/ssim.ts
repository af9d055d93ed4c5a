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
 * (test/checkers/images). Images must be at least 11x11. Cost: streamed over rows, O(width) memory and no
 * copy of the image (a 64-megapixel pair once took 9.5 GB as float planes).
 *
 *   ssim(a, a) // 1
 */
import { DimensionError, DomainError } from '../errors';
import { checkSameSize, type Plane, type RgbaImage } from './raster';

export interface SsimOptions {
  /** Peak value L (255 for 8-bit images). */
  dataRange?: number;
  /** Gaussian window's standard deviation, in pixels. */
  sigma?: number;
  k1?: number;
  k2?: number;
}

/**
 * Mean SSIM of two images over R, G and B (the mean of the three channels' mean SSIM), read straight from the
 * RGBA rasters: no float plane of the image is ever made (see ssimChannel for the memory it takes).
 */
export function ssim(a: RgbaImage, b: RgbaImage, options: SsimOptions = {}): number {
  checkSameSize(a, b);
  const channel = (c: number): number =>
    ssimChannel({ data: a.data, stride: 4, offset: c }, { data: b.data, stride: 4, offset: c }, a.width, a.height, options);
  return (channel(0) + channel(1) + channel(2)) / 3;
}

/** Mean SSIM of two single-channel planes of the same size. */
export function ssimPlane(x: Plane, y: Plane, options: SsimOptions = {}): number {
  if (x.width !== y.width || x.height !== y.height) {
    throw new DimensionError(`planes of ${x.width}x${x.height} and ${y.width}x${y.height}`, 'two planes of the same size');
  }
  return ssimChannel({ data: x.data, stride: 1, offset: 0 }, { data: y.data, stride: 1, offset: 0 }, x.width, x.height, options);
}

/** One channel of a raster: the value of pixel i is `data[i * stride + offset]`. */
interface Channel {
  readonly data: ArrayLike<number>;
  readonly stride: number;
  readonly offset: number;
}

/** Maps filtered per position: mean x, mean y, mean x^2, mean y^2, mean xy. */
const MAPS = 5;

/**
 * Mean SSIM of one channel, streamed over rows: each input row is filtered horizontally into a ring of the
 * last `taps` rows (5 maps), and each output row is filtered vertically from that ring as soon as it is full.
 * Memory: 5 x (taps + 2) rows of float64 (4.3 MB for rows of 8192 pixels, sigma 1.5), whatever the height.
 * The sums run in the same order as a whole-plane separable filter (rows, then columns, taps in order;
 * positions in row-major order), so the result is the same float64 value bit for bit.
 */
function ssimChannel(xc: Channel, yc: Channel, width: number, height: number, options: SsimOptions): number {
  const L = options.dataRange ?? 255;
  const sigma = options.sigma ?? 1.5;
  const c1 = ((options.k1 ?? 0.01) * L) ** 2;
  const c2 = ((options.k2 ?? 0.03) * L) ** 2;
  if (!(L > 0) || !(sigma > 0)) throw new DomainError('ssim', `data range and sigma must be positive, got ${L} and ${sigma}`);
  const w = gaussianWindow(sigma);
  const taps = w.length;
  const r = (taps - 1) / 2;
  if (width < taps || height < taps) {
    throw new DimensionError(`an image of ${width}x${height}`, `at least ${taps}x${taps} for the SSIM window`);
  }
  const ow = width - 2 * r;
  const oh = height - 2 * r;
  // ring[(row % taps) * MAPS + m] holds map m of an input row filtered horizontally (ow values).
  const ring = Array.from({ length: taps * MAPS }, () => new Float64Array(ow));
  // One input row of each image as float64 (and its squares and product): O(width), reused for every row.
  const rx = new Float64Array(width);
  const ry = new Float64Array(width);
  const rxx = new Float64Array(width);
  const ryy = new Float64Array(width);
  const rxy = new Float64Array(width);
  const sources = [rx, ry, rxx, ryy, rxy];
  // The output row's five means, accumulated tap by tap (the same order as a sum over taps per position).
  const means = Array.from({ length: MAPS }, () => new Float64Array(ow));
  const { data: xd, stride: xs, offset: xo } = xc;
  const { data: yd, stride: ys, offset: yo } = yc;
  let total = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let i = 0; i < width; i += 1) {
      const u = xd[(row + i) * xs + xo] as number;
      const v = yd[(row + i) * ys + yo] as number;
      rx[i] = u;
      ry[i] = v;
      rxx[i] = u * u;
      ryy[i] = v * v;
      rxy[i] = u * v;
    }
    const slot = (y % taps) * MAPS;
    for (let m = 0; m < MAPS; m += 1) horizontal(sources[m] as Float64Array, ring[slot + m] as Float64Array, w);
    if (y < taps - 1) continue;
    const top = y - (taps - 1); // the output row whose window spans input rows top .. y
    for (let m = 0; m < MAPS; m += 1) {
      const acc = means[m] as Float64Array;
      acc.fill(0);
      for (let k = 0; k < taps; k += 1) {
        const wk = w[k] as number;
        const src = ring[((top + k) % taps) * MAPS + m] as Float64Array;
        for (let x = 0; x < ow; x += 1) acc[x] = (acc[x] as number) + wk * (src[x] as number);
      }
    }
    const [mx, my, mxx, myy, mxy] = means as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    for (let x = 0; x < ow; x += 1) {
      const ux = mx[x] as number;
      const uy = my[x] as number;
      const vx = (mxx[x] as number) - ux * ux;
      const vy = (myy[x] as number) - uy * uy;
      const vxy = (mxy[x] as number) - ux * uy;
      total += ((2 * ux * uy + c1) * (2 * vxy + c2)) / ((ux * ux + uy * uy + c1) * (vx + vy + c2));
    }
  }
  return total / (ow * oh);
}

/** `out[x] = sum_k w[k] src[x + k]` for the positions where the window fits, taps summed in order. */
function horizontal(src: Float64Array, out: Float64Array, w: Float64Array): void {
  const n = out.length;
  for (let x = 0; x < n; x += 1) {
    let s = 0;
    for (let k = 0; k < w.length; k += 1) s += (w[k] as number) * (src[x + k] as number);
    out[x] = s;
  }
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
