import { escapeHtml } from "~/utils/html";
import { intentFieldName } from "~/utils/form-intent";

/**
 * A submit button for browsers that run no script, where a control that applies itself with JavaScript (currency,
 * sort order) needs one. Inside <noscript> it takes no room and no Tab stop in a browser that runs scripts, so
 * nothing moves or disappears when they load (it used to be hidden after hydration: a layout shift, and an
 * invisible Tab stop).
 */
export function NoScriptButton({
  label,
  intent,
}: {
  label: string;
  /** Named for a POST form (text browsers post only forms with a named field); a GET form's URL stays clean without. */ intent?: string;
}) {
  const name = intent ? ` name="${escapeHtml(intentFieldName(intent))}"` : "";
  return (
    <noscript
      dangerouslySetInnerHTML={{
        __html: `<input type="submit"${name} value="${escapeHtml(label)}" class="button button-small">`,
      }}
    />
  );
}
