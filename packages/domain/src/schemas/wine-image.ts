import { z } from 'zod';
import { requiredText } from './fields.js';
import { TenantSlugSchema } from './params.js';
import { textInput } from './primitives.js';

/*
 * A wine's picture (issue 15, item 13): one per wine, uploaded by staff, shown on the allocation
 * page and the vintage notes. The API keeps each upload as WebP in a few widths; pages read the
 * descriptor below and let the browser pick a width (`srcset`).
 */

/** What staff may upload: decoded and checked by the API, never trusted by its name or type. */
export const WINE_IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type WineImageUploadType = (typeof WINE_IMAGE_UPLOAD_TYPES)[number];

/** Largest file accepted, in bytes (5 MB). */
export const WINE_IMAGE_MAX_MB = 5;
export const WINE_IMAGE_MAX_BYTES = WINE_IMAGE_MAX_MB * 1024 * 1024;
/** Each side of an upload, in pixels: big enough to be sharp on a phone, small enough to decode safely. */
export const WINE_IMAGE_MIN_SIDE = 160;
export const WINE_IMAGE_MAX_SIDE = 8_000;
export const WINE_IMAGE_ALT_MAX_LENGTH = 200;

/**
 * The widths kept of each upload: resized copies (never wider than the upload) and the upload
 * itself with its longer side capped (`original`).
 */
export const WINE_IMAGE_WIDTHS = { w320: 320, w640: 640 } as const;
export const WINE_IMAGE_ORIGINAL_MAX_SIDE = 2_000;
export const WINE_IMAGE_VARIANTS = ['w320', 'w640', 'original'] as const;
export type WineImageVariant = (typeof WINE_IMAGE_VARIANTS)[number];

/** Base64 characters of a file of WINE_IMAGE_MAX_BYTES, so the schema can refuse more before decoding. */
export const WINE_IMAGE_MAX_BASE64_LENGTH = Math.ceil(WINE_IMAGE_MAX_BYTES / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One width of a picture, for `srcset`. */
export const WineImageSourceSchema = z.object({ url: z.string(), width: z.number().int() });
export type WineImageSource = z.infer<typeof WineImageSourceSchema>;

/**
 * A wine's picture as pages show it: `url` is the largest kept, `srcset` every width (narrowest
 * first), `width`/`height` the largest's pixels (so the page reserves its space), `alt` the text
 * staff wrote. Every URL carries the picture's hash, so it can be cached for good.
 */
export const WineImageSchema = z.object({
  url: z.string(),
  srcset: z.array(WineImageSourceSchema),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type WineImage = z.infer<typeof WineImageSchema>;

/**
 * `PUT /v1/staff/wines/{wineId}/image`: the file as base64 (`data`) and its alt text. Without
 * `data`, only the alt text of the picture already there changes.
 */
export const WineImageInputSchema = z.object({
  altText: requiredText('altTextRequired', WINE_IMAGE_ALT_MAX_LENGTH),
  data: textInput({ trim: false, error: 'imageUnreadable' })
    .refine((value) => value.length <= WINE_IMAGE_MAX_BASE64_LENGTH, { error: 'imageTooLarge', params: { limit: WINE_IMAGE_MAX_MB } })
    .regex(BASE64, { error: 'imageUnreadable' })
    .optional(),
});
export type WineImageInput = z.infer<typeof WineImageInputSchema>;

/** `GET /v1/{tenant}/wines/{wineId}/image/{variant}?v={hash}`. */
export const WineImageParamsSchema = z.object({
  tenant: TenantSlugSchema,
  wineId: z.uuid({ error: 'invalidId' }),
  variant: z.enum(WINE_IMAGE_VARIANTS, { error: 'invalidType' }),
});
export const WineImageQuerySchema = z.object({
  v: textInput().max(64, { error: 'tooLong' }).optional(),
});

/**
 * What a file is by its first bytes (its "magic number"), whatever its name or declared type
 * says: PNG, JPEG or WebP, or null for anything else (GIF, SVG, PDF, a renamed text file).
 */
export function sniffImageType(bytes: Uint8Array): WineImageUploadType | null {
  const starts = (signature: readonly number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The `srcset` attribute of a picture: "url 320w, url 640w, …". */
export const wineImageSrcset = (image: Pick<WineImage, 'srcset'>): string =>
  image.srcset.map((source) => `${source.url} ${source.width}w`).join(', ');
