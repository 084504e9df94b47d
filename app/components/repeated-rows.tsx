import type { InputHTMLAttributes } from "react";
import { FieldError, firstError } from "~/components/field-error";

/**
 * Rows of the same few fields in a plain form, named `list[row].part` as the form's schema reads them (date-based
 * prices, parking spots). A post shows them again with what was typed and each field's own message; "More rows"
 * is the form posted back with more of them, so no script is needed.
 */
export function RepeatedRows<Part extends string>({
  formId,
  list,
  rows,
  parts,
  values,
  errors,
  legend,
  label,
  attributes,
}: {
  formId: string;
  /** The list's field name: `datePrices`, `parking`. */
  list: string;
  rows: number;
  parts: readonly Part[];
  values: ReadonlyArray<Record<string, unknown> | undefined>;
  errors: Record<string, string[] | undefined>;
  legend: (row: number) => string;
  label: (part: Part) => string;
  attributes: (part: Part) => InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <fieldset className="date-price-row" key={row}>
          <legend>{legend(row)}</legend>
          {parts.map((part) => {
            const name = `${list}[${row}].${part}`;
            // The id the form's error summary links to: the form's id, then the field's name.
            const fieldId = `${formId}-${name}`;
            const error = firstError(errors[name]);
            return (
              <div className="field" key={part}>
                <label htmlFor={fieldId}>{label(part)}</label>
                <input
                  id={fieldId}
                  name={name}
                  {...attributes(part)}
                  defaultValue={String(values[row]?.[part] ?? "")}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                />
                <FieldError id={`${fieldId}-error`} error={error} />
              </div>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}
