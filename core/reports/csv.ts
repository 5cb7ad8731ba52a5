/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
 * (with inner quotes doubled) when it holds a comma, a quote, CR or LF.
 */

const NEEDS_QUOTES = /[",\r\n]/;
/** Leading characters that make spreadsheet programs evaluate a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field. `null`/`undefined` are empty fields.
 * @example csvField('Rent "flat", May') // '"Rent ""flat"", May"'
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Free text written by people (a transfer description is chosen by the sender and lands in the
 * recipient's statement) is neutralised against formula injection with a leading apostrophe
 * (OWASP "CSV injection"). Only free text goes through here: ids, enums, dates and amounts are
 * produced by the service (a negative `net` must stay a number).
 * @example csvText('=HYPERLINK("x")') // `'=HYPERLINK("x")`
 */
export function csvText(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: ReadonlyArray<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
