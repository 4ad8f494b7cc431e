import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, wineImages } from '../../db/schema/index.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/*
 * Issue 15, item 13: a wine's picture. Staff upload PNG, JPEG or WebP (checked by its bytes, at
 * most 5 MB); pages get WebP in a few widths at addresses that carry the picture's hash.
 */

let t: TestApp;
let manager: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
  viewer = await t.signInStaff((await t.createStaffUser({ role: 'viewer' })).email);
});
afterAll(async () => t?.close());

/** A bottle-shaped test picture: a dark bottle on a transparent ground, `width` × `height`. */
async function bottlePng(width = 800, height = 1600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${width * 0.3}" y="${height * 0.3}" width="${width * 0.4}" height="${height * 0.65}" rx="${width * 0.05}" fill="#1d2219"/>
    <rect x="${width * 0.44}" y="${height * 0.05}" width="${width * 0.12}" height="${height * 0.3}" fill="#5b1a28"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const imageUrl = (wineId: string) => `/v1/staff/wines/${wineId}/image`;
const put = (wineId: string, payload: Record<string, unknown>, token = manager, tenant = TEST_TENANT) =>
  t.app.inject({ method: 'PUT', url: imageUrl(wineId), headers: { tenant, authorization: token }, payload });
const remove = (wineId: string, token = manager) =>
  t.app.inject({ method: 'DELETE', url: imageUrl(wineId), headers: { tenant: TEST_TENANT, authorization: token } });
const upload = async (wineId: string, bytes: Buffer, altText = 'A bottle of Melbury 2022') => put(wineId, { altText, data: bytes.toString('base64') });
const entriesFor = async (wineId: string) =>
  t.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, TEST_TENANT), eq(auditLog.entityId, wineId)))
    .orderBy(desc(auditLog.createdAt));

