import { z } from 'zod';
import { comparableName } from '../geo/place-names.js';
import { addressFields, checkAddress } from './address.js';
import { optionalText, personName, PHONE_MAX_LENGTH, PREFIXES } from './fields.js';
import { EmailSchema } from './login.js';
import { textInput } from './primitives.js';
import { optionalIsoDate, TIER_NAME_MAX_LENGTH } from './staff-members.js';

/*
 * Importing a winery's member list from its old platform (issue 14, item 2): a CSV file whose
 * columns are matched to ours by the names common exports use, or by an explicit mapping.
 */

/**
 * Our fields, and the column names (compared as `importColumnKey` makes them: lowercased, without
 * accents, letters and digits only) that mean each: as English exports name them, then French,
 * German, Spanish, Italian and Dutch ones, the languages of the wine countries whose wineries keep
 * their lists in a spreadsheet ("Prénom", "Straße", "Código postal"). A name is given to one field
 * only. "Name" is a whole name, except in German, where beside "Vorname" it is the surname: read
 * with the first name's own column (`readWholeName`), it is that too.
 */
export const MEMBER_IMPORT_COLUMNS = {
  /** A courtesy title (Mr., Dr.): one a profile offers is kept (`prefixFromTitle`), any other left out. */
  prefix: ['prefix', 'title', 'salutation', 'honorific', 'civilite', 'titre', 'anrede', 'titel', 'tratamiento', 'titulo', 'titolo', 'aanhef'],
  firstName: ['firstname', 'first', 'givenname', 'fname', 'prenom', 'vorname', 'nombre', 'nome', 'voornaam'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname', 'nom', 'nomdefamille', 'nachname', 'familienname', 'apellido', 'apellidos', 'cognome', 'achternaam'],
  /** One column for the whole name, read as the others (`readWholeName`) where the file has not those. */
  fullName: [
    'name', 'fullname', 'membername', 'customername', 'contactname',
    'nomcomplet', 'prenometnom', 'nometprenom', 'vollstandigername', 'vorundnachname', 'nombrecompleto', 'nombreyapellidos', 'nomecompleto', 'nomeecognome', 'naam', 'volledigenaam',
  ],
  email: [
    'email', 'emailaddress', 'mail',
    'courriel', 'adressecourriel', 'adresseemail', 'adressemail', 'emailadresse', 'correo', 'correoelectronico', 'postaelettronica', 'emailadres',
  ],
  phone: [
    'phone', 'mobile', 'phonenumber', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'telephone', 'tel',
    'portable', 'telefon', 'telefonnummer', 'handy', 'telefono', 'movil', 'celular', 'cellulare', 'telefoon', 'mobiel',
  ],
  dateOfBirth: ['dateofbirth', 'birthday', 'dob', 'birthdate', 'datedenaissance', 'geburtsdatum', 'fechadenacimiento', 'datadinascita', 'geboortedatum'],
  tier: ['tier', 'club', 'level', 'clubname', 'clublevel', 'membershiplevel', 'membership', 'tiername', 'niveau', 'stufe', 'nivel', 'livello'],
  memberSince: [
    'membersince', 'joindate', 'signupdate', 'joined', 'datejoined', 'signedup', 'startdate',
    'membredepuis', 'datedinscription', 'mitgliedseit', 'eintrittsdatum', 'beitrittsdatum', 'miembrodesde', 'fechadealta', 'sociodal', 'datadiiscrizione', 'lidsinds',
  ],
  address1: [
    'address1', 'address', 'street', 'streetaddress', 'addressline1', 'street1',
    'adresse', 'adresse1', 'rue', 'strasse', 'anschrift', 'direccion', 'calle', 'indirizzo', 'adres', 'straat',
  ],
  address2: ['address2', 'addressline2', 'street2', 'apt', 'suite', 'unit', 'adresse2', 'complementdadresse', 'adresszusatz', 'direccion2', 'indirizzo2', 'adres2'],
  city: ['city', 'town', 'locality', 'ville', 'commune', 'stadt', 'ort', 'wohnort', 'ciudad', 'localidad', 'poblacion', 'citta', 'comune', 'plaats', 'woonplaats'],
  stateCode: ['state', 'statecode', 'province', 'region', 'stateprovince', 'county', 'etat', 'bundesland', 'provincia', 'estado', 'regione', 'provincie'],
  zipCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal', 'codepostal', 'plz', 'postleitzahl', 'codigopostal', 'cap'],
  countryCode: ['country', 'countrycode', 'pays', 'land', 'pais', 'paese', 'nazione'],
} as const;
export type MemberImportField = keyof typeof MEMBER_IMPORT_COLUMNS;
export const MEMBER_IMPORT_FIELDS = Object.keys(MEMBER_IMPORT_COLUMNS) as MemberImportField[];

/**
 * How a column name is compared: "E-mail Address" and "email_address" are the same column, and so
 * are "Prénom" and "prenom", "Straße" and "Strasse".
 */
export const importColumnKey = comparableName;

const flag = () => z.enum(['true', 'false'], { error: 'invalidType' });

/** `POST /v1/staff/members/import?dryRun=&sendInvitations=&mapping=` (the body is the CSV file). */
/** How a date such as 3/9/2015 reads: March 9 (month first, the US order) or 3 September (day first). */
export const DATE_ORDERS = ['month-first', 'day-first'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/**
 * A date with slashes: "3/9/1975" is March 9 in the US order old platforms export (month first),
 * and 3 September where the day comes first (a European spreadsheet's). With dots it is always the
 * day first ("03.09.1975"). An ISO date, or a timestamp's date, reads as itself; anything else is
 * left for the rules, which refuse it. No order (null: the file has no slashed date) is month first.
 */
export function importDateToIso(value: string, order: DateOrder | null): string {
  const slashed = SLASHED_DATE.exec(value);
  if (slashed) {
    const [month, day] = order === 'day-first' ? [slashed[2]!, slashed[1]!] : [slashed[1]!, slashed[2]!];
    return `${slashed[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (dotted) return `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`;
  const stamp = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(value);
  return stamp ? stamp[1]! : value;
}

const SLASHED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * How the file's slashed dates read: as asked, else day first when one of them can only be (its
 * first number is 13 to 31), else month first, the US order; null when the file has none. Every
 * date is then read one way: one that does not fit it is an error of its line, never a guess.
 */
export function slashedDateOrder(values: string[], asked?: DateOrder): DateOrder | null {
  const slashed = values.map((value) => SLASHED_DATE.exec(value)).filter((match) => match !== null);
  if (slashed.length === 0) return null;
  if (asked) return asked;
  return slashed.some((match) => Number(match[1]) > 12 && Number(match[1]) <= 31) ? 'day-first' : 'month-first';
}

export const MemberImportQuerySchema = z.object({
  dryRun: flag().default('true'),
  sendInvitations: flag().default('false'),
  /** JSON object `{ ourField: theirColumn }`, for columns the common names do not find; `null` for a field read from no column. */
  mapping: textInput().max(4_000, { error: 'tooLong' }).optional(),
  /** How the file's slashed dates read; left out, day first when one of them can only be, else month first. */
  dates: z.enum(DATE_ORDERS, { error: 'invalidType' }).optional(),
  /** JSON object `{ theirTier: tierId }` ('' for no tier), for tier names of the file that are not ours. */
  tiers: textInput().max(16_000, { error: 'tooLong' }).optional(),
});
export type MemberImportQuery = z.output<typeof MemberImportQuerySchema>;

const ADDRESS_KEYS = ['address1', 'address2', 'city', 'stateCode', 'zipCode', 'countryCode'] as const;

/** One line of the file once its columns are ours: a member, and an address when any address column is filled. */
export const MemberImportRowSchema = z
  .object({
    firstName: personName('firstNameRequired', 'invalidFirstName'),
    lastName: personName('lastNameRequired', 'invalidLastName'),
    /** The courtesy title of its column, or the one a whole name began with ("Dr. Jane Doe"). */
    prefix: z.enum(PREFIXES).optional(),
    email: EmailSchema,
    phone: optionalText(PHONE_MAX_LENGTH),
    dateOfBirth: optionalIsoDate('invalidBirthDate'),
    memberSince: optionalIsoDate(),
    tier: optionalText(TIER_NAME_MAX_LENGTH),
    address1: z.string().optional(),
    address2: z.string().optional(),
    city: z.string().optional(),
    stateCode: z.string().optional(),
    zipCode: z.string().optional(),
    countryCode: z.string().optional(),
  })
  .superRefine((row, ctx) => {
    if (!ADDRESS_KEYS.some((key) => row[key])) return;
    const address = z.object(addressFields).superRefine(checkAddress).safeParse(Object.fromEntries(ADDRESS_KEYS.map((key) => [key, row[key] ?? ''])));
    if (address.success) return;
    for (const issue of address.error.issues) {
      const params = (issue as { params?: Record<string, unknown> }).params;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, ...(params ? { params } : {}) });
    }
  });
export type MemberImportRow = z.output<typeof MemberImportRowSchema>;

export const MemberImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  /** E-mails given twice in the file (an error on the later line), or already a member's (skipped, not imported). */
  duplicates: z.array(z.object({ line: z.number().int(), email: z.string(), existing: z.boolean() })),
  /** Which column of the file each of our fields was read from. */
  columns: z.record(z.string(), z.string()),
  /** How the file's slashed dates (3/9/2015) were read; null when it has none. */
  dateOrder: z.enum(DATE_ORDERS).nullable(),
  /**
   * Each tier the file names, in the order it first appears, with how many of its lines name it and
   * the tier it goes into: by `tiers`, else ours of the same name (case aside); null with `unknown`
   * when neither (each such line is an error), null alone when mapped to no tier.
   */
  tiers: z.array(z.object({ value: z.string(), rows: z.number().int(), tierId: z.uuid().nullable(), unknown: z.boolean() })),
  imported: z.number().int(),
  invited: z.number().int(),
});
export type MemberImportResult = z.infer<typeof MemberImportResultSchema>;
