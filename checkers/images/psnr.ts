/**
 * Peak signal-to-noise ratio between two 8-bit images, over their R, G and B values (alpha ignored):
 * PSNR = 10 log10(MAX^2 / MSE), MAX = dataRange (255 for 8-bit), MSE the mean of squared differences over
 * every pixel and channel. The same definition as skimage's `peak_signal_noise_ratio(a, b, data_range=255)`
 * on RGB arrays.
 *
 * Guarantee: the sum of squared differences is exact (integers far below 2^53); the PSNR is then one float
 * division and log10 (relative error under 1e-14). Identical images give `Infinity`.
 *
 *   psnr(a, b) // 28.13...
 */
import { DomainError } from '../errors';
import { checkSameSize, type RgbaImage } from './raster';

export interface PsnrResult {
  /** Decibels; Infinity for identical images. */
  psnr: number;
  /** Mean squared error over the RGB values. */
  mse: number;
}

/** PSNR and MSE over RGB; `dataRange` is the peak value (255 for 8-bit images). */
export function psnr(a: RgbaImage, b: RgbaImage, dataRange = 255): PsnrResult {
  checkSameSize(a, b);
  if (!(dataRange > 0)) throw new DomainError('psnr', `data range must be positive, got ${dataRange}`);
  const n = a.width * a.height;
  let sum = 0;
  for (let i = 0; i < n; i += 1) {
    for (let c = 0; c < 3; c += 1) {
      const d = (a.data[4 * i + c] as number) - (b.data[4 * i + c] as number);
      sum += d * d;
    }
  }
  const mse = sum / (3 * n);
  return { psnr: mse === 0 ? Infinity : 10 * Math.log10((dataRange * dataRange) / mse), mse };
}
