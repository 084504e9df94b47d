import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FileField } from "~/components/form-field";
import { FleetProblems } from "~/components/fleet-problems";
import { FleetImportList } from "~/components/fleet-import-status";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { FLEET_COLUMNS, REQUIRED_COLUMNS } from "~/models/fleet/fleet-columns";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function ImportFleet() {
  const { suppliers, ownSupplier, maxMegabytes, recent, translations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const supplier = answer?.supplier ?? ownSupplier ?? "";
  return (
    <>
      <h1>{t("import.heading")}</h1>
      <FleetProblems problems={answer?.problems ?? []} />
      <section className="form-card" aria-labelledby="import-heading">
        <h2 id="import-heading">{t("import.importHeading")}</h2>
        <p>{t("import.intro")}</p>
        <Form method="post" encType="multipart/form-data">
          {suppliers ? (
            <div className="field">
              <label htmlFor="import-supplier">{t("car.fields.supplier")}</label>
              <select id="import-supplier" name="supplier" defaultValue={supplier}>
                <option value="">{t("car.chooseSupplier")}</option>
                {suppliers.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <FileField
            id="import-file"
            name="file"
            label={t("import.file")}
            accept=".csv,text/csv"
            hint={t("import.fileHint", { size: maxMegabytes })}
            required
          />
          <SubmitInput intent="import" label={t("import.submit")} />
        </Form>
      </section>
      {recent.length ? (
        <section className="form-card" aria-labelledby="recent-imports-heading">
          <h2 id="recent-imports-heading">{t("import.recentHeading")}</h2>
          <FleetImportList imports={recent} />
        </section>
      ) : null}
      <section className="form-card" aria-labelledby="export-heading">
        <h2 id="export-heading">{t("import.exportHeading")}</h2>
        {suppliers ? (
          <Form method="get" action="/manage/cars/export" reloadDocument>
            <div className="field">
              <label htmlFor="export-supplier">{t("car.fields.supplier")}</label>
              <select id="export-supplier" name="supplier" defaultValue={supplier} required>
                {suppliers.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
            <SubmitInput label={t("import.export")} />
          </Form>
        ) : (
          <p>
            <a href="/manage/cars/export" download>
              {t("import.export")}
            </a>
          </p>
        )}
      </section>
      <section className="form-card" aria-labelledby="columns-heading">
        <h2 id="columns-heading">{t("import.columnsHeading")}</h2>
        <p>{t("import.columnsIntro")}</p>
        <div className="table-scroll">
          <table className="manage-table">
            <caption className="visually-hidden">{t("import.columnsHeading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("import.column")}</th>
                <th scope="col">{t("import.meaning")}</th>
              </tr>
            </thead>
            <tbody>
              {FLEET_COLUMNS.map((column) => (
                <tr key={column}>
                  <th scope="row">
                    <code>{column}</code>
                    {REQUIRED_COLUMNS.includes(column) ? ` (${t("import.required")})` : ""}
                  </th>
                  <td>{t(`import.columns.${column}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