describe('PUT /v1/staff/wines/{wineId}/image', () => {
  it('keeps a PNG as WebP in three widths, served with long caching at the addresses it answers', async () => {
    const wine = await t.createWine({ name: 'Melbury', vintage: 2022 });
    const response = await upload(wine.id, await bottlePng());
    expect(response.statusCode).toBe(200);
    const image = response.json();
    expect(image).toMatchObject({ width: 800, height: 1600, alt: 'A bottle of Melbury 2022' });
    expect(image.srcset.map((source: { width: number }) => source.width)).toEqual([320, 640, 800]);
    expect(image.url).toBe(image.srcset[2].url);
    expect(image.url).toMatch(new RegExp(`^/v1/${TEST_TENANT}/wines/${wine.id}/image/original\\?v=[\\w-]{22}$`));

    for (const source of image.srcset as Array<{ url: string; width: number }>) {
      const served = await t.app.inject({ method: 'GET', url: source.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toBe(`"${new URL(source.url, 'http://x').searchParams.get('v')}"`);
      const decoded = await sharp(served.rawPayload).metadata();
      expect({ format: decoded.format, width: decoded.width, alpha: decoded.hasAlpha }).toEqual({ format: 'webp', width: source.width, alpha: true });
    }

    // Without its hash (or with an old one) the address is revalidated, and an unchanged picture is 304.
    const bare = image.url.replace(/\?v=.*$/, '');
    const revalidated = await t.app.inject({ method: 'GET', url: bare });
    expect(revalidated.headers['cache-control']).toBe('public, no-cache');
    const unchanged = await t.app.inject({ method: 'GET', url: bare, headers: { 'if-none-match': revalidated.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('shows the picture in the staff wine and in the offering a member reads', async () => {
    const wine = await t.createWine({ name: 'Pluribus', vintage: 2022 });
    const image = (await upload(wine.id, await bottlePng(400, 1000), 'Pluribus 2022, its gold capsule')).json();
    expect(image.srcset.map((source: { width: number }) => source.width)).toEqual([320, 400]);

    const staffWine = await t.app.inject({ method: 'GET', url: `/v1/staff/wines/${wine.id}`, headers: { tenant: TEST_TENANT, authorization: manager } });
    expect(staffWine.json().image).toEqual(image);

    const offering = await t.createOffering();
    const offered = await t.createOfferingWine({ offeringId: offering.id, wineId: wine.id });
    const plain = await t.createOfferingWine({ offeringId: offering.id, sortOrder: 1 });
    const customer = await t.createCustomer();
    const allocation = await t.createAllocation({ offeringId: offering.id, customerId: customer.id });
    await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: offered.id, maximum: 6 });
    await t.createAllocationLine({ allocationId: allocation.id, offeringWineId: plain.id, maximum: 6 });
    const view = await t.app.inject({
      method: 'GET',
      url: `/v1/${TEST_TENANT}/customer/${customer.id}/allocation/${allocation.id}/offering`,
      headers: { tenant: TEST_TENANT, authorization: await t.signIn(customer.email) },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().wines.map((w: { image: unknown }) => w.image)).toEqual([image, null]);
  });

  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    const wine = await t.createWine();
    // 300 × 200 as stored, "rotate 90°" in EXIF: a 200 × 300 picture, with a camera and a copyright.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7a2230' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Vineyard Camera', Copyright: 'Somebody' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const image = (await upload(wine.id, jpeg)).json();
    expect({ width: image.width, height: image.height }).toEqual({ width: 200, height: 300 });
    const kept = await sharp((await t.app.inject({ method: 'GET', url: image.url })).rawPayload).metadata();
    expect({ width: kept.width, height: kept.height, exif: kept.exif, icc: kept.icc, orientation: kept.orientation }).toEqual({
      width: 200,
      height: 300,
      exif: undefined,
      icc: undefined,
      orientation: undefined,
    });
  });

  it('refuses what is not a PNG, JPEG or WebP picture of a sensible size, by the field', async () => {
    const wine = await t.createWine();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const png = await bottlePng();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['a GIF', { altText: 'x', data: gif.toString('base64') }, 'imageType', 'Please choose a PNG, JPEG or WebP picture'],
      ['an SVG', { altText: 'x', data: svg.toString('base64') }, 'imageType', 'Please choose a PNG, JPEG or WebP picture'],
      ['text named .png', { altText: 'x', data: Buffer.from('just words').toString('base64') }, 'imageType', 'Please choose a PNG, JPEG or WebP picture'],
      ['a cut-off PNG', { altText: 'x', data: png.subarray(0, 200).toString('base64') }, 'imageUnreadable', 'This file could not be read as a picture. Please choose another'],
      ['no base64', { altText: 'x', data: 'not base64!' }, 'imageUnreadable', 'This file could not be read as a picture. Please choose another'],
      ['a tiny picture', { altText: 'x', data: (await bottlePng(60, 120)).toString('base64') }, 'imageDimensions', 'The picture must be between 160 and 8000 pixels on each side'],
      ['an empty file', { altText: 'x', data: '' }, 'imageRequired', 'Please choose a picture to upload'],
      ['over 5 MB', { altText: 'x', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64') }, 'imageTooLarge', 'The picture is larger than 5 MB. Please choose a smaller file'],
      ['no alt text', { altText: '  ', data: png.toString('base64') }, 'altTextRequired', 'Please describe the picture for people who cannot see it'],
    ];
    for (const [what, payload, code, message] of cases) {
      const response = await put(wine.id, payload);
      expect({ what, status: response.statusCode, errors: response.json().errors }).toEqual({
        what,
        status: 400,
        errors: [{ field: code === 'altTextRequired' ? 'altText' : 'data', code, message }],
      });
    }
    expect(await t.db.select().from(wineImages).where(eq(wineImages.wineId, wine.id))).toEqual([]);
    expect(await entriesFor(wine.id)).toEqual([]);
  });

  it('refuses a body too large to be any picture with 413, in the error shape', async () => {
    const wine = await t.createWine();
    const response = await put(wine.id, { altText: 'x', data: 'A'.repeat(9 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, type: 'validationError', message: 'The request body is too large' });
  });

  it('changes only the alt text without a file, and asks for a file when there is no picture yet', async () => {
    const wine = await t.createWine();
    const none = await put(wine.id, { altText: 'Nothing to describe' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: 'data', code: 'imageRequired', message: 'Please choose a picture to upload' }]);

    const first = (await upload(wine.id, await bottlePng(), 'A bottle')).json();
    const described = await put(wine.id, { altText: 'A bottle of Quella 2022 on the terrace wall' });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({ ...first, alt: 'A bottle of Quella 2022 on the terrace wall' });
    const [entry] = await entriesFor(wine.id);
    expect(entry).toMatchObject({ action: 'wine.image.describe', before: { alt: 'A bottle' }, after: { alt: 'A bottle of Quella 2022 on the terrace wall' } });
  });

  it('lets a viewer change nothing (403), and records who replaced and removed what', async () => {
    const wine = await t.createWine();
    const png = (await bottlePng()).toString('base64');
    const refused = await put(wine.id, { altText: 'Viewer’s bottle', data: png }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_MESSAGES.staffRoleTooLow('manager'));
    expect((await remove(wine.id, viewer)).statusCode).toBe(403);
    expect(await t.db.select().from(wineImages).where(eq(wineImages.wineId, wine.id))).toEqual([]);

    const first = (await put(wine.id, { altText: 'First', data: png })).json();
    const second = (await upload(wine.id, await bottlePng(640, 1280), 'Second')).json();
    expect(second.url).not.toBe(first.url);
    // The old address no longer answers with the new picture for good: it is revalidated.
    expect((await t.app.inject({ method: 'GET', url: first.url })).headers['cache-control']).toBe('public, no-cache');
    // The new picture has no 800 px width: the old one's is gone with it.
    expect((await t.db.select({ variant: wineImages.variant }).from(wineImages).where(eq(wineImages.wineId, wine.id))).map((row) => row.variant).sort()).toEqual([
      'original',
      'w320',
    ]);

    const removed = await remove(wine.id);
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
    const staffWine = await t.app.inject({ method: 'GET', url: `/v1/staff/wines/${wine.id}`, headers: { tenant: TEST_TENANT, authorization: manager } });
    expect(staffWine.json().image).toBeNull();
    // Removing again is answered the same and records nothing more.
    expect((await remove(wine.id)).statusCode).toBe(204);

    const entries = await entriesFor(wine.id);
    expect(entries.map((entry) => entry.action)).toEqual(['wine.image.remove', 'wine.image.replace', 'wine.image.replace']);
    expect(entries[0]).toMatchObject({ before: { url: second.url, alt: 'Second' }, after: null });
    expect(entries[1]).toMatchObject({ before: { url: first.url }, after: { url: second.url } });
    expect(entries[2]).toMatchObject({ before: null, after: { url: first.url, alt: 'First' } });
    expect(JSON.stringify(entries)).not.toContain(png.slice(0, 40));
  });

  it('keeps each tenant to its own wines: another tenant can neither see nor replace them', async () => {
    const wine = await t.createWine();
    const image = (await upload(wine.id, await bottlePng())).json();
    const other = await t.createTenant();
    const otherStaff = await t.signInStaff((await t.createStaffUser({ tenantId: other, role: 'admin' })).email, undefined, other);

    const replaced = await put(wine.id, { altText: 'Not yours', data: (await bottlePng(400, 800)).toString('base64') }, otherStaff, other);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This wine does not exist' });
    const removed = await t.app.inject({ method: 'DELETE', url: imageUrl(wine.id), headers: { tenant: other, authorization: otherStaff } });
    expect(removed.statusCode).toBe(404);

    const throughOther = await t.app.inject({ method: 'GET', url: image.url.replace(`/v1/${TEST_TENANT}/`, `/v1/${other}/`) });
    expect(throughOther.statusCode).toBe(404);
    expect(throughOther.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'This wine has no picture in this size' });
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it('answers 404 for a wine that does not exist', async () => {
    const response = await put('00000000-0000-4000-8000-000000000000', { altText: 'x', data: (await bottlePng()).toString('base64') });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /v1/{tenant}/wines/{wineId}/image/{variant}', () => {
  it('serves SVG artwork sandboxed: no script, no loads, no sniffing', async () => {
    const wine = await t.createWine();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 30"><rect width="10" height="30"/></svg>');
    await t.db.insert(wineImages).values({ tenantId: TEST_TENANT, wineId: wine.id, variant: 'original', contentType: 'image/svg+xml', width: 240, height: 720, data: svg, etag: 'artwork1' });
    const served = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/wines/${wine.id}/image/original?v=artwork1` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toContain('<rect width="10"');
  });

  it('answers 404 for a width the picture does not have, and 400 for one that does not exist', async () => {
    const wine = await t.createWine();
    await upload(wine.id, await bottlePng(300, 600));
    expect((await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/wines/${wine.id}/image/w640` })).statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: `/v1/${TEST_TENANT}/wines/${wine.id}/image/w9000` });
    expect(unknown.statusCode).toBe(400);
  });
});
