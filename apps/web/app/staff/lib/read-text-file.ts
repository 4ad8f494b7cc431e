import { decodeTextFile, type TextFileEncoding } from '@winery/domain';

/**
 * A file staff chose (a CSV import), as text: read as it was saved, by its byte-order mark, else as
 * UTF-8, else as Windows-1252, the code page of Excel's plain CSV (`decodeTextFile`). A Blob's own
 * text() reads every file as UTF-8, and turned each accented letter of such a file into U+FFFD.
 */
export async function readTextFile(file: Blob): Promise<{ text: string; encoding: TextFileEncoding }> {
  return decodeTextFile(new Uint8Array(await file.arrayBuffer()));
}

/** What a CSV import's file input offers: CSV, and the tab-separated text Excel saves as "Unicode text". */
export const CSV_FILE_TYPES = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';
