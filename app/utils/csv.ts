/**
 * CSV as RFC 4180 writes it (decision 027's fleet files): fields separated by commas, quoted with double quotes when
 * they hold a comma, a quote or a line break (a quote doubled inside), rows ended by CRLF or LF. Pure.
 */

export class CsvError extends Error {
  constructor(
    readonly line: number,
    /** A quoted field never closed, or a quote where a field cannot have one (inside an unquoted field, or text after
     * a closing quote): refused, never guessed. */
    readonly kind: "unclosedQuote" | "strayQuote" = "unclosedQuote",
  ) {
    super(
      kind === "unclosedQuote" ? `unterminated quoted field starting on line ${line}` : `stray quote on line ${line}`,
    );
    this.name = "CsvError";
  }
}

/** The rows of `text` with the line each starts on (1-based); a final empty line is not a row. */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let fieldStarted = false;
  // Just after a closing quote: only a separator or a line end may follow.
  let closed = false;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"') {
        if (body[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (closed && char !== "," && char !== "\n" && char !== "\r") throw new CsvError(line, "strayQuote");
    closed = false;
    if (char === '"' && fieldStarted) throw new CsvError(line, "strayQuote");
    if (char === '"') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ",") {
      fields.push(field);
      field = "";
      fieldStarted = false;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && body[index + 1] === "\n") index++;
      fields.push(field);
      rows.push({ line: rowLine, fields });
      fields = [];
      field = "";
      fieldStarted = false;
      line++;
      rowLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(rowLine);
  if (fieldStarted || fields.length) {
    fields.push(field);
    rows.push({ line: rowLine, fields });
  }
  return rows.filter((row) => !(row.fields.length === 1 && row.fields[0] === ""));
}

const needsQuotes = /[",\r\n]/;

/** One CSV line (without its line break), each field quoted only when it must be. */
export function csvLine(fields: ReadonlyArray<string | number | null>): string {
  return fields
    .map((value) => {
      const text = value === null ? "" : String(value);
      return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(",");
}

/** What a spreadsheet reads as a formula when a cell begins with it (CWE-1236: "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet shows as text: one beginning like a formula gets a leading apostrophe, which spreadsheets
 * hide and never run. `fromSpreadsheetSafe` reads it back exactly.
 */
export const spreadsheetSafe = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The text a `spreadsheetSafe` cell stood for. */
export const fromSpreadsheetSafe = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
