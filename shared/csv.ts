/** A table to export: header cells and rows of plain values. */
export interface CsvTable {
  /** File name without extension, e.g. 'machines'. */
  name: string;
  header: string[];
  rows: (string | number | boolean | null | undefined)[][];
}

/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled, CRLF line ends.
 * A leading =, +, - or @ is prefixed with an apostrophe so spreadsheets do not run it as a formula.
 */
export function toCsv(table: Pick<CsvTable, 'header' | 'rows'>): string {
  const cell = (value: string | number | boolean | null | undefined) => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [table.header, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
