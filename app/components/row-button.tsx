import { rowActionName } from "~/utils/row-actions";

/**
 * A row's own action in a table form (see `readRowAction`): its accessible name starts with its visible text
 * (WCAG 2.5.3, so "Cancel" said to voice control finds it), and the row it acts on is in its name, not its value.
 */
export function RowButton({
  action,
  id,
  label,
  namedLabel,
  className = "link-button",
}: {
  action: string;
  id: string;
  label: string;
  namedLabel?: string;
  className?: string;
}) {
  return (
    <input type="submit" name={rowActionName(action, id)} value={label} className={className} aria-label={namedLabel} />
  );
}
