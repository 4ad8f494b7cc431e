import { csvSeparator } from '@winery/domain';

/**
 * The first `limit` records of a CSV file, read with the usual quoting (a quoted value may hold
 * separators, doubled quotes and line breaks), its columns separated as the API reads them (a comma,
 * or the semicolon or tab its header line holds more of); a byte-order mark and the spaces around
 * each value are dropped, and so are blank lines, as the API skips them.
 */
export function csvRecords(text: string, limit: number): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const separator = csvSeparator(source);
  const records: string[][] = [];
  let record: string[] = [];
  let current = '';
  let quoted = false;
  const endRecord = () => {
    record.push(current.trim());
    if (record.some((value) => value !== '')) records.push(record);
    record = [];
    current = '';
  };
  for (let index = 0; index < source.length && records.length < limit; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        current += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === separator) {
      record.push(current.trim());
      current = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
    } else {
      current += char;
    }
  }
  if (records.length < limit) endRecord();
  return records;
}

/** The column names of a CSV file: its first record, without a trailing empty column. */
export function csvHeader(text: string): string[] {
  const [names = []] = csvRecords(text, 1);
  return names.filter((name, index) => name !== '' || index < names.length - 1);
}
