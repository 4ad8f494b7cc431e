import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bottleChecks, bottles } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';
import { DAY_MS } from '@winery/domain';

let t: TestApp;
let token: string;
let melbury: { id: string };
let magnum: { id: string };
/** Real time (tokens are checked against it), moved back for checks long ago. */
let offsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + offsetMs), bottleCheckLimits: { perMinute: { max: 1000 }, perDay: { max: 1000 } } });
  token = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
  melbury = await t.createWine({ name: 'Melbury', vintage: 2022, sizeMl: 750 });
  magnum = await t.createWine({ name: 'Melbury', vintage: 2022, sizeMl: 1500 });
  await t.createWine({ tenantId: await t.createTenant('other'), name: 'Elsewhere', vintage: 2022 });
});
afterAll(async () => t?.close());

const importCsv = (csv: string, auth = token) =>
  t.app.inject({ method: 'POST', url: '/v1/staff/bottles/import', headers: { tenant: TEST_TENANT, authorization: auth }, payload: { csv } });
const registered = async () => (await t.db.select().from(bottles).where(eq(bottles.tenantId, TEST_TENANT))).map((row) => row.bottleId).sort();

describe('POST /v1/staff/bottles/import', () => {
  it('registers every row of a good file, by wine name or by wine id', async () => {
    const byName = await importCsv(
      ['bottle_id,wine,vintage,size_ml,bottle_number', 'AAAA-0001,Melbury,2022,750,1', 'aaaa0002, melbury ,2022,,2', '"AAAA-0003","Melbury",2022,1500,1', ''].join('\r\n'),
    );
    expect(byName.statusCode).toBe(201);
    expect(byName.json()).toEqual({ imported: 3 });

    // Saved by a spreadsheet that separates its columns with semicolons.
    const byId = await importCsv(`bottle_id;wine_id;bottle_number\nAAAA-0004;${melbury.id};3\nAAAA-0005;${magnum.id};2\n`);
    expect(byId.json()).toEqual({ imported: 2 });
    expect(await registered()).toEqual(['AAAA-0001', 'AAAA-0002', 'AAAA-0003', 'AAAA-0004', 'AAAA-0005']);
    const third = await t.db.select().from(bottles).where(eq(bottles.bottleId, 'AAAA-0003'));
    expect(third[0]).toMatchObject({ wineId: magnum.id, bottleNumber: 1 });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'bottles.import'));
    expect(audit.map((entry) => entry.after)).toEqual([
      { imported: 3, first: 'AAAA-0001', last: 'AAAA-0003' },
      { imported: 2, first: 'AAAA-0004', last: 'AAAA-0005' },
    ]);
    expect(audit.every((entry) => entry.staffUserId !== null)).toBe(true);
  });

  it('reports every bad row by its line and imports nothing', async () => {
    const before = await registered();
    const response = await importCsv(
      [
        'bottle_id,wine,vintage,size_ml,bottle_number',
        'BBBB-0001,Melbury,2022,750,10', // line 2: good
        'BBB-0002,Melbury,2022,750,11', // line 3: format
        'BBBB-0003,Melbury,2022,750,zero', // line 4: number
        'BBBB-0004,Quella,2022,750,12', // line 5: unknown wine
        'BBBB-0005,Melbury,22,750,13', // line 6: vintage
        'BBBB-0006,Elsewhere,2022,750,1', // line 7: another tenant's wine
        ',Melbury,2022,750,14', // line 8: no ID
      ].join('\n'),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Some rows cannot be imported, so nothing was imported. Please correct them and send the file again.');
    expect(body.errors).toEqual([
      { field: 'line 3', code: 'bottleIdFormat', message: 'Bottle ID must be 8 characters in the format A123-B89Z' },
      { field: 'line 4', code: 'bottleNumber', message: 'The bottle number must be a whole number from 1' },
      { field: 'line 5', code: 'unknownWine', message: 'There is no wine “Quella” 2022 (750 ml) in the catalogue' },
      { field: 'line 6', code: 'vintage', message: 'The vintage must be a year such as 2022' },
      { field: 'line 7', code: 'unknownWine', message: 'There is no wine “Elsewhere” 2022 (750 ml) in the catalogue' },
      { field: 'line 8', code: 'bottleIdRequired', message: 'Please enter the bottle ID' },
    ]);
    expect(await registered()).toEqual(before);
  });

  it('refuses IDs given twice in the file or already registered, and a wine’s bottle number twice', async () => {
    const response = await importCsv(
      [
        'bottle_id,wine,vintage,size_ml,bottle_number',
        'CCCC-0001,Melbury,2022,750,20',
        'cccc0001,Melbury,2022,750,21', // line 3: same ID as line 2
        'AAAA-0001,Melbury,2022,750,22', // line 4: registered before
        'CCCC-0004,Melbury,2022,750,20', // line 5: number 20 again
        'CCCC-0005,Melbury,2022,750,1', // line 6: number 1 already registered
      ].join('\n'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'line 3', code: 'duplicateInFile', message: 'Bottle ID CCCC-0001 is also on line 2' },
      { field: 'line 4', code: 'alreadyRegistered', message: 'Bottle ID AAAA-0001 is already registered' },
      { field: 'line 5', code: 'duplicateNumberInFile', message: 'Bottle number 20 of this wine is also on line 2' },
      { field: 'line 6', code: 'numberTaken', message: 'Bottle number 1 of this wine is already registered' },
    ]);
    expect(await registered()).not.toContain('CCCC-0001');
  });

  it('takes 10,000 rows in one request and refuses more with 413', async () => {
    const rows = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${prefix}${String(Math.floor(i / 10_000)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')},${melbury.id},${1000 + i}`);
    const big = await importCsv(['bottle_id,wine_id,bottle_number', ...rows(10_000, 'D')].join('\n'));
    expect(big.statusCode).toBe(201);
    expect(big.json()).toEqual({ imported: 10_000 });

    const tooMany = await importCsv(['bottle_id,wine_id,bottle_number', ...rows(10_001, 'E')].join('\n'));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('A file can hold up to 10,000 bottles. Please split it into smaller files.');
    expect((await registered()).some((id) => id.startsWith('E'))).toBe(false);
  });

  it('names a file it cannot read', async () => {
    const header = await importCsv('id,wine\nAAAA-9999,Melbury');
    expect(header.statusCode).toBe(400);
    expect(header.json().errors).toEqual([
      { field: 'csv', code: 'csvHeader', message: 'The header row must name bottle_id, bottle_number and either wine_id or wine, vintage and size_ml.' },
    ]);
    expect((await importCsv('bottle_id,wine,vintage,size_ml,bottle_number\n')).json().errors[0].code).toBe('csvEmpty');
    expect((await importCsv('bottle_id,wine,vintage,size_ml,bottle_number\n"AAAA-9999,Melbury')).json().errors[0].code).toBe('csvInvalid');
  });

  it('is for staff only: no token or a member token is refused', async () => {
    expect((await importCsv('bottle_id,wine_id,bottle_number', '')).statusCode).toBe(401);
    const member = await t.createCustomer();
    const memberToken = await t.signIn(member.email);
    expect((await importCsv('bottle_id,wine_id,bottle_number', memberToken)).statusCode).toBe(401);
    const suspicious = await t.app.inject({ method: 'GET', url: '/v1/staff/bottles/suspicious', headers: { tenant: TEST_TENANT, authorization: memberToken } });
    expect(suspicious.statusCode).toBe(401);
  });
});

