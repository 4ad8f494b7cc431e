import type { FastifyInstance } from 'fastify';
import { decodeTextAs, decodeTextFile, textEncodingOf } from '@winery/domain';
import { fieldError } from './api-error.js';
import { API_MESSAGES } from './api-messages.js';

/**
 * Lets a plugin's routes take a CSV file as their body (`text/csv`), read as text in the charset its
 * type names (UTF-8, UTF-16, Windows-1252, ISO-8859-1); without one, as the console reads a file it
 * is given: by its byte-order mark, else UTF-8, else Windows-1252, the code page of Excel's plain
 * CSV. Bytes that are not the charset named, or a charset not read here, are a 400 on the `csv`
 * field: a file is never read as something it says it is not.
 */
export function acceptCsvBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const bytes = body as Buffer;
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset === undefined) return done(null, decodeTextFile(bytes).text);
    const named = charset.slice(0, 40);
    const encoding = textEncodingOf(charset);
    if (!encoding) return done(fieldError('csv', 'charset', API_MESSAGES.csvCharset(named)));
    try {
      done(null, decodeTextAs(bytes, encoding));
    } catch {
      done(fieldError('csv', 'charset', API_MESSAGES.csvNotCharset(named)));
    }
  });
}

/** What `acceptCsvBody` reads, for a route's OpenAPI description. */
export const CSV_BODY_READING =
  "Read in the body's `charset` (UTF-8, UTF-16, Windows-1252 or ISO-8859-1); without one, by its byte-order mark, else as UTF-8, else as Windows-1252 (Excel's plain CSV). Columns separated by commas, or by semicolons or tabs when the header line holds more of those.";
