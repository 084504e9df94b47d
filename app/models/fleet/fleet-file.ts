/**
 * The fleet file (decision 027, docs/fleet-csv.md): UTF-8 CSV, one header row naming the columns below (in any
 * order), one car per row. Each row is read by the car form's own schema, so a file is checked exactly as the form
 * is; a file with any bad row imports nothing and names every bad row by line and column. Export writes the same
 * columns. Pure: no I/O.
 */
import { USUAL_BAGS } from "~/models/catalogue/car-size";
import type { CarRange } from "~/domain/enums";
import { EXTRAS, type Extra } from "~/domain/enums";
import type { Message } from "~/domain/form-errors";
import { decodeFormError } from "~/domain/form-errors";
import { amountText, carFormDefaults, carFormSchema, type CarColumns, type CarFormValue } from "./car-form";
import { csvLine, CsvError, fromSpreadsheetSafe, parseCsv, spreadsheetSafe } from "~/utils/csv";
import { FLEET_COLUMNS, REQUIRED_COLUMNS, type FleetColumn } from "./fleet-columns";

export { FLEET_COLUMNS, REQUIRED_COLUMNS, type FleetColumn };

/** Columns the form's field takes as typed; the others are read below (flags, lists, extras, the deposit's default). */
const READ_APART: ReadonlySet<FleetColumn> = new Set<FleetColumn>([
  "deposit",
  "damageExcess",
  "theftExcess",
  "largeBags",
  "smallBags",
  "aircon",
  "available",
  "fullyBooked",
  "comingSoon",
  "multimedia",
  "places",
  "datePrices",
  ...EXTRAS,
]);
const TEXT_COLUMNS = FLEET_COLUMNS.filter((column) => !READ_APART.has(column));

/** A list inside one field (multimedia, places, date-based prices) is separated by this. */
export const LIST_SEPARATOR = "|";
export const MAX_FLEET_ROWS = 20_000;

export interface FleetProblem extends Message {
  /** The file's line (1 is the header), or 0 for the file as a whole. */
  line: number;
  column: string | null;
}

export interface FleetRow {
  line: number;
  form: CarFormValue;
  /** Place codes, resolved by the server. */
  placeCodes: string[];
}

/** An extra's field: empty or "not offered" (none), "included", or an amount. */
function extraFields(extra: Extra, value: string): Record<string, string> {
  const text = value.trim().toLowerCase();
  if (!text || text === "not offered" || text === "no") return { [`${extra}Mode`]: "notOffered" };
  if (text === "included") return { [`${extra}Mode`]: "included" };
  return { [`${extra}Mode`]: "priced", [`${extra}Price`]: value.trim() };
}

/** Which column a schema path belongs to (datePrices.2.price → datePrices; fullInsurancePrice → fullInsurance). */
function columnOf(path: string): string {
  const base = path.replace(/[.[].*$/, "");
  const extra = EXTRAS.find((name) => base === `${name}Mode` || base === `${name}Price`);
  return extra ?? base;
}

export interface FleetFileReading {
  rows: FleetRow[];
  problems: FleetProblem[];
}

/** Reads a fleet file: its rows as valid car forms, or every problem found (nothing is imported then). */
export function readFleetFile(text: string): FleetFileReading {
  const reading = fleetFileReading(text);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
  }
}

/**
 * The same reading, giving the event loop back every few hundred rows: 10,000 rows take about two seconds of CPU, which
 * the import job spends without holding up the requests the same process answers.
 */
