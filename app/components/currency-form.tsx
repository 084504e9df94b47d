import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { NoScriptButton } from "./no-script-button";
import { ReturnHereInput } from "./return-here-input";
import { currencySymbol, DISPLAY_CURRENCIES } from "~/domain/money";
import type { Currency } from "~/domain/enums";
import { useHydrated } from "~/hooks/use-hydrated";

/** The header's display-currency switch: a plain form; with JavaScript it applies on change. */
export function CurrencyForm({ current }: { current: Currency }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="post" action="/currency" className="currency-form">
      <ReturnHereInput />
      <label htmlFor="currency-select" className="visually-hidden">
        {t("nav.currencyLabel")}
      </label>
      <select
        id="currency-select"
        name="currency"
        defaultValue={current}
        key={current}
        onChange={(event) => hydrated && submit(event.currentTarget.form)}
      >
        {DISPLAY_CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {`${currency} ${currencySymbol(currency)}`}
          </option>
        ))}
      </select>
      {/* Without JavaScript the choice is applied by this button; with it, on change. */}
      <NoScriptButton label={t("actions.apply")} intent="currency" />
    </Form>
  );
}
