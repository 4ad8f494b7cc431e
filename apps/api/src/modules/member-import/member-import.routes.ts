import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberImportQuerySchema, MemberImportResultSchema, textInput } from '@winery/domain';
import { acceptCsvBody, CSV_BODY_READING } from '../../shared/csv-body.js';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { MemberImportService } from './member-import.service.js';

/** Largest member file accepted: 50,000 members with addresses fit well within it. */
const CSV_BODY_LIMIT = 16 * 1024 * 1024;
const CsvBodySchema = textInput({ multiline: true, trim: false, error: 'required' }).min(1, { error: 'required' }).max(CSV_BODY_LIMIT, { error: 'tooLong' });

export const memberImportRoutes: FastifyPluginAsyncZod<{ imports: MemberImportService }> = async (app, { imports }) => {
  // The body is the file itself.
  acceptCsvBody(app, CSV_BODY_LIMIT);

  app.post(
    '/staff/members/import',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        summary: "Import a member list from another platform's CSV export: a dry run first, then all or nothing",
        description:
          "Columns are found by the names common exports use (First Name/first_name/FirstName, Email/E-mail/email_address, Phone/Mobile, Birthday/DOB/Date of Birth, Tier/Club/Level, Member Since/Join Date/Signup Date, Address 1/Street, City, State/Province/Region, Zip/Postal Code, Country), and by their French, German, Spanish, Italian and Dutch names (Prénom, Nachname, Correo electrónico, Città, Postcode…), without regard to case or accents. A whole name's column (Name, Full Name, Nom complet, Nombre completo…) gives the names the file has no column of: \"Dr. Jane Doe\" is the title Dr., first name Jane and last name Doe, \"Dupont, Jean\" the family name first, \"Ludwig van Beethoven\" a family name from its particle on, and beside a first name's column (German Vorname and Name) it is the surname; one word alone is a surname, and its line is refused for its first name. A title's column (Title, Salutation, Civilité, Anrede…) gives the courtesy title when it is one a profile offers (Mr., Ms., Mrs., Mx., Dr., however written); any other is left out, its member imported without one. The members' export (members.csv) is in these columns, so it imports back as it came out. A country is read by its code in any case, its English name (France, United States of America, UK) or its name in those languages (Allemagne, Österreich, España), and a US, Canadian or Australian state by its code or its name (California, Québec); `mapping` (JSON {ourField: theirColumn}) names others, and a field mapped to null is read from no column, whatever its names would find. Dates as YYYY-MM-DD, as D.M.YYYY, or with slashes: month first (3/9/1975 is March 9) unless one of the file's slashed dates can only be day first (25/12/1980), or `dates` says which; `dateOrder` answers how they were read (null when the file has none). A tier is ours of the same name (case aside), or the one `tiers` (JSON {theirTier: tierId}, '' for no tier) gives it; any other is each of its lines' error (\"Unknown tier 'X'\"), and `tiers` in the answer lists every tier the file names, with its lines and where they go. dryRun=true (the default) answers rows, valid, errors by line, duplicates (in the file: an error; already a member: skipped) and the columns used. dryRun=false with any error answers 400 (fields 'line N.field') and writes nothing; otherwise every member is written in one transaction. sendInvitations=true e-mails each imported member a create-password link. " + CSV_BODY_READING,
        headers: TenantHeadersSchema,
        querystring: MemberImportQuerySchema,
        consumes: ['text/csv'],
        body: CsvBodySchema,
        response: { 200: MemberImportResultSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => imports.run({ tenantId: request.tenant.id, staff: request.staff }, request.body, request.query),
  );
};
