import { getFormProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { lazy, Suspense, useCallback } from "react";
import { CheckboxField, Field, FormErrorSummary, SelectField } from "~/components/form-field";
import { RepeatedRows } from "~/components/repeated-rows";
import { useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { DeskFields, useDeskFieldLabels } from "~/components/desk-fields";
import { useHydrated } from "~/hooks/use-hydrated";
import { useServerForm } from "~/hooks/use-server-form";
import type { FormConstraint } from "~/utils/form-constraints";
import type { KeysUnder } from "~/utils/translation-keys";
import type { PlaceEditorFields } from "~/models/catalogue/place-form";

const PointPicker = lazy(() => import("~/components/point-picker"));
const PARKING_PARTS = ["nameEn", "nameFr", "nameEs", "latitude", "longitude"] as const;

type Values = Record<string, unknown>;

/**
 * The place form (decision 027): code, country, parent, names in three languages, position (number fields; with
 * JavaScript a map to click as well), time zone, the desk (kind, address, phone, hours for each day with closed days
 * and split hours) and parking spots as rows. One plain post; "More parking rows" re-shows it with more rows.
 */
export function PlaceEditor({
  lastResult,
  constraint,
  defaultValue,
  countries,
  suppliers,
  timeZones,
  parkingRows,
  tileUrl,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: FormConstraint;
  defaultValue: DefaultValue<PlaceEditorFields>;
  countries: Array<{ id: string; name: string }>;
  suppliers: Array<{ id: string; name: string }>;
  timeZones: readonly string[];
  parkingRows: number;
  tileUrl: string;
  submitLabel: string;
}) {
  const { t } = useTranslation("manage");
  const hydrated = useHydrated();
  const [form, fields] = useServerForm<PlaceEditorFields>("place", {
    lastResult,
    constraint,
    defaultValue,
  });
  const values = (form.initialValue ?? defaultValue) as Values;
  const errors = form.allErrors;
  const deskLabels = useDeskFieldLabels();
  const label = (field: KeysUnder<"manage", "place.fields">) => t(`place.fields.${field}`);
  const labels: Record<string, string> = Object.fromEntries(
    (
      [
        "slug",
        "countryId",
        "parent",
        "nameEn",
        "nameFr",
        "nameEs",
        "latitude",
        "longitude",
        "timeZone",
        "deskSupplierId",
      ] as const
    ).map((field) => [field, label(field)]),
  );
  Object.assign(labels, deskLabels);
  for (let row = 0; row < parkingRows; row++)
    for (const part of PARKING_PARTS)
      labels[`parking[${row}].${part}`] = `${t("place.parkingRow", { number: row + 1 })}: ${label(part)}`;
  const parking = Array.isArray(values.parking) ? (values.parking as Values[]) : [];
  // The map only fills the two number fields, which stay what is posted.
  const pick = useCallback((lat: number, lng: number) => {
    const set = (id: string, value: number) => {
      const input = document.getElementById(id) as HTMLInputElement | null;
      if (input) input.value = value.toFixed(5);
    };
    set("place-latitude", lat);
    set("place-longitude", lng);
  }, []);
  const point = (() => {
    const lat = Number(String(values.latitude ?? "").replace(",", "."));
    const lng = Number(String(values.longitude ?? "").replace(",", "."));
    return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0)
      ? ([lat, lng] as [number, number])
      : null;
  })();

  return (
    <Form method="post" {...getFormProps(form)} className="place-editor">
      <FormErrorSummary form={form} labels={labels} />
      <fieldset className="form-card">
        <legend>{t("place.sections.place")}</legend>
        <Field meta={fields.slug} label={labels.slug} hint="manage:place.hints.slug" maxLength={80} />
        <SelectField
          meta={fields.countryId}
          label={labels.countryId}
          options={countries.map((country) => ({ value: country.id, label: country.name }))}
        />
        <Field meta={fields.parent} label={labels.parent} hint="manage:place.hints.parent" maxLength={80} />
        <div className="field-pairs">
          <Field meta={fields.nameEn} label={labels.nameEn} lang="en" maxLength={120} />
          <Field meta={fields.nameFr} label={labels.nameFr} lang="fr" maxLength={120} />
          <Field meta={fields.nameEs} label={labels.nameEs} lang="es" maxLength={120} />
        </div>
      </fieldset>

      <fieldset className="form-card">
        <legend>{t("place.sections.position")}</legend>
        <div className="field-pairs">
          <Field meta={fields.latitude} label={labels.latitude} inputMode="decimal" />
          <Field meta={fields.longitude} label={labels.longitude} inputMode="decimal" />
        </div>
        {hydrated ? (
          <>
            <p className="hint">{t("place.hints.map")}</p>
            <Suspense fallback={<div className="map-placeholder" />}>
              <PointPicker tileUrl={tileUrl} point={point} onPick={pick} />
            </Suspense>
          </>
        ) : null}
        <SelectField
          meta={fields.timeZone}
          label={labels.timeZone}
          options={timeZones.map((zone) => ({ value: zone, label: zone }))}
        />
      </fieldset>

      <DeskFields fields={fields}>
        <SelectField
          meta={fields.deskSupplierId}
          label={labels.deskSupplierId}
          hint="manage:place.hints.deskSupplier"
          options={[
            { value: "", label: t("place.platformDesk") },
            ...suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name })),
          ]}
        />
        <CheckboxField meta={fields.airport} label={t("place.fields.airport")} />
      </DeskFields>

      <fieldset className="form-card">
        <legend>{t("place.sections.parking")}</legend>
        <p className="hint">{t("place.hints.parking")}</p>
        <RepeatedRows
          formId="place"
          list="parking"
          rows={parkingRows}
          parts={PARKING_PARTS}
          values={parking}
          errors={errors}
          legend={(row) => t("place.parkingRow", { number: row + 1 })}
          label={label}
          attributes={(part) =>
            part.startsWith("name") ? { maxLength: 120 } : { maxLength: 20, inputMode: "decimal" }
          }
        />
      </fieldset>

      <p className="form-actions">
        <SubmitInput intent="save" label={submitLabel} className="button button-accent" />{" "}
        <SubmitInput intent="moreRows" label={t("place.moreRows")} className="button button-secondary" formNoValidate />
      </p>
    </Form>
  );
}
