import { describe, expect, it } from "vitest";
import { bulkActionName, readRowAction, rowActionName } from "./row-actions";

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const ACTIONS = ["cancelRequest", "delete"] as const;
const ID = "0b7c1e0e-1111-4444-8888-123456789abc";

describe("readRowAction", () => {
  it.each<[string, Array<[string, string]>, ReturnType<typeof readRowAction>]>([
    [
      "a row's button (the row in its name, its label as value)",
      [
        [rowActionName("cancelRequest", ID), "Cancel"],
        ["query", ""],
      ],
      { action: "cancelRequest", ids: [ID], single: true },
    ],
    ["the older row=<action>:<id> form", [["row", `delete:${ID}`]], { action: "delete", ids: [ID], single: true }],
    [
      "an action the page does not offer",
      [[rowActionName("setStatus", ID), "Set"]],
      { action: undefined, ids: [ID], single: true },
    ],
    [
      "the bulk bar with ticked rows",
      [
        ["bulkAction", "delete"],
        ["id", "a"],
        ["id", "b"],
      ],
      { action: "delete", ids: ["a", "b"], single: false },
    ],
    [
      "the bulk bar with every row of the page",
      [
        ["bulkAction", "cancelRequest"],
        ["allOnPage", "on"],
        ["pageId", "a"],
        ["pageId", "c"],
        ["id", "b"],
      ],
      { action: "cancelRequest", ids: ["a", "c"], single: false },
    ],
    [
      "the bulk bar's own button for one action (its label as value)",
      [
        [bulkActionName("delete"), "Supprimer"],
        ["id", "a"],
      ],
      { action: "delete", ids: ["a"], single: false },
    ],
    ["nothing chosen", [["query", ""]], { action: undefined, ids: [], single: false }],
  ])("%s", (_name, entries, expected) => {
    expect(readRowAction(form(entries), ACTIONS)).toEqual(expected);
  });
});
