import { csvSeparator } from '@winery/domain';

/**
 * The column names of a CSV file: its first record, read with the usual quoting (a quoted name may
 * hold separators, doubled quotes and line breaks), its columns separated as the API reads them (a
 * comma, or the semicolon or tab its header line holds more of); a byte-order mark and surrounding
 * spaces are dropped.
 */
export function csvHeader(text: string): string[] {
  const source = text.replace(/^\uFEFF/, '');
  const separator = csvSeparator(source);
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < source.length; index += 1) {
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
      names.push(current.trim());
      current = '';
    } else if (char === '\n' || char === '\r') {
      break;
    } else {
      current += char;
    }
  }
  names.push(current.trim());
  return names.filter((name, index) => name !== '' || index < names.length - 1);
}
