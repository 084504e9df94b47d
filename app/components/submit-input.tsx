import type { InputHTMLAttributes } from "react";
import { intentFieldName } from "~/utils/form-intent";

/**
 * A form's submit control that reads as its label alone in every browser, lynx included (see `form-intent`): with an
 * `intent`, the form's action learns which button posted it.
 */
export function SubmitInput({
  intent,
  label,
  className = "button",
  ...attributes
}: { intent?: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "name">) {
  return (
    <input
      type="submit"
      name={intent === undefined ? undefined : intentFieldName(intent)}
      value={label}
      className={className}
      {...attributes}
    />
  );
}
