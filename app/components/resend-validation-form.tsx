import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { ReturnHereInput } from "./return-here-input";

/** Asks for a new validation link (a plain form post). */
export function ResendValidationForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/resend-validation" className="inline-form">
      <ReturnHereInput />
      <button type="submit" className="button button-small">
        {t("account.resendLink")}
      </button>
    </Form>
  );
}
