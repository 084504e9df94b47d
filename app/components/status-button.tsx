import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * Whether the form whose `intent` field holds `intent` is being sent: the page's other forms stay usable (a page-wide
 * `navigation.state` check disabled all of them).
 */
export function useIsPending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * A form's submit button, named `intent` so that text browsers (lynx posts only forms with a named field) and
 * `useIsPending` can tell the forms of a page apart; it says when its own form is being sent.
 */
export function StatusButton({
  intent,
  children,
  className = "button",
  ...attributes
}: { intent: string; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const pending = useIsPending(intent);
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={className}
      aria-disabled={pending || undefined}
      {...attributes}
      onClick={(event) => (pending ? event.preventDefault() : attributes.onClick?.(event))}
    >
      {children}
    </button>
  );
}
