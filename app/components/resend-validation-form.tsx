import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Asks for a new validation link (a plain form post). */
export function ResendValidationForm() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/resend-validation" className="inline-form">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="button button-small">
        {t("account.resendLink")}
      </button>
    </Form>
  );
}
