/**
 * Tables of rows with per-row buttons and a bulk bar, in one plain form: a row's own button is named
 * `row:<action>:<id>` (its value is its visible text, which a text browser shows as the button's value, never an
 * id); the bulk bar posts `bulkAction` with the ticked `id`s — or, when "select all on this page" is ticked (no
 * JavaScript needed), every `pageId` the page listed. `row=<action>:<id>` is read too (links and older pages). A bulk
 * bar with one button per action names them `bulkAction:<action>`, their values their labels, for the same reason.
 */
export const rowActionName = (action: string, id: string) => `row:${action}:${id}`;
export const bulkActionName = (action: string) => `bulkAction:${action}`;

export function readRowAction<Action extends string>(
  formData: FormData,
  actions: readonly Action[],
): { action: Action | undefined; ids: string[]; single: boolean } {
  const known = (name: unknown) => actions.find((action) => action === name);
  const named = [...formData.keys()].find((key) => key.startsWith("row:"));
  const row = named ? named.slice("row:".length) : String(formData.get("row") ?? "");
  if (row) {
    const [action, id] = row.split(":");
    return { action: known(action), ids: id ? [id] : [], single: true };
  }
  const ids = formData.get("allOnPage") === "on" ? formData.getAll("pageId") : formData.getAll("id");
  const bulkButton = [...formData.keys()].find((key) => key.startsWith("bulkAction:"));
  const bulk = bulkButton ? bulkButton.slice("bulkAction:".length) : formData.get("bulkAction");
  return { action: known(bulk), ids: ids.map(String), single: false };
}
