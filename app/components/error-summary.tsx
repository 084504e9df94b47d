import { useEffect, useRef } from "react";
import { useTranslation } from "./i18n-provider";
import type { FieldErrorMessage } from "./field-error";

/**
 * "There is a problem": the form's own message and a link to each field in error, at the top of the form. It takes
 * focus when it appears — after a post without JavaScript through `autofocus`, with it on mount and whenever the
 * errors change — and is an alert, so a screen reader announces it at once.
 */
export function ErrorSummary({
  errors,
  labels,
  idPrefix = "checkout-",
}: {
  errors: Record<string, NonNullable<FieldErrorMessage>>;
  labels: Record<string, string>;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const fields = Object.entries(errors).filter(([field]) => field !== "");
  const formError = errors[""];
  const count = fields.length + (formError ? 1 : 0);
  useEffect(() => {
    if (count > 0) ref.current?.focus();
  }, [errors, count]);
  // The tab's title says so too ("Error: …"), as a refused post's page does for a screen reader's first words; the
  // page's own title comes back once the problems are gone. Said once, however many summaries the page holds.
  useEffect(() => {
    if (count === 0) return;
    const title = document.title;
    if (title.startsWith(t("errors.titleWithError", { title: "" }))) return;
    const withError = t("errors.titleWithError", { title });
    document.title = withError;
    return () => {
      if (document.title === withError) document.title = title;
    };
  }, [count, t]);
  if (count === 0) return null;
  const titleId = `${idPrefix}error-summary-title`;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={ref} autoFocus>
      <h2 id={titleId}>{t("errors.summaryTitle")}</h2>
      {formError ? <p>{t(formError.key, formError.params ?? {})}</p> : null}
      {fields.length ? (
        <ul>
          {fields.map(([field, error]) => (
            <li key={field}>
              <a href={`#${idPrefix}${field}`}>
                {labels[field]
                  ? t("errors.summaryItem", { label: labels[field], message: t(error.key, error.params ?? {}) })
                  : t(error.key, error.params ?? {})}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