describe('GET /v1/staff/bottles/suspicious', () => {
  it('lists bottles checked at least minChecks times in the window, most-checked first', async () => {
    const verify = (bottleId: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/v1/bottle-verification', headers: { tenant: TEST_TENANT }, remoteAddress: ip, payload: { bottleId } });
    // Long ago: outside a 30-day window.
    offsetMs = -60 * DAY_MS;
    for (let i = 0; i < 5; i += 1) await verify('AAAA-0002', '10.9.9.9');
    offsetMs = -2 * DAY_MS;
    const started = Date.now() + offsetMs;
    for (let i = 0; i < 7; i += 1) await verify('AAAA-0001', `203.0.${i}.5`);
    for (let i = 0; i < 5; i += 1) await verify('AAAA-0003', '10.1.1.1');
    for (let i = 0; i < 4; i += 1) await verify('AAAA-0004', '10.1.1.1');
    offsetMs = 0;
    await verify('AAAA-0003', '10.1.2.1');

    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/v1/staff/bottles/suspicious${query}`, headers: { tenant: TEST_TENANT, authorization: token } });
    const response = await get('?minChecks=5&days=30');
    expect(response.statusCode).toBe(200);
    expect(response.json().nextCursor).toBeNull();
    expect(response.json().items).toEqual([
      {
        bottleId: 'AAAA-0001',
        wineId: melbury.id,
        wine: 'Melbury',
        vintage: 2022,
        sizeMl: 750,
        bottleNumber: 1,
        checks: 7,
        networks: 7,
        countries: 0,
        firstCheckedAt: expect.any(String),
        lastCheckedAt: expect.any(String),
      },
      expect.objectContaining({ bottleId: 'AAAA-0003', sizeMl: 1500, checks: 6, networks: 2 }),
    ]);
    const [most, next] = response.json().items as Array<{ firstCheckedAt: string; lastCheckedAt: string }>;
    expect(Math.abs(Date.parse(most!.firstCheckedAt) - started)).toBeLessThan(60_000);
    expect(Date.parse(next!.lastCheckedAt) - Date.parse(next!.firstCheckedAt)).toBeGreaterThan(DAY_MS);
    // The defaults are 5 checks in 30 days; a longer window brings the old checks in.
    expect((await get('')).json().items).toHaveLength(2);
    expect((await get('?days=120')).json().items.map((b: { bottleId: string }) => b.bottleId)).toEqual(['AAAA-0001', 'AAAA-0003', 'AAAA-0002']);
    // A page at a time: the same order, each bottle once.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await get(`?days=120&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json() as { items: Array<{ bottleId: string }>; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(1);
      paged.push(...page.items.map((b) => b.bottleId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(['AAAA-0001', 'AAAA-0003', 'AAAA-0002']);
    expect((await get('?cursor=abc')).statusCode).toBe(400);
    expect((await get('?minChecks=0')).statusCode).toBe(400);
    const unknownChecks = await t.db.select().from(bottleChecks).where(eq(bottleChecks.result, 'unknown'));
    expect(unknownChecks).toHaveLength(0);
  });
});

describe('GET /v1/staff/bottles/{bottleId}', () => {
  const get = (bottleId: string, tenant = TEST_TENANT) =>
    t.app.inject({ method: 'GET', url: `/v1/staff/bottles/${encodeURIComponent(bottleId)}`, headers: { tenant, authorization: token } });

  it('shows the bottle, its wine, its first verification and every check newest first with a coarse origin', async () => {
    expect((await importCsv(`bottle_id,wine_id,bottle_number\nCCCC-0001,${magnum.id},77\n`)).statusCode).toBe(201);
    const [bottle] = await t.db.select().from(bottles).where(eq(bottles.bottleId, 'CCCC-0001'));
    const unchecked = await get('cccc0001');
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json()).toMatchObject({ bottleId: 'CCCC-0001', firstVerifiedAt: null, checkCount: 0, checks: [] });

    const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);
    const yesterday = new Date(Date.now() - DAY_MS);
    await t.db.insert(bottleChecks).values([
      { tenantId: TEST_TENANT, bottleRef: bottle!.id, typedId: 'CCCC-0001', result: 'verified', originNetwork: '198.51.100.0/24', originCountry: 'FR', checkedAt: tenDaysAgo },
      { tenantId: TEST_TENANT, bottleRef: bottle!.id, typedId: 'CCCC-0001', result: 'verified', originNetwork: '203.0.113.0/24', originCountry: null, checkedAt: yesterday },
    ]);
    const response = await get(' cccc-0001 ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      bottleId: 'CCCC-0001',
      bottleNumber: 77,
      wine: { id: magnum.id, name: 'Melbury', vintage: 2022, sizeMl: 1500 },
      registeredAt: expect.any(String),
      firstVerifiedAt: tenDaysAgo.toISOString(),
      checkCount: 2,
      checks: [
        { at: yesterday.toISOString(), origin: 'unknown', result: 'verified' },
        { at: tenDaysAgo.toISOString(), origin: 'FR', result: 'verified' },
      ],
    });
    // The network is never shown: only the country, or 'unknown'.
    expect(response.body).not.toContain('198.51.100');
  });

  it("answers 404 for an ID nobody registered, one that cannot be an ID, and another winery's bottle", async () => {
    const other = await t.createTenant();
    const theirs = await t.createWine({ tenantId: other, name: 'Theirs' });
    await t.db.insert(bottles).values({ tenantId: other, bottleId: 'DDDD-0001', wineId: theirs.id, bottleNumber: 1 });
    for (const id of ['ZZZZ-9999', 'not-a-bottle', 'DDDD-0001']) {
      const response = await get(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, type: 'notFound', message: 'No bottle with this ID is registered' });
    }
  });
});
