import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { Field, FIELD_PRESETS, SelectField } from "~/components/form-field";
import { FieldError, firstError } from "~/components/field-error";
import { SubmitInput } from "~/components/submit-input";
import { useTranslation } from "~/components/i18n-provider";
import { ALL_EXTRAS } from "~/models/pricing/pricing";
import { EQUIPMENT, type Equipment } from "~/domain/enums";
import { useOptionName } from "./equipment";
import {
  ADDITIONAL_DRIVER_POSITIONS,
  additionalDriverParts,
  type ALL_ADDITIONAL_DRIVER_FIELDS,
} from "~/models/checkout/checkout-fields";

/**
 * Each added driver's fields by name for an error summary, named with their group ("Additional driver 2: Phone"):
 * the same four labels repeat in each group.
 */
export function useAdditionalDriverLabels(): Record<(typeof ALL_ADDITIONAL_DRIVER_FIELDS)[number], string> {
  const { t } = useTranslation("manage");
  return Object.fromEntries(
    ADDITIONAL_DRIVER_POSITIONS.flatMap((position) =>
      additionalDriverParts(position).map(({ name, part }) => [
        name,
        `${t("staffBooking.sections.additionalDriverAt", { position })}: ${t(`staffBooking.fields.${part}`)}`,
      ]),
    ),
  ) as Record<(typeof ALL_ADDITIONAL_DRIVER_FIELDS)[number], string>;
}

type Fields = Record<
  | Equipment
  | "equipment"
  | "pickup"
  | "dropoff"
  | "from"
  | "to"
  | "extra"
  | (typeof ALL_ADDITIONAL_DRIVER_FIELDS)[number]
  | "flightNumber",
  FieldMetadata<string | string[] | undefined>
>;

/**
 * The rental's fields of the staff's forms (decision 029): the places, the period on the pick-up place's clocks, the
 * extras (priced by the server: one the car does not offer is refused on its field), the customer's flight at an airport
 * (checked as at checkout, decision 031) and the second driver.
 */
export function StaffRentalFields({
  fields,
  places,
  idPrefix,
}: {
  fields: Fields;
  /** The places to choose from; null: the period and places are fixed (posted as hidden fields by the caller). */
  places: Array<{ value: string; label: string }> | null;
  idPrefix: string;
}) {
  const { t } = useTranslation("manage");
  const optionName = useOptionName();
  return (
    <>
      {places ? (
        <fieldset className="form-card">
          <legend>{t("staffBooking.sections.rental")}</legend>
          <div className="field-pairs">
            <SelectField
              meta={fields.pickup as FieldMetadata<string>}
              label={t("staffBooking.fields.pickup")}
              options={places}
            />
            <SelectField
              meta={fields.dropoff as FieldMetadata<string>}
              label={t("staffBooking.fields.dropoff")}
              options={[{ value: "", label: t("staffBooking.sameDropoff") }, ...places]}
            />
            <Field
              meta={fields.from as FieldMetadata<string>}
              type="datetime-local"
              label={t("staffBooking.fields.from")}
            />
            <Field
              meta={fields.to as FieldMetadata<string>}
              type="datetime-local"
              label={t("staffBooking.fields.to")}
            />
          </div>
          <p className="hint">{t("staffBooking.localTimes")}</p>
        </fieldset>
      ) : null}
      <fieldset className="form-card">
        <legend>{t("staffBooking.sections.flight")}</legend>
        <Field
          meta={fields.flightNumber as FieldMetadata<string>}
          label={t("checkout:driver.flightNumber")}
          hint={{ key: "manage:staffBooking.flightHint" }}
          autoComplete="off"
          autoCapitalize="characters"
        />
      </fieldset>
      <fieldset className="form-card" id={`${idPrefix}-extras`} tabIndex={-1}>
        <legend>{t("staffBooking.sections.extras")}</legend>
        {/* Conform's own checkboxes: after a preview the ticks are what was previewed, with JavaScript on and off. */}
        <ul className="checkout-options">
          {getCollectionProps(fields.extra as FieldMetadata<string>, {
            type: "checkbox",
            options: [...ALL_EXTRAS],
          }).map(({ key, ...props }) => (
            <li key={key} className="field-checkbox">
              <input {...props} />
              <label htmlFor={props.id}>{t(`common:extras.${props.value as (typeof ALL_EXTRAS)[number]}`)}</label>
            </li>
          ))}
        </ul>
        <FieldError id={`${idPrefix}-extra-error`} error={firstError(fields.extra.errors)} />
      </fieldset>
      <fieldset className="form-card" id={`${idPrefix}-equipment`} tabIndex={-1}>
        <legend>{t("checkout:equipment.heading")}</legend>
        <p className="hint">{t("staffBooking.equipmentHint")}</p>
        <FieldError id={`${idPrefix}-equipment-error`} error={firstError(fields.equipment.errors)} />
        <div className="field-pairs">
          {EQUIPMENT.map((kind) => (
            <Field
              key={kind}
              meta={fields[kind] as FieldMetadata<string>}
              type="number"
              inputMode="numeric"
              min={0}
              max={9}
              label={optionName(kind)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="form-card">
        <legend>{t("staffBooking.sections.additionalDriver")}</legend>
        <p className="hint">{t("staffBooking.additionalHint")}</p>
        {ADDITIONAL_DRIVER_POSITIONS.map((position) => (
          <fieldset key={position} className="driver-group">
            <legend>{t("staffBooking.sections.additionalDriverAt", { position })}</legend>
            <div className="field-pairs">
              {additionalDriverParts(position).map(({ name, part }) => (
                <Field
                  key={name}
                  meta={fields[name] as FieldMetadata<string>}
                  label={t(`staffBooking.fields.${part}`)}
                  {...FIELD_PRESETS[part]}
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

/**
 * The staff forms' two submit controls: "Update total" first (Enter in a field, or a text browser's first submit,
 * previews and never saves), then the one that saves at the total shown.
 */
export function PreviewThenSave({ saveLabel }: { saveLabel: string }) {
  const { t } = useTranslation("manage");
  return (
    <div className="checkout-actions">
      <SubmitInput
        intent="preview"
        label={t("staffBooking.preview")}
        formNoValidate
        className="button button-secondary"
      />
      <SubmitInput intent="save" label={saveLabel} className="button button-accent" />
    </div>
  );
}
