import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, customers, tiers } from '../../db/schema/index.js';
import { createTestApp, TEST_TENANT, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInStaff((await t.createStaffUser({ role: 'manager' })).email);
  for (const [name, rank] of [['Founders', 1], ['Cellar Club', 2]] as const) {
    expect((await importCall('POST', '/v1/staff/tiers', JSON.stringify({ name, rank }), 'application/json')).statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

function importCall(method: 'POST', url: string, payload: string | Buffer, contentType = 'text/csv') {
  return t.app.inject({ method, url, headers: { tenant: TEST_TENANT, authorization: token, 'content-type': contentType }, payload });
}

const importCsv = (csv: string | Buffer, query = '', contentType = 'text/csv') => importCall('POST', `/v1/staff/members/import?${query}`, csv, contentType);
const membersAt = async (domain: string) => t.db.select().from(customers).where(like(customers.email, `%@${domain}`));

/** A list as an old platform exports it: 50 members, line N + 1 of the file holding member N. */
function fiftyMembers(domain: string, broken: Record<number, Partial<Record<'email' | 'tier', string>>> = {}) {
  const lines = ['First Name,Last Name,Email,Phone,Birthday,Tier,Member Since,Address 1,City,State,Zip,Country'];
  for (let n = 1; n <= 50; n += 1) {
    const email = broken[n]?.email ?? `member${n}@${domain}`;
    const tier = broken[n]?.tier ?? (n % 2 ? 'Founders' : 'cellar club');
    lines.push(`Ada${String.fromCharCode(65 + (n % 26))},Vintner,${email},707 555 01${String(n).padStart(2, '0')},1980-05-17,${tier},3/9/2015,12 Vineyard Road,Sonoma,CA,95476,US`);
  }
  return `${lines.join('\n')}\n`;
}

describe('importing a member list', () => {
  it('reports two bad lines with their line numbers and writes nothing; the fixed file imports all 50', async () => {
    const bad = fiftyMembers('import-one.example', { 4: { email: 'not-an-email' }, 8: { tier: 'Platinum' } });
    const dry = await importCsv(bad, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json();
    expect(report).toMatchObject({ dryRun: true, rows: 50, valid: 48, imported: 0, duplicates: [] });
    expect(report.errors).toEqual([
      { line: 5, field: 'email', message: 'Please enter a valid email address' },
      { line: 9, field: 'tier', message: "Unknown tier 'Platinum'" },
    ]);
    expect(report.columns).toMatchObject({ firstName: 'First Name', email: 'Email', tier: 'Tier', memberSince: 'Member Since', address1: 'Address 1', zipCode: 'Zip' });

    const real = await importCsv(bad, 'dryRun=false');
    expect(real.statusCode).toBe(400);
    expect(real.json().errors.map((error: { field: string }) => error.field)).toEqual(['line 5.email', 'line 9.tier']);
    expect(await membersAt('import-one.example')).toHaveLength(0);

    const fixed = await importCsv(fiftyMembers('import-one.example'), 'dryRun=false');
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ dryRun: false, rows: 50, valid: 50, imported: 50, invited: 0, errors: [] });
    const stored = await membersAt('import-one.example');
    expect(stored).toHaveLength(50);
    const first = stored.find((row) => row.email === 'member1@import-one.example')!;
    expect(first).toMatchObject({ memberSince: '2015-03-09', dateOfBirth: '1980-05-17', passwordHash: null, phone: '707 555 0101' });
    expect(first.tierId).not.toBeNull();
    const [address] = await t.db.select().from(addresses).where(eq(addresses.customerId, first.id));
    expect(address).toMatchObject({ city: 'Sonoma', stateCode: 'CA', countryCode: 'US', isDefaultShipping: true });
    // Nobody was e-mailed: invitations only when asked.
    expect(await t.deliveredMail({ to: 'member1@import-one.example' })).toEqual([]);
    const audit = await t.app.inject({ method: 'GET', url: `/v1/staff/audit?action=member.import&entityId=${first.id}`, headers: { tenant: TEST_TENANT, authorization: token } });
    expect(audit.json().items).toEqual([expect.objectContaining({ action: 'member.import', after: expect.objectContaining({ email: 'member1@import-one.example', line: 2 }) })]);

    // The same file again: every line is already a member, reported and skipped.
    const again = await importCsv(fiftyMembers('import-one.example'), 'dryRun=false');
    expect(again.json()).toMatchObject({ imported: 0, valid: 50 });
    expect(again.json().duplicates).toHaveLength(50);
    expect(again.json().duplicates[0]).toEqual({ line: 2, email: 'member1@import-one.example', existing: true });
  });

  it('reports an e-mail given twice in the file as a duplicate and an error on the later line', async () => {
    const csv = 'email,first_name,last_name\ntwin@import-two.example,Ada,One\nTWIN@import-two.example,Ada,Two\n';
    const report = (await importCsv(csv)).json();
    expect(report.duplicates).toEqual([{ line: 3, email: 'twin@import-two.example', existing: false }]);
    expect(report.errors).toEqual([{ line: 3, field: 'email', message: 'This e-mail address is also on line 2' }]);
    expect((await importCsv(csv, 'dryRun=false')).statusCode).toBe(400);
    expect(await membersAt('import-two.example')).toHaveLength(0);
  });

  it('reads other column names, and an explicit mapping for the rest; sends invitations when asked', async () => {
    const csv = ['FirstName,Surname,Contact,Mobile,DOB,Club,Join Date,Street,Town,Province,Postal Code,Country', 'Zoë,Durand,zoe@import-three.example,+1 604 555 0100,1/2/1970,Founders,2019-04-01T00:00:00Z,1 Main St,Vancouver,bc,V6B 1A1,Canada'].join('\n');
    const withoutMapping = (await importCsv(csv)).json();
    expect(withoutMapping.errors).toEqual([{ line: 1, field: 'email', message: 'No column of the file holds the e-mail address. Please map one to email.' }]);
    const unknown = (await importCsv(csv, `mapping=${encodeURIComponent(JSON.stringify({ email: 'Courriel' }))}`)).json();
    expect(unknown.errors[0]).toMatchObject({ field: 'mapping.email' });

    const mapped = await importCsv(csv, `dryRun=false&sendInvitations=true&mapping=${encodeURIComponent(JSON.stringify({ email: 'contact' }))}`);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ imported: 1, invited: 1, columns: { email: 'Contact', lastName: 'Surname', phone: 'Mobile', stateCode: 'Province' } });
    const [zoe] = await membersAt('import-three.example');
    expect(zoe).toMatchObject({ firstName: 'Zoë', dateOfBirth: '1970-01-02', memberSince: '2019-04-01' });
    const mail = await t.deliveredMail({ to: 'zoe@import-three.example', kind: 'create-password' });
    expect(mail).toHaveLength(1);
  });

  it("reads a whole name's column as the names the file has no column of, with a title a profile offers", async () => {
    const whole = [
      'Name,Email',
      'Dr. Jane Doe,jane@import-whole.example',
      '"Dupont, Jean",jean@import-whole.example',
      'Ludwig van Beethoven,ludwig@import-whole.example',
      'Cher,cher@import-whole.example',
    ].join('\n');
    const dry = (await importCsv(whole)).json();
    expect(dry).toMatchObject({ rows: 4, valid: 3, columns: { fullName: 'Name', email: 'Email' } });
    // One word is a family name: that line has no first name, and is refused for it.
    expect(dry.errors).toEqual([{ line: 5, field: 'firstName', message: 'Please enter your first name' }]);
    const fixed = whole.replace('Cher,', 'Cherilyn Sarkisian,');
    expect((await importCsv(fixed, 'dryRun=false')).json()).toMatchObject({ imported: 4, errors: [] });
    const stored = Object.fromEntries((await membersAt('import-whole.example')).map((member) => [member.email.split('@')[0], [member.prefix, member.firstName, member.lastName]]));
    expect(stored).toEqual({
      jane: ['Dr.', 'Jane', 'Doe'],
      jean: [null, 'Jean', 'Dupont'],
      ludwig: [null, 'Ludwig', 'van Beethoven'],
      cher: [null, 'Cherilyn', 'Sarkisian'],
    });

    // German: 'Name' beside 'Vorname' is the surname, and is read so.
    const german = 'Vorname;Name;E-Mail\nHans;Müller;hans@import-whole-de.example\nRichard;von Weizsäcker;richard@import-whole-de.example\n';
    expect((await importCsv(german, 'dryRun=false')).json()).toMatchObject({ imported: 2, errors: [], columns: { firstName: 'Vorname', fullName: 'Name', email: 'E-Mail' } });
    expect((await membersAt('import-whole-de.example')).map((member) => [member.firstName, member.lastName]).sort()).toEqual([['Hans', 'Müller'], ['Richard', 'von Weizsäcker']]);

    // Both names in columns of their own: a whole name beside them is not read (nor said to be).
    const both = 'First Name,Last Name,Name,Email\nAda,Vintner,The Vintners,ada@import-whole-both.example\n';
    const report = (await importCsv(both)).json();
    expect(report).toMatchObject({ valid: 1, errors: [] });
    expect(report.columns).not.toHaveProperty('fullName');
    // Unless staff choose it, and then only for a line whose own name is missing.
    const chosen = `mapping=${encodeURIComponent(JSON.stringify({ fullName: 'Name' }))}`;
    const gaps = 'First Name,Last Name,Name,Email\nAda,Vintner,Ada Lovelace,ada@import-whole-both.example\n,,Grace Hopper,grace@import-whole-both.example\n';
    expect((await importCsv(gaps, `dryRun=false&${chosen}`)).json()).toMatchObject({ imported: 2, errors: [], columns: { fullName: 'Name' } });
    expect((await membersAt('import-whole-both.example')).map((member) => [member.firstName, member.lastName]).sort()).toEqual([['Ada', 'Vintner'], ['Grace', 'Hopper']]);
  });

  it("keeps a title column's titles a profile offers, and leaves out any other without refusing its member", async () => {
    const csv = ['Title,First Name,Last Name,Email', 'mrs,Ines,Moreau,ines@import-title.example', 'Herr,Hans,Müller,hans@import-title.example', 'Dr,Jane,Doe,jane@import-title.example'].join('\n');
    const report = (await importCsv(csv, 'dryRun=false')).json();
    expect(report).toMatchObject({ imported: 3, errors: [], columns: { prefix: 'Title' } });
    const stored = Object.fromEntries((await membersAt('import-title.example')).map((member) => [member.firstName, member.prefix]));
    expect(stored).toEqual({ Ines: 'Mrs.', Hans: null, Jane: 'Dr.' });
    // A title column wins over a title the whole name begins with.
    const both = (await importCsv('Title,Name,Email\nMs.,Dr. Odile Roux,odile@import-title-both.example\n', 'dryRun=false')).json();
    expect(both).toMatchObject({ imported: 1 });
    expect((await membersAt('import-title-both.example'))[0]).toMatchObject({ prefix: 'Ms.', firstName: 'Odile', lastName: 'Roux' });
  });

  it('reads no column for a field mapped to null, though its name would find one', async () => {
    // A phone column of numbers the winery does not want, and a tier column it means to set later.
    const csv = ['First Name,Last Name,Email,Phone,Tier', 'Ines,Moreau,ines@import-unread.example,(office),Old Cellar Club'].join('\n');
    const guessed = (await importCsv(csv)).json();
    expect(guessed.columns).toMatchObject({ phone: 'Phone', tier: 'Tier' });
    expect(guessed.errors).toEqual([{ line: 2, field: 'tier', message: "Unknown tier 'Old Cellar Club'" }]);
    const aside = await importCsv(csv, `dryRun=false&mapping=${encodeURIComponent(JSON.stringify({ phone: null, tier: null }))}`);
    expect(aside.statusCode, aside.body).toBe(200);
    expect(aside.json()).toMatchObject({ imported: 1, errors: [], columns: { firstName: 'First Name', email: 'Email' } });
    expect(Object.keys(aside.json().columns)).toEqual(['firstName', 'lastName', 'email']);
    const [ines] = await membersAt('import-unread.example');
    expect(ines).toMatchObject({ firstName: 'Ines', phone: null, tierId: null });
    // Anything but a column's name or null is not a mapping.
    const wrong = (await importCsv(csv, `mapping=${encodeURIComponent(JSON.stringify({ phone: 3 }))}`)).json();
    expect(wrong.errors).toEqual([{ line: 1, field: 'mapping', message: "The column mapping must be a JSON object of our field names and the file's column names (null for none)" }]);
  });

  it('reads a list as Excel saves it: semicolons and Windows-1252, tabs and UTF-16, or in the charset the request names', async () => {
    // Excel's plain CSV where a comma is the decimal mark: semicolons, the Western code page, no mark.
    const french = Buffer.from('Prénom;Nom;Courriel;Rue;Ville;Code postal;Pays\r\nHélène;Lefèvre;helene@import-four.example;"3, rue des Caves";Beaune;21200;FR\r\n', 'latin1');
    const mapping = `mapping=${encodeURIComponent(JSON.stringify({ firstName: 'Prénom', lastName: 'Nom', email: 'Courriel', address1: 'Rue', city: 'Ville', zipCode: 'Code postal', countryCode: 'Pays' }))}`;
    const dry = await importCsv(french, mapping);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: 1, valid: 1, errors: [], columns: { firstName: 'Prénom', email: 'Courriel', address1: 'Rue', zipCode: 'Code postal' } });
    const real = await importCsv(french, `dryRun=false&${mapping}`);
    expect(real.json()).toMatchObject({ imported: 1 });
    const [helene] = await membersAt('import-four.example');
    expect(helene).toMatchObject({ firstName: 'Hélène', lastName: 'Lefèvre' });
    const [address] = await t.db.select().from(addresses).where(eq(addresses.customerId, helene!.id));
    expect(address).toMatchObject({ address1: '3, rue des Caves', city: 'Beaune' });

    // Excel's "Unicode text": UTF-16 with its mark, tabs between the columns.
    const unicode = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('First Name\tLast Name\tEmail\nZoë\tŁukasiewicz\tzoe@import-four.example\n', 'utf16le')]);
    expect((await importCsv(unicode, 'dryRun=false')).json()).toMatchObject({ imported: 1, errors: [] });
    expect(await membersAt('import-four.example')).toEqual(expect.arrayContaining([expect.objectContaining({ firstName: 'Zoë', lastName: 'Łukasiewicz' })]));

    // A charset named by the request is how the file is read: ISO-8859-1 bytes so named, and UTF-8
    // named but not UTF-8 (refused, not read as something else), or a charset we do not read.
    const latin = Buffer.from('email,first_name,last_name\nrene@import-four.example,René,Caillé\n', 'latin1');
    expect((await importCsv(latin, 'dryRun=false', 'text/csv; charset=ISO-8859-1')).json()).toMatchObject({ imported: 1 });
    expect(await membersAt('import-four.example')).toEqual(expect.arrayContaining([expect.objectContaining({ firstName: 'René', lastName: 'Caillé' })]));
    const mislabelled = await importCsv(latin, 'dryRun=false', 'text/csv; charset=utf-8');
    expect(mislabelled.statusCode).toBe(400);
    expect(mislabelled.json()).toEqual({
      statusCode: 400,
      type: 'validationError',
      message: 'The file is not valid utf-8 text. Please save it as UTF-8 (in Excel: CSV UTF-8).',
      errors: [{ field: 'csv', code: 'charset', message: 'The file is not valid utf-8 text. Please save it as UTF-8 (in Excel: CSV UTF-8).' }],
    });
    const unknown = await importCsv(latin, 'dryRun=false', 'text/csv; charset="shift_jis"');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'csv', code: 'charset', message: "The file's character set shift_jis cannot be read. Please save it as UTF-8 (in Excel: CSV UTF-8)." }]);
    expect(await membersAt('import-four.example')).toHaveLength(3);
  });

  it('reads slashed dates month first (the US order), day first when one can only be, or as asked; one that does not fit is an error', async () => {
    const file = (domain: string, ...births: string[]) =>
      ['email,first_name,last_name,birthday', ...births.map((birth, index) => `m${index}@${domain},Ada,Vintner${'abcdefgh'[index]},${birth}`)].join('\n');
    const birthsOf = async (domain: string) => (await membersAt(domain)).map((member) => member.dateOfBirth).sort();

    // Only ambiguous dates: the US order, and the answer says so.
    const us = await importCsv(file('dates-us.example', '3/9/1975', '12/1/1980'), 'dryRun=false');
    expect(us.json()).toMatchObject({ imported: 2, errors: [], dateOrder: 'month-first' });
    expect(await birthsOf('dates-us.example')).toEqual(['1975-03-09', '1980-12-01']);

    // A 25/12/1980 can only be day first, so every slashed date of the file is read so.
    const european = await importCsv(file('dates-eu.example', '03/09/1975', '25/12/1980'), 'dryRun=false');
    expect(european.json()).toMatchObject({ imported: 2, errors: [], dateOrder: 'day-first' });
    expect(await birthsOf('dates-eu.example')).toEqual(['1975-09-03', '1980-12-25']);

    // Staff may say how the file reads; a date that does not fit is its line's error, not a guess.
    const asked = await importCsv(file('dates-asked.example', '03/09/1975', '12/25/1980'), 'dates=day-first');
    expect(asked.json()).toMatchObject({ valid: 1, dateOrder: 'day-first', errors: [{ line: 3, field: 'dateOfBirth', message: 'Please enter a valid birth date' }] });
    expect((await importCsv(file('dates-asked.example', '03/09/1975'), 'dates=sideways')).statusCode).toBe(400);

    // Dotted dates are always day first; a file without slashed dates says nothing of their order.
    const dotted = await importCsv(file('dates-dots.example', '03.09.1975', '1980-12-25'), 'dryRun=false');
    expect(dotted.json()).toMatchObject({ imported: 2, dateOrder: null });
    expect(await birthsOf('dates-dots.example')).toEqual(['1975-09-03', '1980-12-25']);
  });

  it('reads a list kept in French, German, Spanish, Italian or Dutch: its column names and its countries, without a mapping', async () => {
    const lists = [
      { domain: 'fr.lists.example', csv: 'Prénom;Nom;Courriel;Téléphone;Date de naissance;Adresse;Complément d’adresse;Code postal;Ville;Pays\nHélène;Lefèvre;h@fr.lists.example;+33 3 80 22 00 00;14.07.1975;3, rue des Caves;Bât. B;1260;Nyon;Suisse' },
      { domain: 'de.lists.example', csv: 'Vorname;Nachname;E-Mail-Adresse;Handy;Geburtsdatum;Straße;PLZ;Ort;Bundesland;Land;Mitglied seit\nJürgen;Weiß;j@de.lists.example;+49 6723 0000;03.09.1970;Weinbergstraße 1;3500;Krems;;Österreich;01.04.2019' },
      { domain: 'es.lists.example', csv: 'Nombre,Apellidos,Correo electrónico,Móvil,Dirección,Código postal,Ciudad,Provincia,País\nInés,García López,i@es.lists.example,+34 941 00 00 00,Calle Mayor 5,26200,Haro,,España' },
      { domain: 'it.lists.example', csv: 'Nome;Cognome;Email;Cellulare;Indirizzo;CAP;Città;Paese\nGiulia;Rossi;g@it.lists.example;+39 0577 000000;Rheinallee 1;65375;Oestrich-Winkel;Germania' },
      { domain: 'nl.lists.example', csv: 'Voornaam;Achternaam;E-mailadres;Telefoon;Adres;Postcode;Woonplaats;Land\nDaan;de Vries;d@nl.lists.example;+31 20 000 0000;1 Pall Mall;SW1A 1AA;London;Verenigd Koninkrijk' },
    ];
    const columns = [];
    for (const { domain, csv } of lists) {
      const dry = await importCsv(csv);
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json(), domain).toMatchObject({ rows: 1, valid: 1, errors: [] });
      columns.push(dry.json().columns);
      expect((await importCsv(csv, 'dryRun=false')).json(), domain).toMatchObject({ imported: 1 });
    }
    // Each of our fields read from the column that means it: the French and the German list whole.
    expect(columns[0]).toEqual({
      firstName: 'Prénom', lastName: 'Nom', email: 'Courriel', phone: 'Téléphone', dateOfBirth: 'Date de naissance',
      address1: 'Adresse', address2: 'Complément d’adresse', zipCode: 'Code postal', city: 'Ville', countryCode: 'Pays',
    });
    expect(columns[1]).toEqual({
      firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail-Adresse', phone: 'Handy', dateOfBirth: 'Geburtsdatum', memberSince: 'Mitglied seit',
      address1: 'Straße', zipCode: 'PLZ', city: 'Ort', stateCode: 'Bundesland', countryCode: 'Land',
    });
    const stored = await t.db
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName, dateOfBirth: customers.dateOfBirth, city: addresses.city, country: addresses.countryCode })
      .from(customers)
      .innerJoin(addresses, eq(addresses.customerId, customers.id))
      .where(like(customers.email, '%.lists.example'));
    expect(Object.fromEntries(stored.map(({ email, ...member }) => [email, member]))).toEqual({
      'h@fr.lists.example': { firstName: 'Hélène', lastName: 'Lefèvre', dateOfBirth: '1975-07-14', city: 'Nyon', country: 'CH' },
      'j@de.lists.example': { firstName: 'Jürgen', lastName: 'Weiß', dateOfBirth: '1970-09-03', city: 'Krems', country: 'AT' },
      'i@es.lists.example': { firstName: 'Inés', lastName: 'García López', dateOfBirth: null, city: 'Haro', country: 'ES' },
      'g@it.lists.example': { firstName: 'Giulia', lastName: 'Rossi', dateOfBirth: null, city: 'Oestrich-Winkel', country: 'DE' },
      'd@nl.lists.example': { firstName: 'Daan', lastName: 'de Vries', dateOfBirth: null, city: 'London', country: 'GB' },
    });
  });

  it('reads countries and states by their names as well as their codes, in any case and with or without accents', async () => {
    const csv = [
      'email,first_name,last_name,address 1,city,state,zip,country',
      'ca@places.example,Ada,One,1 Main St,Sonoma,California,95476,United States of America',
      'qc@places.example,Ada,Two,2 rue Saint-Jean,Québec,Quebec,G1R 4P5,canada',
      'nsw@places.example,Ada,Three,3 George St,Sydney,new south wales,2000,Australia',
      'fr@places.example,Ada,Four,4 rue des Caves,Beaune,,21200,France',
      'uk@places.example,Ada,Five,5 High St,Oxford,,OX1 1AA,UK',
      'ny@places.example,Ada,Six,6 Broadway,New York,ny,10001,us',
      'tr@places.example,Ada,Seven,7 Cadde,Istanbul,,34000,Turkey',
      'xx@places.example,Ada,Eight,8 Nowhere,Atlantis,,12345,Atlantis',
      'bad@places.example,Ada,Nine,9 Main St,Sonoma,Calisota,95476,USA',
    ].join('\n');
    const report = (await importCsv(csv)).json();
    expect(report.errors).toEqual([
      { line: 9, field: 'countryCode', message: 'Please choose your country' },
      { line: 10, field: 'stateCode', message: expect.any(String) },
    ]);
    expect(report.valid).toBe(7);
    await importCsv(csv.split('\n').slice(0, 8).join('\n'), 'dryRun=false');
    const stored = await t.db
      .select({ email: customers.email, state: addresses.stateCode, country: addresses.countryCode })
      .from(addresses)
      .innerJoin(customers, eq(customers.id, addresses.customerId))
      .where(like(customers.email, '%@places.example'));
    expect(Object.fromEntries(stored.map((row) => [row.email.split('@')[0], `${row.state ?? ''} ${row.country}`.trim()]))).toEqual({
      ca: 'CA US',
      qc: 'QC CA',
      nsw: 'NSW AU',
      fr: 'FR',
      uk: 'GB',
      ny: 'NY US',
      tr: 'TR',
    });
  });

  it("lists the file's tiers with what each goes into, and takes staff's mapping of the ones that are not ours", async () => {
    const reserve = (await importCall('POST', '/v1/staff/tiers', JSON.stringify({ name: 'Reserve (tiers test)', rank: 3 }), 'application/json')).json().id as string;
    const [founders] = await t.db.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.tenantId, TEST_TENANT), eq(tiers.name, 'Founders')));
    const csv = [
      'email,first_name,last_name,club',
      'a@tiers.example,Ada,One,Gold Club Member',
      'b@tiers.example,Ada,Two,founders',
      'c@tiers.example,Ada,Three,gold club member',
      'd@tiers.example,Ada,Four,Former Member',
      'e@tiers.example,Ada,Five,',
    ].join('\n');

    // Ours by name (case aside); the others are errors of their lines until mapped.
    const first = (await importCsv(csv)).json();
    expect(first.tiers).toEqual([
      { value: 'Gold Club Member', rows: 2, tierId: null, unknown: true },
      { value: 'founders', rows: 1, tierId: founders!.id, unknown: false },
      { value: 'Former Member', rows: 1, tierId: null, unknown: true },
    ]);
    expect(first.errors.map((error: { line: number; field: string }) => `${error.line}.${error.field}`)).toEqual(['2.tier', '4.tier', '5.tier']);

    // Gold Club Member into the Reserve tier, Former Member into no tier.
    const tierMapping = `tiers=${encodeURIComponent(JSON.stringify({ 'gold club member': reserve, 'Former Member': '' }))}`;
    const mapped = (await importCsv(csv, tierMapping)).json();
    expect(mapped).toMatchObject({ valid: 5, errors: [] });
    expect(mapped.tiers).toEqual([
      { value: 'Gold Club Member', rows: 2, tierId: reserve, unknown: false },
      { value: 'founders', rows: 1, tierId: founders!.id, unknown: false },
      { value: 'Former Member', rows: 1, tierId: null, unknown: false },
    ]);
    expect((await importCsv(csv, `dryRun=false&${tierMapping}`)).json()).toMatchObject({ imported: 5 });
    const stored = Object.fromEntries((await membersAt('tiers.example')).map((member) => [member.email[0], member.tierId]));
    expect(stored).toEqual({ a: reserve, b: founders!.id, c: reserve, d: null, e: null });

    // A mapping that is not an object of our tier IDs is the file's error, and nothing is written.
    for (const bad of ['[1]', JSON.stringify({ 'Gold Club Member': t.newId() }), JSON.stringify({ 'Gold Club Member': 7 })]) {
      const answer = (await importCsv(csv, `tiers=${encodeURIComponent(bad)}`)).json();
      expect(answer.errors[0], bad).toEqual({ line: 1, field: 'tiers', message: "The tier mapping must be a JSON object of the file's tier names and our tier IDs ('' for no tier)" });
    }
  });

  it('refuses a file that is not CSV, is empty, or is sent as JSON', async () => {
    expect((await importCsv('email\n')).json().errors[0]).toMatchObject({ line: 1, field: 'csv', message: 'The file has no members in it' });
    expect((await importCsv('email,"unclosed\nx')).json().errors[0]).toMatchObject({ field: 'csv' });
    expect((await importCall('POST', '/v1/staff/members/import', JSON.stringify({ csv: 'x' }), 'application/json')).statusCode).toBe(400);
  });
});
