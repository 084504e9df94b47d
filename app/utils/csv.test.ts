import { describe, expect, it } from "vitest";
import { csvLine, fromSpreadsheetSafe, parseCsv, spreadsheetSafe } from "./csv";

describe("cells a spreadsheet would run as formulas", () => {
  it.each([
    ['=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'],
    ["+216 20 555 010", "'+216 20 555 010"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\rReturn", "'\rReturn"],
    ["Peugeot 208", "Peugeot 208"],
    ["'quoted already", "'quoted already"],
    ["", ""],
  ])("%j is written %j and read back exactly", (text, cell) => {
    expect(spreadsheetSafe(text)).toBe(cell);
    expect(fromSpreadsheetSafe(spreadsheetSafe(text))).toBe(text);
    // And through a whole CSV line.
    expect(parseCsv(csvLine([spreadsheetSafe(text), "x"]))[0]?.fields.map(fromSpreadsheetSafe)).toEqual([text, "x"]);
  });
});
