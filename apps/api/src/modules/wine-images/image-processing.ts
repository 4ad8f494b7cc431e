import { createHash } from 'node:crypto';
import {
  renderValidationMessage,
  sniffImageType,
  WINE_IMAGE_MAX_BYTES,
  WINE_IMAGE_MAX_MB,
  WINE_IMAGE_MAX_SIDE,
  WINE_IMAGE_MIN_SIDE,
  WINE_IMAGE_ORIGINAL_MAX_SIDE,
  WINE_IMAGE_WIDTHS,
  type WineImageVariant,
} from '@winery/domain';
import { fieldError, isApiError } from '../../shared/api-error.js';
import type { StoredWineImage } from './wine-images.repository.js';

/** The field of PUT /v1/staff/wines/{wineId}/image that carries the file. */
const FIELD = 'data';
const refuse = (code: string, values?: Record<string, string | number>) => fieldError(FIELD, code, renderValidationMessage(code, values));

/** WebP at this quality is indistinguishable from the upload at the sizes pages show. */
const WEBP = { quality: 82, effort: 4 } as const;

/** A short, URL-safe hash of the bytes: the picture's etag and the `v` of its address. */
export const etagOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

/**
 * Turns an uploaded file into the widths pages ask for, or refuses it with a field error:
 * - only PNG, JPEG or WebP by its first bytes (a renamed GIF, SVG or text file is refused), and
 *   only a file that really decodes as one;
 * - at most WINE_IMAGE_MAX_BYTES, each side within WINE_IMAGE_MIN_SIDE…WINE_IMAGE_MAX_SIDE (read
 *   from the header before anything is decoded, so a small file that claims a huge picture costs nothing);
 * - turned upright by its EXIF orientation, then re-encoded as WebP in sRGB, so no metadata
 *   (camera, place, time) leaves the winery and no bytes of the upload are served as they came.
 */
export async function processUpload(bytes: Uint8Array): Promise<StoredWineImage[]> {
  // Loaded on the first upload: a platform without sharp's prebuilt binaries still runs the rest.
  const { default: sharp } = await import('sharp');
  if (bytes.byteLength === 0) throw refuse('imageRequired');
  if (bytes.byteLength > WINE_IMAGE_MAX_BYTES) throw refuse('imageTooLarge', { limit: WINE_IMAGE_MAX_MB });
  if (!sniffImageType(bytes)) throw refuse('imageType');

  const options = { limitInputPixels: WINE_IMAGE_MAX_SIDE * WINE_IMAGE_MAX_SIDE, failOn: 'error' as const };
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!['png', 'jpeg', 'webp'].includes(metadata.format ?? '')) throw refuse('imageType');
    // Orientations 5–8 turn the picture a quarter: its upright sides are the other way round.
    const turned = (metadata.orientation ?? 1) >= 5;
    width = turned ? metadata.height : metadata.width;
    height = turned ? metadata.width : metadata.height;
  } catch (error) {
    if (isApiError(error)) throw error;
    throw refuse('imageUnreadable');
  }
  const sides = { min: WINE_IMAGE_MIN_SIDE, max: WINE_IMAGE_MAX_SIDE };
  if (!width || !height || Math.min(width, height) < sides.min || Math.max(width, height) > sides.max) throw refuse('imageDimensions', sides);

  try {
    // Decoded once, upright, in sRGB, at the size of the largest width kept (alpha kept: a bottle
    // cut out on a transparent ground stays so); every width is made from those pixels.
    const originalWidth = Math.round(width * Math.min(1, WINE_IMAGE_ORIGINAL_MAX_SIDE / Math.max(width, height)));
    const pixels = await sharp(bytes, options).rotate().resize({ width: originalWidth }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    const targets: Array<{ variant: WineImageVariant; width: number }> = [
      ...Object.entries(WINE_IMAGE_WIDTHS)
        .filter(([, target]) => target < raw.width)
        .map(([variant, target]) => ({ variant: variant as WineImageVariant, width: target })),
      { variant: 'original', width: raw.width },
    ];
    return await Promise.all(
      targets.map(async (target) => {
        const { data, info } = await sharp(pixels.data, { raw })
          .resize({ width: target.width })
          .webp(WEBP)
          .toBuffer({ resolveWithObject: true });
        const stored = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        return { variant: target.variant, contentType: 'image/webp', width: info.width, height: info.height, data: stored, etag: etagOf(stored) };
      }),
    );
  } catch {
    // Headers that read well over pixels that do not (a truncated file): not a picture we can keep.
    throw refuse('imageUnreadable');
  }
}
