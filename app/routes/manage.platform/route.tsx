import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/audit-trail";
import { CheckboxField, Field, FormErrorSummary } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { useServerForm } from "~/hooks/use-server-form";
import type { PlatformFormInput } from "~/models/catalogue/platform-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function PlatformSettings() {
  const { current, trail, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<PlatformFormInput>("platform", {
    lastResult,
    constraint,
    defaultValue: current,
  });
  const labels = {
    minPickupHours: t("platform.fields.minPickupHours"),
    minRentalHours: t("platform.fields.minRentalHours"),
    earliestHour: t("platform.fields.earliestHour"),
    latestHour: t("platform.fields.latestHour"),
    operatorsNeedTwoFactor: t("platform.fields.operatorsNeedTwoFactor"),
    staffIdleHours: t("platform.fields.staffIdleHours"),
  } satisfies Record<keyof PlatformFormInput, string>;
  const number = { inputMode: "numeric", pattern: "[0-9]*" } as const;
  return (
    <>
      <h1>{t("platform.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="form-card">
        <FormErrorSummary form={form} labels={labels} />
        <fieldset>
          <legend>{t("platform.rulesHeading")}</legend>
          <p className="hint">{t("platform.rulesHint")}</p>
          <Field meta={fields.minPickupHours} label={labels.minPickupHours} {...number} />
          <Field meta={fields.minRentalHours} label={labels.minRentalHours} {...number} />
          <Field meta={fields.earliestHour} label={labels.earliestHour} {...number} />
          <Field meta={fields.latestHour} label={labels.latestHour} {...number} />
        </fieldset>
        <fieldset>
          <legend>{t("platform.securityHeading")}</legend>
          <CheckboxField meta={fields.operatorsNeedTwoFactor} label={labels.operatorsNeedTwoFactor} />
          <p className="hint">{t("platform.twoFactorHint")}</p>
          <Field meta={fields.staffIdleHours} label={labels.staffIdleHours} {...number} />
        </fieldset>
        <SubmitInput intent="save" label={t("platform.save")} />
      </Form>
      <AuditTrail trail={trail} record="platform" />
    </>
  );
}
