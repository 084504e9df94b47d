import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrorSummary } from "~/components/form-field";
import { useRouteTranslation, useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { useServerForm } from "~/hooks/use-server-form";
import type { CountryFormInput } from "~/models/catalogue/country-form";
import type { FormConstraint } from "~/utils/form-constraints";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

type Country = { id: string; code: string; nameEn: string; nameFr: string; nameEs: string };

/** One country's form: each country has its own, and one more adds a country. */
function CountryForm({
  country,
  lastResult,
  constraint,
}: {
  country: Country | null;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("manage");
  const id = `country-${country?.id ?? "new"}`;
  const [form, fields] = useServerForm<CountryFormInput>(id, {
    lastResult,
    constraint,
    defaultValue: country
      ? { code: country.code, nameEn: country.nameEn, nameFr: country.nameFr, nameEs: country.nameEs }
      : {},
  });
  const labels = {
    code: t("countries.code"),
    nameEn: t("place.fields.nameEn"),
    nameFr: t("place.fields.nameFr"),
    nameEs: t("place.fields.nameEs"),
  };
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="form-card"
      aria-label={country ? country.nameEn : t("countries.add")}
    >
      <FormErrorSummary form={form} labels={labels} />
      {country ? <input type="hidden" name="countryId" value={country.id} /> : null}
      <div className="field-pairs">
        <Field meta={fields.code} label={labels.code} maxLength={2} />
        <Field meta={fields.nameEn} label={labels.nameEn} lang="en" maxLength={80} />
        <Field meta={fields.nameFr} label={labels.nameFr} lang="fr" maxLength={80} />
        <Field meta={fields.nameEs} label={labels.nameEs} lang="es" maxLength={80} />
      </div>
      <SubmitInput intent={country ? "save" : "add"} label={country ? t("countries.save") : t("countries.add")} />
    </Form>
  );
}

export default function Countries() {
  const { countries, constraint, translations } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("countries.heading")}</h1>
      {countries.map((country) => (
        <CountryForm
          key={country.id}
          country={country}
          constraint={constraint}
          lastResult={reply?.form === country.id ? reply.result : undefined}
        />
      ))}
      <h2>{t("countries.add")}</h2>
      <CountryForm
        country={null}
        constraint={constraint}
        lastResult={reply?.form === "new" ? reply.result : undefined}
      />
    </>
  );
}
