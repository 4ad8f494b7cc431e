import { describe, expect, it } from 'vitest';
import { sniffImageType, WINE_IMAGE_MAX_BASE64_LENGTH, WineImageInputSchema, wineImageSrcset } from './wine-image.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('sniffImageType', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever its name says: GIF, SVG, a WAV (RIFF but not WebP), text, nothing', () => {
    expect(sniffImageType(ascii('GIF89a'))).toBeNull();
    expect(sniffImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(ascii('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffImageType(ascii('\u0089PN'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('WineImageInputSchema', () => {
  const issues = (input: unknown) => WineImageInputSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('takes base64 and an alt text, or an alt text alone', () => {
    expect(WineImageInputSchema.parse({ altText: '  A bottle  ', data: 'iVBORw0KGgo=' })).toEqual({ altText: 'A bottle', data: 'iVBORw0KGgo=' });
    expect(WineImageInputSchema.parse({ altText: 'A bottle' })).toEqual({ altText: 'A bottle' });
  });

  it('says what is wrong with each field', () => {
    expect(issues({ altText: ' ', data: 'not base64!' })).toEqual(['altText: altTextRequired', 'data: imageUnreadable']);
    expect(issues({ altText: 'x'.repeat(201) })).toEqual(['altText: tooLong']);
    expect(issues({ altText: 'A bottle', data: 'A'.repeat(WINE_IMAGE_MAX_BASE64_LENGTH + 4) })[0]).toBe('data: imageTooLarge');
  });
});

describe('wineImageSrcset', () => {
  it('lists every width for the browser to choose from', () => {
    expect(wineImageSrcset({ srcset: [{ url: '/a?v=1', width: 320 }, { url: '/b?v=2', width: 640 }] })).toBe('/a?v=1 320w, /b?v=2 640w');
  });
});
