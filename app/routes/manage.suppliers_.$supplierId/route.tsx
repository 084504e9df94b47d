import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/audit-trail";
import { CheckboxField, Field, FormErrorSummary, SelectField } from "~/components/form-field";
import { useOptionName } from "~/components/equipment";
import { SiteLink } from "~/components/site-link";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { EQUIPMENT, EQUIPMENT_CHARGES } from "~/domain/enums";
import { useServerForm } from "~/hooks/use-server-form";
import { pageMeta } from "~/utils/meta";
import type { KeysUnder } from "~/utils/translation-keys";
import type { SupplierFormInput } from "~/models/catalogue/supplier-form";
import type { action, loader } from "./page.server";
import { SupplierFiles } from "./supplier-files";
import { SupplierDeletion } from "./supplier-deletion";
import { SupplierSuspension } from "./supplier-suspension";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function ManageSupplier() {
  const { supplier, defaults, admin, suspension, deletion, maxMegabytes, constraint, trail, translations } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const settingsReply = answer && "settings" in answer ? answer.settings : undefined;
  const fileProblem = answer && "problem" in answer ? answer : null;
  const suspendConfirm = answer && "confirm" in answer ? answer.confirm : null;
  const [form, fields] = useServerForm<SupplierFormInput>("supplier", {
    lastResult: settingsReply,
    constraint,
    defaultValue: defaults,
  });
  const label = (field: KeysUnder<"manage", "supplier.fields">) => t(`supplier.fields.${field}`);
  const optionName = useOptionName();
  const pieceLabel = (kind: (typeof EQUIPMENT)[number], field: "price" | "charge" | "cap") =>
    t("supplier.equipment.fieldOf", { piece: optionName(kind), field: t(`supplier.equipment.${field}`) });
  const labels = Object.fromEntries([
    ...[
      "name",
      "minimumRentalDays",
      "hourlyMinimumHours",
      "taxRate",
      "legalName",
      "legalAddress",
      "taxId",
      "oneWayFee",
      "youngDriverAge",
      "youngDriverDailyFee",
      "markup",
      "maxCarsPerSearch",
      "flightGraceMinutes",
    ].map((field) => [field, label(field as KeysUnder<"manage", "supplier.fields">)]),
    ...EQUIPMENT.flatMap((kind) => [
      [`${kind}Price`, pieceLabel(kind, "price")],
      [`${kind}Cap`, pieceLabel(kind, "cap")],
    ]),
  ]);
  const money = { inputMode: "decimal" as const, maxLength: 14, autoComplete: "off" };
  return (
    <>
      <h1>{supplier.name}</h1>
      <p className="manage-summary">
        <span className="plate">{supplier.slug}</span> · {supplier.email} ·{" "}
        <SiteLink to={`/manage/team?supplier=${supplier.id}`}>{t("nav.team")}</SiteLink>
      </p>
      {admin && supplier.invited ? (
        <Form method="post" className="callout">
          <p>{t("supplier.invitation.pending", { email: supplier.email })}</p>
          <SubmitInput intent="invitation" label={t("supplier.invitation.resend")} className="button" />
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="car-editor">
        <FormErrorSummary form={form} labels={labels} />
        <fieldset className="form-card">
          <legend>{t("supplier.sections.rules")}</legend>
          <Field meta={fields.name} label={labels.name} maxLength={120} />
          <CheckboxField meta={fields.payLater} label={label("payLater")} />
          <CheckboxField meta={fields.licenseRequired} label={label("licenseRequired")} />
          <CheckboxField meta={fields.rentsByCategory} label={label("rentsByCategory")} />
          <Field meta={fields.minimumRentalDays} label={labels.minimumRentalDays} inputMode="numeric" />
          <Field
            meta={fields.hourlyMinimumHours}
            label={labels.hourlyMinimumHours}
            hint="manage:supplier.hints.hourlyMinimumHours"
            inputMode="numeric"
          />
        </fieldset>
        <fieldset className="form-card">
          <legend>{t("supplier.sections.flights")}</legend>
          <Field
            meta={fields.flightGraceMinutes}
            label={labels.flightGraceMinutes}
            inputMode="numeric"
            hint="manage:supplier.hints.flightGraceMinutes"
          />
          <CheckboxField meta={fields.afterHoursForFlights} label={label("afterHoursForFlights")} />
        </fieldset>
        <fieldset className="form-card">
          <legend>{t("supplier.sections.charges")}</legend>
          <div className="field-pairs">
            <Field
              meta={fields.taxRate}
              label={labels.taxRate}
              inputMode="decimal"
              hint="manage:supplier.hints.taxRate"
            />
            <Field meta={fields.oneWayFee} label={labels.oneWayFee} {...money} hint="manage:supplier.hints.oneWayFee" />
            <Field
              meta={fields.youngDriverAge}
              label={labels.youngDriverAge}
              inputMode="numeric"
              hint="manage:supplier.hints.youngDriverAge"
            />
            <Field meta={fields.youngDriverDailyFee} label={labels.youngDriverDailyFee} {...money} />
          </div>
          <CheckboxField meta={fields.taxIncluded} label={label("taxIncluded")} />
        </fieldset>
        <fieldset className="form-card">
          <legend>{t("supplier.sections.documents")}</legend>
          <p className="hint">{t("supplier.hints.documents")}</p>
          <Field meta={fields.legalName} label={labels.legalName} maxLength={160} autoComplete="organization" />
          <Field meta={fields.legalAddress} label={labels.legalAddress} maxLength={300} autoComplete="off" />
          <Field meta={fields.taxId} label={labels.taxId} maxLength={40} autoComplete="off" />
        </fieldset>
        <fieldset className="form-card" id="supplier-equipment">
          <legend>{t("supplier.sections.equipment")}</legend>
          <p className="hint">{t("supplier.equipment.hint")}</p>
          {EQUIPMENT.map((kind) => (
            <fieldset key={kind} className="equipment-offer">
              <legend>{optionName(kind)}</legend>
              <div className="field-pairs">
                <Field meta={fields[`${kind}Price`]} label={t("supplier.equipment.price")} {...money} />
                <SelectField
                  meta={fields[`${kind}Charge`]}
                  label={t("supplier.equipment.charge")}
                  options={EQUIPMENT_CHARGES.map((charge) => ({
                    value: charge,
                    label: t(`supplier.equipment.charges.${charge}`),
                  }))}
                />
                <Field meta={fields[`${kind}Cap`]} label={t("supplier.equipment.cap")} {...money} />
              </div>
            </fieldset>
          ))}
        </fieldset>
        {admin ? (
          <fieldset className="form-card">
            <legend>{t("supplier.sections.platform")}</legend>
            <div className="field-pairs">
              <Field
                meta={fields.markup}
                label={labels.markup}
                inputMode="decimal"
                hint="manage:supplier.hints.markup"
              />
              <Field
                meta={fields.maxCarsPerSearch}
                label={labels.maxCarsPerSearch}
                inputMode="numeric"
                hint="manage:supplier.hints.maxCarsPerSearch"
              />
            </div>
          </fieldset>
        ) : null}
        <p className="form-actions">
          <SubmitInput intent="save" label={t("supplier.save")} className="button button-accent" />
        </p>
      </Form>

      <SupplierFiles supplier={supplier} maxMegabytes={maxMegabytes} problem={fileProblem} />
      {suspension ? <SupplierSuspension name={supplier.name} suspension={suspension} confirm={suspendConfirm} /> : null}
      {deletion ? (
        <SupplierDeletion
          uses={deletion.uses}
          deletable={deletion.deletable}
          problem={
            answer && "form" in answer && answer.form === "delete" && "problem" in answer ? answer.problem : null
          }
        />
      ) : null}
      <AuditTrail trail={trail} record="supplier" />
    </>
  );
}
