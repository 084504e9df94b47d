import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrorSummary } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Pagination } from "~/components/pagination";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { useServerForm } from "~/hooks/use-server-form";
import { SUPPLIERS_PAGE_SIZE, type NewSupplierInput } from "~/models/catalogue/supplier-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Suppliers() {
  const { query, list, constraint, translations } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const [form, fields] = useServerForm<NewSupplierInput>("supplier-new", { lastResult, constraint });
  const labels = { name: t("suppliers.name"), email: t("suppliers.email"), slug: t("suppliers.slug") };
  return (
    <>
      <h1>{t("suppliers.heading")}</h1>
      <Form method="get" className="form-card manage-filters" aria-label={t("suppliers.filters")}>
        <div className="field">
          <label htmlFor="suppliers-q">{t("suppliers.search")}</label>
          <input id="suppliers-q" type="search" name="q" defaultValue={query.text} maxLength={100} />
        </div>
        <SubmitInput label={t("fleet.show")} />
      </Form>
      <h2 aria-live="polite">{t("suppliers.count", { count: list.total })}</h2>
      {list.suppliers.length ? null : <p>{t("suppliers.none")}</p>}
      <div className="table-scroll">
        <table className="manage-table">
          <caption className="visually-hidden">{t("suppliers.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("suppliers.columns.supplier")}</th>
              <th scope="col">{t("suppliers.columns.account")}</th>
              <th scope="col">{t("suppliers.columns.cars")}</th>
              <th scope="col">{t("suppliers.columns.markup")}</th>
            </tr>
          </thead>
          <tbody>
            {list.suppliers.map((supplier) => (
              <tr key={supplier.id}>
                <th scope="row">
                  <SiteLink to={`/manage/suppliers/${supplier.id}`}>{supplier.name}</SiteLink>
                  <br />
                  <span className="plate">{supplier.slug}</span>
                </th>
                <td>
                  {supplier.email}
                  <br />
                  {supplier.suspended
                    ? t("suppliers.suspended")
                    : supplier.invited
                      ? t("suppliers.invited")
                      : t("suppliers.active")}
                </td>
                <td>{supplier.cars}</td>
                <td>{supplier.markupBasisPoints / 100} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={query.page}
        pages={Math.max(1, Math.ceil(list.total / SUPPLIERS_PAGE_SIZE))}
        hrefFor={(page) => {
          const search = new URLSearchParams();
          if (query.text) search.set("q", query.text);
          if (page > 1) search.set("page", String(page));
          return `/manage/suppliers${search.size ? `?${search}` : ""}`;
        }}
      />
      <section className="form-card" aria-labelledby="supplier-new-heading">
        <h2 id="supplier-new-heading">{t("suppliers.add")}</h2>
        <p>{t("suppliers.addHint")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={labels} />
          <Field meta={fields.name} label={labels.name} maxLength={120} />
          <Field meta={fields.email} label={labels.email} type="email" maxLength={254} autoComplete="off" />
          <Field meta={fields.slug} label={labels.slug} hint="manage:suppliers.slugHint" maxLength={60} />
          <SubmitInput intent="invite" label={t("suppliers.invite")} />
        </Form>
      </section>
    </>
  );
}
