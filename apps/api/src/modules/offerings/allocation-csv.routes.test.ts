import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations, auditLog } from '../../db/schema/index.js';
import { createStaffOfferingFixtures } from '../../testing/staff-offering-fixtures.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

/* The allocations file: a dry run names every error by line, the real run writes all or nothing, the export re-imports. */

let t: TestApp;
let f: Awaited<ReturnType<typeof createStaffOfferingFixtures>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createStaffOfferingFixtures(t);
});
afterAll(async () => t?.close());

const importCsv = (offeringId: string, csv: string | Buffer, dryRun: boolean, contentType = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: `/v1/staff/offerings/${offeringId}/allocations/import?dryRun=${dryRun}`,
    headers: { tenant: TEST_TENANT, authorization: f.token, 'content-type': contentType },
    payload: csv,
  });
const exportCsv = (offeringId: string) =>
  t.app.inject({ method: 'GET', url: `/v1/staff/offerings/${offeringId}/allocations.csv`, headers: { tenant: TEST_TENANT, authorization: f.token } });

async function offeringWithMembers() {
  const { offering } = await f.createOffering();
  const members = [await t.createCustomer({ lastName: 'Ashby' }), await t.createCustomer({ lastName: 'Brook' }), await t.createCustomer({ lastName: 'Cole' })];
  const header = (await exportCsv(offering.id)).body.trim();
  return { offering, members, header };
}

describe('allocations CSV', () => {
  it('exports a header of email, names and a _min/_max pair per wine', async () => {
    const { header } = await offeringWithMembers();
    expect(header).toMatch(/^email,first_name,last_name,melbury_\d+_2022_750ml_min,melbury_\d+_2022_750ml_max,melbury_\d+_2022_1500ml_min,melbury_\d+_2022_1500ml_max$/);
  });

  it('names both bad lines of a file with their line numbers and writes nothing; fixed, it writes every row', async () => {
    const { offering, members, header } = await offeringWithMembers();
    const [a, b, c] = members;
    const bad = [header, `${a!.email},,,1,6,0,1`, `${b!.email},,,7,6,,`, `${c!.email},,,,,`, `nobody@example.com,,,1,2,,`].join('\n');

    const dry = await importCsv(offering.id, bad, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      rows: 4,
      valid: 2,
      errors: [
        { line: 3, field: expect.stringMatching(/_750ml_min$/), message: 'The minimum must not be above the maximum' },
        { line: 5, field: 'email', message: 'There is no member with the e-mail address nobody@example.com' },
      ],
    });
    expect(dry.json().preview[0]).toMatchObject({ line: 2, email: a!.email, customerId: a!.id, lines: [{ minimum: 1, maximum: 6 }, { minimum: 0, maximum: 1 }] });

    const refused = await importCsv(offering.id, bad, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      type: 'validationError',
      errors: [
        { field: expect.stringMatching(/^line 3\..*_750ml_min$/), code: 'importLine', message: 'The minimum must not be above the maximum' },
        { field: 'line 5.email', code: 'importLine' },
      ],
    });
    expect(await t.db.select().from(allocations).where(eq(allocations.offeringId, offering.id))).toEqual([]);

    const fixed = [header, `${a!.email},,,1,6,0,1`, `${b!.email},,,2,6,,`, `${c!.email},,,,,`].join('\n');
    const written = await importCsv(offering.id, fixed, false);
    expect(written.statusCode).toBe(200);
    expect(written.json()).toMatchObject({ dryRun: false, rows: 3, valid: 3, errors: [] });
    const grid = (await f.staffCall('GET', `/offerings/${offering.id}/allocations`)).json();
    expect(grid.items.map((row: { lastName: string; lines: unknown[] }) => [row.lastName, row.lines.length])).toEqual([
      ['Ashby', 2],
      ['Brook', 1],
      ['Cole', 0],
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'allocation.import'));
    expect(audits.filter((entry) => grid.items.some((row: { id: string }) => row.id === entry.entityId))).toHaveLength(3);
  });

  it('re-imports its own export unchanged', async () => {
    const { offering, members, header } = await offeringWithMembers();
    await importCsv(offering.id, [header, ...members.map((m, i) => `${m.email},,,${i},${i + 3},${i % 2},${i + 1}`)].join('\n'), false);
    const before = (await f.staffCall('GET', `/offerings/${offering.id}/allocations`)).json().items;
    const exported = await exportCsv(offering.id);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    // UTF-8 with its byte-order mark (Excel reads a file without one in the computer's code page), CRLF.
    expect(exported.body.startsWith('\ufeffemail,first_name,last_name,')).toBe(true);
    expect(exported.body.endsWith('\r\n')).toBe(true);
    expect(exported.body.trim().split('\r\n')).toHaveLength(4);

    const again = await importCsv(offering.id, exported.body, false);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ rows: 3, valid: 3, errors: [] });
    const after = (await f.staffCall('GET', `/offerings/${offering.id}/allocations`)).json().items;
    expect(after.map((row: { id: string; lines: unknown }) => [row.id, row.lines])).toEqual(before.map((row: { id: string; lines: unknown }) => [row.id, row.lines]));
    expect((await exportCsv(offering.id)).body).toBe(exported.body);
  });

  it('reads its export as a spreadsheet saved it again: semicolons in Windows-1252, or in the charset named', async () => {
    const { offering, members, header } = await offeringWithMembers();
    // Excel where a comma is the decimal mark saves the export with semicolons, in its code page.
    const lines = [header.replaceAll(',', ';'), ...members.map((m, i) => `${m.email};Zoë;Ashby;${i};${i + 3};0;1`)];
    const saved = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
    const answer = await importCsv(offering.id, saved, false);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ rows: 3, valid: 3, errors: [] });
    const rows = (await f.staffCall('GET', `/offerings/${offering.id}/allocations`)).json().items;
    expect(rows).toHaveLength(3);
    // The charset a request names is the one it is read in: bytes that are not UTF-8, named UTF-8, are refused.
    const refused = await importCsv(offering.id, saved, false, 'text/csv; charset=UTF-8');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: 'validationError', errors: [{ field: 'csv', code: 'charset', message: 'The file is not valid UTF-8 text. Please save it as UTF-8 (in Excel: CSV UTF-8).' }] });
  });

  it('says what is wrong with a file it cannot read, and 404 for an unknown offering', async () => {
    const { offering } = await offeringWithMembers();
    const noHeader = await importCsv(offering.id, 'name,wine\nAda,Melbury\n', true);
    expect(noHeader.json()).toMatchObject({ rows: 0, errors: [{ line: 1, field: 'csv', message: 'The header row must start with email, then a _min and a _max column per wine.' }] });
    const unknownColumn = await importCsv(offering.id, 'email,rose_2020_750ml_max\na@example.com,3\n', true);
    expect(unknownColumn.json().errors).toEqual([{ line: 1, field: 'rose_2020_750ml_max', message: 'There is no wine rose_2020_750ml_max in this offering' }]);
    expect((await importCsv(t.newId(), 'email\n', true)).statusCode).toBe(404);
    expect((await exportCsv(t.newId())).statusCode).toBe(404);
  });
});
