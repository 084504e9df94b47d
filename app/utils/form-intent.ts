/**
 * Which button posted a form. A `<button name="intent" value="quote">` reads "(quote) Update total" in lynx, which
 * shows a button's value beside its text; an `<input type="submit">` reads as its label alone. So a form's buttons
 * are inputs whose value is their translated label and whose name carries the intent: `intent:quote`.
 */
const PREFIX = "intent:";

/** The name of the submit input that posts `intent`. */
export function intentFieldName(intent: string): string {
  return `${PREFIX}${intent}`;
}

/** The intent a form was posted with: an `intent` field (set by a script), else the submit input that carried it. */
export function postedIntent(formData: FormData | undefined | null): string | null {
  if (!formData) return null;
  const direct = formData.get("intent");
  if (typeof direct === "string") return direct;
  for (const key of formData.keys()) if (key.startsWith(PREFIX)) return key.slice(PREFIX.length);
  return null;
}

/** The form with its intent as one `intent` field, as the forms' schemas read it. */
export function withPostedIntent(formData: FormData): FormData {
  const intent = postedIntent(formData);
  for (const key of [...formData.keys()]) if (key.startsWith(PREFIX)) formData.delete(key);
  if (intent !== null) formData.set("intent", intent);
  return formData;
}
