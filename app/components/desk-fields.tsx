import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { CheckboxField, Field, SelectField } from "~/components/form-field";
import { useTranslation } from "~/components/i18n-provider";
import { DESK_KINDS } from "~/domain/enums";
import { weekdayName } from "~/domain/pickup-desk";

export const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
export const SPAN_PARTS = ["Opens", "Closes", "Reopens", "ClosesAgain"] as const;
type DayField = `day${(typeof WEEK)[number]}${"Closed" | (typeof SPAN_PARTS)[number]}`;

/** The desk's fields of a form (the admin's place form, a supplier's desk form), as Conform gives them. */
export type DeskFieldMetas = Record<
  "deskKind" | "address" | "phone" | "hasHours" | DayField,
  FieldMetadata<string | undefined>
>;

/**
 * The desk's part of a form (decisions 024 and 048): its kind, address and phone (with `children`, the place form's
 * own desk controls, in between), then its hours for each day, with closed days and split hours.
 */
export function DeskFields({ fields, children }: { fields: DeskFieldMetas; children?: ReactNode }) {
  const { t, i18n } = useTranslation("manage");
  const day = weekdayName(i18n.language);
  return (
    <>
      <fieldset className="form-card">
        <legend>{t("place.sections.desk")}</legend>
        <SelectField
          meta={fields.deskKind}
          label={t("place.fields.deskKind")}
          options={[
            { value: "", label: t("place.noDesk") },
            ...DESK_KINDS.map((kind) => ({ value: kind, label: t(`common:desk.kinds.${kind}`) })),
          ]}
        />
        {children}
        <Field meta={fields.address} label={t("place.fields.address")} maxLength={200} autoComplete="off" />
        <Field meta={fields.phone} label={t("place.fields.phone")} type="tel" maxLength={40} autoComplete="off" />
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("place.sections.hours")}</legend>
        <CheckboxField meta={fields.hasHours} label={t("place.fields.hasHours")} />
        <p className="hint">{t("place.hints.hours")}</p>
        {WEEK.map((index) => (
          <fieldset className="day-hours" key={index}>
            <legend>{day(index)}</legend>
            <CheckboxField meta={fields[`day${index}Closed`]} label={t("place.fields.closed")} />
            <div className="day-spans">
              {SPAN_PARTS.map((part) => (
                <Field
                  key={part}
                  meta={fields[`day${index}${part}`]}
                  label={t(`place.fields.hours${part}`)}
                  inputMode="numeric"
                  placeholder={part === "Opens" ? "08:00" : part === "Closes" ? "19:00" : undefined}
                  maxLength={5}
                  autoComplete="off"
                />
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>
    </>
  );
}

/** The error summary's names of the desk's fields ("Monday: opens"), in the reader's language. */
export function useDeskFieldLabels(): Record<string, string> {
  const { t, i18n } = useTranslation("manage");
  const day = weekdayName(i18n.language);
  const labels: Record<string, string> = {
    deskKind: t("place.fields.deskKind"),
    address: t("place.fields.address"),
    phone: t("place.fields.phone"),
  };
  for (const index of WEEK)
    for (const part of SPAN_PARTS) labels[`day${index}${part}`] = `${day(index)}: ${t(`place.fields.hours${part}`)}`;
  return labels;
}
