import { getFormProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { CheckboxField, Field, FormErrorSummary, SelectField } from "~/components/form-field";
import { FieldError, firstError } from "~/components/field-error";
import { RepeatedRows } from "~/components/repeated-rows";
import { useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { CAR_RANGES, EXTRAS, FUEL_POLICIES, FUEL_TYPES, GEARBOXES, MULTIMEDIA, type Extra } from "~/domain/enums";
import { useServerForm } from "~/hooks/use-server-form";
import type { FormConstraint } from "~/utils/form-constraints";
import type { KeysUnder } from "~/utils/translation-keys";
import type { CarEditorFields } from "~/models/fleet/car-form";

/** Extras charged once per rental; the others per day (as pricing charges them). */
const PER_RENTAL: ReadonlySet<Extra> = new Set(["cancellation", "amendments"]);
const PRICE_FIELDS = [
  ["dailyPrice", "discountedDailyPrice"],
  ["weeklyPrice", "discountedWeeklyPrice"],
  ["biWeeklyPrice", "discountedBiWeeklyPrice"],
  ["monthlyPrice", "discountedMonthlyPrice"],
] as const;

export interface PlaceChoice {
  id: string;
  name: string;
}

type Values = Record<string, unknown>;

/**
 * The car form (decision 027): every field of a car, in sections, as one plain post. Amounts are in the base
 * currency. Date-based prices are rows of three fields; "More date rows" posts the form back with more empty rows,
 * with or without JavaScript. Places are checkboxes (the supplier's places) plus a field to add another by name.
 */
export function CarEditor({
  id,
  lastResult,
  constraint,
  defaultValue,
  dateRows,
  places,
  submitLabel,
  before,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: FormConstraint;
  defaultValue: DefaultValue<CarEditorFields>;
  /** How many date rows to show (filled ones and empty ones). */
  dateRows: number;
  places: PlaceChoice[];
  submitLabel: string;
  /** Fields shown first (the supplier an admin adds a car for). */
  before?: ReactNode;
}) {
  const { t } = useTranslation("manage");
  const [form, fields] = useServerForm<CarEditorFields>(id, {
    lastResult,
    constraint,
    defaultValue,
  });
  const values = (form.initialValue ?? defaultValue) as Values;
  const errors = form.allErrors;
  const label = (field: KeysUnder<"manage", "car.fields">) => t(`car.fields.${field}`);
  const labels: Record<string, string> = {
    supplier: t("car.fields.supplier"),
    name: label("name"),
    licensePlate: label("licensePlate"),
    range: label("range"),
    fuelType: label("fuelType"),
    gearbox: label("gearbox"),
    seats: label("seats"),
    doors: label("doors"),
    largeBags: label("largeBags"),
    smallBags: label("smallBags"),
    fuelPolicy: label("fuelPolicy"),
    mileage: label("mileage"),
    minimumAge: label("minimumAge"),
    deposit: label("deposit"),
    damageExcess: label("damageExcess"),
    theftExcess: label("theftExcess"),
    ...Object.fromEntries(PRICE_FIELDS.flat().map((field) => [field, label(field)])),
    hourlyPrice: label("hourlyPrice"),
    ...Object.fromEntries(
      EXTRAS.map((extra) => [`${extra}Price`, t("car.extraPrice", { extra: t(`common:extras.${extra}`) })]),
    ),
    places: t("car.sections.places"),
    addPlace: label("addPlace"),
  };
  for (let row = 0; row < dateRows; row++)
    for (const part of ["from", "to", "price"] as const)
      labels[`datePrices[${row}].${part}`] = `${t("car.datePriceRow", { number: row + 1 })}: ${label(part)}`;
  const chosenPlaces = new Set(asList(values.places));
  const chosenMultimedia = new Set(asList(values.multimedia));
  const dateValues = Array.isArray(values.datePrices) ? (values.datePrices as Values[]) : [];
  const money = { inputMode: "decimal" as const, autoComplete: "off", maxLength: 14 };

  return (
    <Form method="post" {...getFormProps(form)} className="car-editor">
      <FormErrorSummary form={form} labels={labels} />
      {before}
      <fieldset className="form-card">
        <legend>{t("car.sections.identity")}</legend>
        <Field meta={fields.name} label={labels.name} maxLength={100} />
        <Field meta={fields.licensePlate} label={labels.licensePlate} hint="manage:car.hints.plate" maxLength={20} />
        <SelectField
          meta={fields.range}
          label={labels.range}
          options={CAR_RANGES.map((value) => ({ value, label: t(`common:ranges.${value}`) }))}
        />
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("car.sections.features")}</legend>
        <SelectField
          meta={fields.fuelType}
          label={labels.fuelType}
          options={FUEL_TYPES.map((value) => ({ value, label: t(`common:fuelTypes.${value}`) }))}
        />
        <SelectField
          meta={fields.gearbox}
          label={labels.gearbox}
          options={GEARBOXES.map((value) => ({ value, label: t(`common:gearboxes.${value}`) }))}
        />
        <Field meta={fields.seats} label={labels.seats} inputMode="numeric" />
        <Field meta={fields.doors} label={labels.doors} inputMode="numeric" />
        <Field meta={fields.largeBags} label={labels.largeBags} inputMode="numeric" />
        <Field meta={fields.smallBags} label={labels.smallBags} inputMode="numeric" />
        <CheckboxField meta={fields.aircon} label={label("aircon")} />
        <fieldset className="choice-group">
          <legend>{label("multimedia")}</legend>
          {MULTIMEDIA.map((item) => (
            <div className="field field-checkbox" key={item}>
              <input
                type="checkbox"
                id={`${id}-multimedia-${item}`}
                name="multimedia"
                value={item}
                defaultChecked={chosenMultimedia.has(item)}
              />
              <label htmlFor={`${id}-multimedia-${item}`}>{t(`common:multimedia.${item}`)}</label>
            </div>
          ))}
        </fieldset>
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("car.sections.rules")}</legend>
        <SelectField
          meta={fields.fuelPolicy}
          label={labels.fuelPolicy}
          options={FUEL_POLICIES.map((value) => ({ value, label: t(`common:fuelPolicies.${value}`) }))}
        />
        <Field meta={fields.mileage} label={labels.mileage} hint="manage:car.hints.mileage" inputMode="numeric" />
        <Field meta={fields.minimumAge} label={labels.minimumAge} inputMode="numeric" />
        <Field meta={fields.deposit} label={labels.deposit} {...money} />
        <Field meta={fields.damageExcess} label={labels.damageExcess} hint="manage:car.hints.excess" {...money} />
        <Field meta={fields.theftExcess} label={labels.theftExcess} hint="manage:car.hints.excess" {...money} />
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("car.sections.prices")}</legend>
        <p className="hint">{t("car.priceNote")}</p>
        <div className="field-pairs">
          {PRICE_FIELDS.map(([price, discounted]) => (
            <Fragment key={price}>
              <Field meta={fields[price]} label={labels[price]} {...money} />
              <Field meta={fields[discounted]} label={labels[discounted]} hint="manage:car.hints.discount" {...money} />
            </Fragment>
          ))}
        </div>
        <Field meta={fields.hourlyPrice} label={labels.hourlyPrice} hint="manage:car.hints.hourlyPrice" {...money} />
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("car.sections.datePrices")}</legend>
        <p className="hint" id={`${id}-dates-hint`}>
          {t("car.hints.datePrices")}
        </p>
        <FieldError id={`${id}-dates-error`} error={firstError(errors.datePrices)} />
        <RepeatedRows
          formId={id}
          list="datePrices"
          rows={dateRows}
          parts={["from", "to", "price"] as const}
          values={dateValues}
          errors={errors}
          legend={(row) => t("car.datePriceRow", { number: row + 1 })}
          label={label}
          attributes={(part) => (part === "price" ? { type: "text", ...money } : { type: "date" })}
        />
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("car.sections.extras")}</legend>
        {EXTRAS.map((extra) => (
          <div className="extra-row" key={extra}>
            <SelectField
              meta={fields[`${extra}Mode`]}
              label={t(`common:extras.${extra}`)}
              options={(["notOffered", "included", "priced"] as const).map((value) => ({
                value,
                label: t(`car.extraModes.${value}`),
              }))}
            />
            <Field
              meta={fields[`${extra}Price`]}
              label={labels[`${extra}Price`]}
              hint={PER_RENTAL.has(extra) ? "manage:car.hints.perRental" : "manage:car.hints.perDay"}
              {...money}
            />
          </div>
        ))}
      </fieldset>

      <fieldset className="form-card" aria-describedby={`${id}-places-error`}>
        <legend>{t("car.sections.places")}</legend>
        {places.map((place) => (
          <div className="field field-checkbox" key={place.id}>
            <input
              type="checkbox"
              id={`${id}-place-${place.id}`}
              name="places"
              value={place.id}
              defaultChecked={chosenPlaces.has(place.id)}
            />
            <label htmlFor={`${id}-place-${place.id}`}>{place.name}</label>
          </div>
        ))}
        <FieldError id={`${id}-places-error`} error={firstError(errors.places)} />
        <Field meta={fields.addPlace} label={labels.addPlace} hint="manage:car.hints.addPlace" maxLength={120} />
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("car.sections.availability")}</legend>
        <CheckboxField meta={fields.available} label={label("available")} />
        <CheckboxField meta={fields.fullyBooked} label={label("fullyBooked")} />
        <CheckboxField meta={fields.comingSoon} label={label("comingSoon")} />
      </fieldset>

      {/* Save first: the button Enter in a field stands for. "More date rows" re-shows the form, saving nothing. */}
      <p className="form-actions">
        <SubmitInput intent="save" label={submitLabel} className="button button-accent" />{" "}
        <SubmitInput intent="moreRows" label={t("car.moreRows")} className="button button-secondary" formNoValidate />
      </p>
    </Form>
  );
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" && value ? [value] : [];
}
