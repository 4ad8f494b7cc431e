import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeTextAs, decodeTextFile, MemberImportQuerySchema, MemberImportResultSchema, textEncodingOf, textInput } from '@winery/domain';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { fieldError } from '../../shared/api-error.js';
import { TenantHeadersSchema } from '../../shared/http-schemas.js';
import { errorResponses } from '../../shared/route-schemas.js';
import type { MemberImportService } from './member-import.service.js';

/** Largest member file accepted: 50,000 members with addresses fit well within it. */
const CSV_BODY_LIMIT = 16 * 1024 * 1024;
const CsvBodySchema = textInput({ multiline: true, trim: false, error: 'required' }).min(1, { error: 'required' }).max(CSV_BODY_LIMIT, { error: 'tooLong' });

export const memberImportRoutes: FastifyPluginAsyncZod<{ imports: MemberImportService }> = async (app, { imports }) => {
  // The body is the file itself, read in the charset its type names; without one, as the console
  // reads a chosen file: by its byte-order mark, else UTF-8, else Windows-1252 (Excel's plain CSV).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset === undefined) return done(null, decodeTextFile(body as Buffer).text);
    const encoding = textEncodingOf(charset);
    if (!encoding) return done(fieldError('csv', 'charset', API_MESSAGES.memberImportCharset(charset.slice(0, 40))));
    try {
      done(null, decodeTextAs(body as Buffer, encoding));
    } catch {
      done(fieldError('csv', 'charset', API_MESSAGES.memberImportNotCharset(charset.slice(0, 40))));
    }
  });

  app.post(
    '/staff/members/import',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        summary: "Import a member list from another platform's CSV export: a dry run first, then all or nothing",
        description:
          "Columns are found by the names common exports use (First Name/first_name/FirstName, Email/E-mail/email_address, Phone/Mobile, Birthday/DOB/Date of Birth, Tier/Club/Level, Member Since/Join Date/Signup Date, Address 1/Street, City, State/Province/Region, Zip/Postal Code, Country); `mapping` (JSON {ourField: theirColumn}) names others. Columns separated by commas, or by semicolons or tabs when the header line holds more of those. Read in the body's `charset` (UTF-8, UTF-16, Windows-1252 or ISO-8859-1); without one, by its byte-order mark, else as UTF-8, else as Windows-1252 (Excel's plain CSV). Dates as YYYY-MM-DD or M/D/YYYY. A tier must exist (\"Unknown tier 'X'\"). dryRun=true (the default) answers rows, valid, errors by line, duplicates (in the file: an error; already a member: skipped) and the columns used. dryRun=false with any error answers 400 (fields 'line N.field') and writes nothing; otherwise every member is written in one transaction. sendInvitations=true e-mails each imported member a create-password link.",
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
