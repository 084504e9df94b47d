import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrorSummary } from "~/components/form-field";
import { useRouteTranslation, useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { ConfirmBox } from "~/components/confirm-box";
import { useServerForm } from "~/hooks/use-server-form";
import type { CountryFormInput } from "~/models/catalogue/country-form";
import type { FormConstraint } from "~/utils/form-constraints";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

type Country = { id: string; code: string; nameEn: string; nameFr: string; nameEs: string; places: number };

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

/** A country is deleted only when it holds no place, behind a ticked box; else the page says how many it holds. */
function CountryDeletion({
  country,
  problem,
}: {
  country: Country;
  problem: "manage:countries.delete.confirmRequired" | "manage:countries.delete.nowUsed" | null;
}) {
  const { t } = useTranslation("manage");
  if (country.places > 0) return <p className="hint">{t("countries.delete.used", { count: country.places })}</p>;
  return (
    <Form method="post" className="form-card" aria-label={t("countries.delete.heading", { name: country.nameEn })}>
      <input type="hidden" name="countryId" value={country.id} />
      <p>{t("countries.delete.unused")}</p>
      <ConfirmBox
        id={`delete-${country.id}`}
        name="confirmDelete"
        label={t("countries.delete.confirm")}
        problem={problem ? t(problem) : null}
      />
      <SubmitInput intent="delete" label={t("countries.delete.button")} className="button button-danger" />
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
        <div key={country.id} className="country">
          <CountryForm
            country={country}
            constraint={constraint}
            lastResult={reply?.form === country.id && "result" in reply ? reply.result : undefined}
          />
          <CountryDeletion
            country={country}
            problem={reply?.form === `delete-${country.id}` && "problem" in reply ? reply.problem : null}
          />
        </div>
      ))}
      <h2>{t("countries.add")}</h2>
      <CountryForm
        country={null}
        constraint={constraint}
        lastResult={reply?.form === "new" && "result" in reply ? reply.result : undefined}
      />
    </>
  );
}