export async function readFleetFileInTurns(text: string): Promise<FleetFileReading> {
  const reading = fleetFileReading(text);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const ROWS_PER_TURN = 250;

function* fleetFileReading(text: string): Generator<void, FleetFileReading> {
  const problems: FleetProblem[] = [];
  if (text.includes("\u0000") || text.includes("\uFFFD"))
    return { rows: [], problems: [{ line: 0, column: null, key: "manage:import.notText" }] };
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { rows: [], problems: [{ line: error.line, column: null, key: `manage:import.${error.kind}` }] };
  }
  const [header, ...body] = parsed;
  if (!header) return { rows: [], problems: [{ line: 0, column: null, key: "manage:import.empty" }] };
  const columns = header.fields.map((name) => name.trim());
  const unknown = columns.filter((name) => !(FLEET_COLUMNS as readonly string[]).includes(name));
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  for (const name of unknown)
    problems.push({ line: 1, column: name, key: "manage:import.unknownColumn", params: { column: name } });
  // A column named twice: which one holds the value is not guessed.
  for (const name of new Set(columns.filter((name, index) => columns.indexOf(name) !== index)))
    problems.push({ line: 1, column: name, key: "manage:import.duplicateColumn", params: { column: name } });
  for (const name of missing)
    problems.push({ line: 1, column: name, key: "manage:import.missingColumn", params: { column: name } });
  if (problems.length) return { rows: [], problems };
  if (body.length === 0) return { rows: [], problems: [{ line: 0, column: null, key: "manage:import.noRows" }] };
  if (body.length > MAX_FLEET_ROWS)
    return {
      rows: [],
      problems: [{ line: 0, column: null, key: "manage:import.tooManyRows", params: { max: MAX_FLEET_ROWS } }],
    };

  const rows: FleetRow[] = [];
  const plates = new Map<string, number>();
  for (const [index, row] of body.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) yield;
    if (row.fields.length !== columns.length) {
      problems.push({
        line: row.line,
        column: null,
        key: "manage:import.fieldCount",
        params: { count: row.fields.length, expected: columns.length },
      });
      continue;
    }
    const value = (name: FleetColumn) => {
      const index = columns.indexOf(name);
      // Read back exactly what an export wrote (its apostrophe before a formula-like cell taken off).
      return index === -1 ? undefined : fromSpreadsheetSafe(row.fields[index]!);
    };
    // The row as the form would post it, checked by the form's schema (zod straight on an object: Conform's
    // FormData parsing cost twelve times as much, 16 s for 10,000 rows).
    const data: Record<string, unknown> = {};
    const set = (name: string, text: string | undefined) => {
      if (text !== undefined) data[name] = text;
    };
    for (const name of TEXT_COLUMNS)
      set(name, value(name) === "" && !REQUIRED_COLUMNS.includes(name) ? undefined : value(name));
    set("deposit", value("deposit") || "0");
    // A file written before excesses were stated: the deposit, as migration 0021 set them (decision 030).
    for (const name of ["damageExcess", "theftExcess"] as const) set(name, value(name) || value("deposit") || "0");
    // A file without the luggage: what a car of its type usually takes (decision 032).
    const usual = USUAL_BAGS[value("range") as CarRange] ?? { largeBags: 0, smallBags: 0 };
    for (const name of ["largeBags", "smallBags"] as const) set(name, value(name) || String(usual[name]));
    for (const name of ["aircon", "available", "fullyBooked", "comingSoon"] as const) {
      const flag = value(name);
      set(name, flag === undefined ? (name === "available" || name === "aircon" ? "yes" : "no") : flag);
    }
    data.multimedia = (value("multimedia") ?? "")
      .split(LIST_SEPARATOR)
      .map((part) => part.trim())
      .filter(Boolean);
    for (const extra of EXTRAS)
      for (const [name, text] of Object.entries(extraFields(extra, value(extra) ?? ""))) set(name, text);
    data.datePrices = (value("datePrices") ?? "")
      .split(LIST_SEPARATOR)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((entry) => {
        const match = /^(\S+)\.\.(\S+):\s*(.+)$/.exec(entry);
        return { from: match?.[1] ?? entry, to: match?.[2] ?? "", price: match?.[3] ?? "" };
      });
    const placeCodes = (value("places") ?? "")
      .split(LIST_SEPARATOR)
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean);
    const parsed = carFormSchema.safeParse(data);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path.map(String).join("."));
        const message = decodeFormError(issue.message);
        if (!message || seen.has(column)) continue;
        seen.add(column);
        // A value that is not one of a list (a type, a fuel, a gearbox): named, with the values the column takes.
        if (issue.code === "invalid_enum_value" && typeof issue.received === "string" && issue.received.trim())
          problems.push({
            line: row.line,
            column,
            key: "manage:import.notOneOf",
            params: { value: issue.received, allowed: issue.options.join(", ") },
          });
        else problems.push({ line: row.line, column, ...message });
      }
      continue;
    }
    if (placeCodes.length === 0) {
      problems.push({ line: row.line, column: "places", key: "manage:validation.placesRequired" });
      continue;
    }
    const earlier = plates.get(parsed.data.licensePlate);
    if (earlier) {
      problems.push({
        line: row.line,
        column: "licensePlate",
        key: "manage:import.duplicatePlate",
        params: { line: earlier },
      });
      continue;
    }
    plates.set(parsed.data.licensePlate, row.line);
    rows.push({ line: row.line, form: parsed.data, placeCodes });
  }
  return { rows: problems.length ? [] : rows, problems };
}

/** The header line of an export. */
export const fleetHeader = () => csvLine([...FLEET_COLUMNS]);

/** One car as a line of the fleet file, readable back by `readFleetFile`. */
export function fleetLine(
  car: CarColumns,
  placeCodes: string[],
  datePrices: Array<{ startDate: string; endDate: string; dailyPrice: number }>,
): string {
  // The text the car form shows for each field (the same words a file uses), then the file's own spellings.
  const shown = carFormDefaults(car, placeCodes, datePrices) as Record<string, unknown>;
  const extra = (stored: number) => (stored < 0 ? "not offered" : stored === 0 ? "included" : amountText(stored));
  const flag = (value: boolean) => (value ? "yes" : "no");
  const values = {
    ...(Object.fromEntries(TEXT_COLUMNS.map((column) => [column, String(shown[column] ?? "")])) as Record<
      FleetColumn,
      string
    >),
    deposit: amountText(car.deposit),
    damageExcess: amountText(car.damageExcess),
    theftExcess: amountText(car.theftExcess),
    largeBags: String(car.largeBags),
    smallBags: String(car.smallBags),
    aircon: flag(car.aircon),
    available: flag(car.available),
    fullyBooked: flag(car.fullyBooked),
    comingSoon: flag(car.comingSoon),
    multimedia: car.multimedia.join(LIST_SEPARATOR),
    ...(Object.fromEntries(EXTRAS.map((name) => [name, extra(car[name])])) as Record<Extra, string>),
    places: placeCodes.join(LIST_SEPARATOR),
    datePrices: datePrices
      .map((row) => `${row.startDate}..${row.endDate}:${amountText(row.dailyPrice)}`)
      .join(LIST_SEPARATOR),
  };
  // A name or plate beginning like a formula ("=", "+", "-", "@"…) is written as text a spreadsheet never runs.
  return csvLine(FLEET_COLUMNS.map((column) => spreadsheetSafe(values[column])));
}
