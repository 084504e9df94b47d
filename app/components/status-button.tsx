import { useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { postedIntent } from "~/utils/form-intent";
import { SubmitInput } from "./submit-input";

/**
 * Whether the form posted with `intent` is being sent: the page's other forms stay usable (a page-wide
 * `navigation.state` check disabled all of them).
 */
export function useIsPending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && postedIntent(navigation.formData) === intent;
}

/**
 * A form's submit button, named by its intent so that text browsers (lynx posts only forms with a named field) and
 * `useIsPending` can tell the forms of a page apart; it says when its own form is being sent.
 */
export function StatusButton({
  intent,
  children,
  className = "button",
  ...attributes
}: { intent: string; children: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "name">) {
  const pending = useIsPending(intent);
  return (
    <SubmitInput
      intent={intent}
      label={children}
      className={className}
      aria-disabled={pending || undefined}
      {...attributes}
      onClick={(event) => (pending ? event.preventDefault() : attributes.onClick?.(event))}
    />
  );
}
