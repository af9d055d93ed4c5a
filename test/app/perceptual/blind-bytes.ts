/**
 * What reviewImage sends for an image file, computed the independent way round for tests: decode the file, then
 * blindPng. Scripted reviewers that recognise a condition "by sight" map these bytes to conditions.
 *
 *   const sent = await blindBase64(readFileSync('images/fp/s00.png')); // base64 of the blind PNG
 */
import { decodeImage } from '../../../app/images/decode';
import { blindPng } from '../../../app/perceptual/blind-image';

export async function blindBase64(file: Uint8Array): Promise<string> {
  return Buffer.from(blindPng(await decodeImage(file))).toString('base64');
}
