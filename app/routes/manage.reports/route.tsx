import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FiguresFilters, PeriodFields } from "~/components/figures-filters";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Pagination } from "~/components/pagination";
import { SiteLink } from "~/components/site-link";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Reports() {
  const { report, reports, filters, period, problem, csv, csvCapped, zip, table, pages, translations } =
    useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const heading = t(`reports.${report}`);
  return (
    <>
      <h1>{t("reports.heading")}</h1>
      <nav className="report-chooser" aria-label={t("reports.chooser")}>
        <ul>
          {reports.map((entry) => (
            <li key={entry.name}>
              <SiteLink to={entry.to} aria-current={entry.name === report ? "page" : undefined}>
                {entry.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <FiguresFilters filters={filters}>
        <input type="hidden" name="report" value={report} />
        <PeriodFields idPrefix="report" from={period.from} to={period.to} required />
      </FiguresFilters>
      {problem ? (
        <p className="callout callout-error" role="alert">
          {t(`reports.problems.${problem}`)}
        </p>
      ) : null}
      <section aria-labelledby="report-heading">
        <h2 id="report-heading">{heading}</h2>
        <p>
          {period.text} {t(`reports.explain.${report}`)}
        </p>
        <p>
          {t("reports.rows", { count: table.total })} ·{" "}
          <a href={csv} download>
            {t("reports.csv")}
          </a>
          {zip && "href" in zip ? (
            <>
              {" "}
              ·{" "}
              <a href={zip.href} download>
                {t("reports.zip")}
              </a>
            </>
          ) : null}
        </p>
        {csvCapped ? <p className="callout">{csvCapped}</p> : null}
        {zip && "problem" in zip ? <p className="callout">{zip.problem}</p> : null}
        {table.rows.length === 0 ? (
          <p className="form-card">{t("reports.none")}</p>
        ) : (
          <div className="table-scroll">
            <table className="manage-table report-table">
              <caption className="visually-hidden">
                {t("reports.caption", { report: heading, period: period.text })}
              </caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column.key} scope="col" className={column.numeric ? "numeric" : undefined}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <ReportRow key={row.key} cells={row.cells} columns={table.columns} />
                ))}
              </tbody>
              {table.totals ? (
                <tfoot>
                  {table.totals.map((cells, rowIndex) => (
                    <ReportRow key={rowIndex} cells={cells.map((text) => ({ text }))} columns={table.columns} />
                  ))}
                </tfoot>
              ) : null}
            </table>
          </div>
        )}
        <Pagination
          page={pages.current}
          pages={pages.count}
          hrefFor={(page) => `/manage/reports?${pages.search ? `${pages.search}&` : ""}page=${page}`}
        />
      </section>
    </>
  );
}

/** One row of a report: its first cell heads the row; the others carry their column's name for the 390 px cards. */
function ReportRow({
  cells,
  columns,
}: {
  cells: Array<{ text: string; to?: string }>;
  columns: Array<{ key: string; label: string; numeric: boolean }>;
}) {
  return (
    <tr>
      {cells.map((cell, index) => {
        const column = columns[index];
        const content = cell.to ? <SiteLink to={cell.to}>{cell.text}</SiteLink> : cell.text;
        return index === 0 ? (
          <th key={column?.key} scope="row">
            {content}
          </th>
        ) : (
          <td
            key={column?.key}
            data-label={cell.text ? column?.label : undefined}
            className={column?.numeric ? "numeric" : undefined}
          >
            {content}
          </td>
        );
      })}
    </tr>
  );
}
