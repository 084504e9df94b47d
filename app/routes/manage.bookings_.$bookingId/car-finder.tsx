import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";

/**
 * A GET form that narrows the change form's car list by name, plate or type (issue 50, point 3): a fleet of thousands
 * is never one select. It stands before the change form (forms do not nest) and works without JavaScript.
 */
export function CarFinder({ text, more }: { text: string; more: boolean }) {
  const { t } = useTranslation("manage");
  return (
    <Form method="get" className="form-card manage-filters" aria-labelledby="car-finder-heading">
      <h2 id="car-finder-heading">{t("staffBooking.carFinder.heading")}</h2>
      <div className="field">
        <label htmlFor="car-finder">{t("staffBooking.carFinder.label")}</label>
        <input id="car-finder" name="cars" type="search" defaultValue={text} maxLength={60} autoComplete="off" />
      </div>
      <button type="submit" className="button button-secondary">
        {t("staffBooking.carFinder.find")}
      </button>
      <p className="field-hint">{more ? t("staffBooking.carFinder.more") : t("staffBooking.carFinder.kept")}</p>
    </Form>
  );
}
