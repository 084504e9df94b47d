import { escapeHtml } from "~/utils/html";

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
  const name = intent ? ` name="intent" value="${escapeHtml(intent)}"` : "";
  return (
    <noscript
      dangerouslySetInnerHTML={{
        __html: `<button type="submit"${name} class="button button-small">${escapeHtml(label)}</button>`,
      }}
    />
  );
}
