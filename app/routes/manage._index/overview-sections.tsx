import { useLoaderData } from "@remix-run/react";
import { BarChart, type BarChartProps } from "~/components/bar-chart";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { PAYMENT_MODES } from "~/domain/enums";
import type { loader } from "./page.server";

function useOverview() {
  const data = useLoaderData<typeof loader>();
  return { ...data, t: useRouteTranslation(data.translations).t };
}

/** Today's and tomorrow's desks, and the cars not back, each linking to its booking. */
export function DeskSection() {
  const { desk, overdue, t } = useOverview();
  const counts = [
    ["pickupsToday", desk.pickupsToday],
    ["returnsToday", desk.returnsToday],
    ["pickupsTomorrow", desk.pickupsTomorrow],
    ["returnsTomorrow", desk.returnsTomorrow],
  ] as const;
  return (
    <section className="form-card" aria-labelledby="overview-desk">
      <h2 id="overview-desk">{t("overview.deskHeading")}</h2>
      <dl className="overview-counts">
        {counts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`overview.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">{t("overview.onClocks")}</p>
      <h3>{t("overview.overdueHeading")}</h3>
      {overdue.length === 0 ? (
        <p>{t("overview.overdueNone")}</p>
      ) : (
        <ul>
          {overdue.map((rental) => (
            <li key={rental.bookingId}>
              <SiteLink to={`/manage/bookings/${rental.bookingId}`}>
                {t("overview.overdueItem", { reference: rental.reference, car: rental.car, due: rental.due })}
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ChartSectionProps {
  id: string;
  heading: string;
  chart: BarChartProps;
  /** The legend's entries: a CSS class giving the swatch, and the words. */
  legend: Array<{ className: string; text: string }>;
  /** The chart's numbers: the column headings, then each row's heading and cells. */
  table: { columns: string[]; rows: Array<{ key: string; cells: string[] }> };
}

/** A chart whose accessible name states its message, its legend in words, and its numbers in a table beside it. */
function ChartSection({ id, heading, chart, legend, table }: ChartSectionProps) {
  const { t } = useOverview();
  return (
    <section className="form-card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <p>{chart.label}</p>
      <BarChart {...chart} />
      <ul className="chart-legend">
        {legend.map((entry) => (
          <li key={entry.className} className={entry.className}>
            {entry.text}
          </li>
        ))}
      </ul>
      <details>
        <summary>{t("overview.numbers")}</summary>
        <div className="table-scroll">
          <table className="manage-table">
            <caption>{heading}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(({ key, cells: [first, ...rest] }) => (
                <tr key={key}>
                  <th scope="row">{first}</th>
                  {rest.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The fleet's 60 days against the cars offered now. */
export function UtilisationSection() {
  const { utilisation, t } = useOverview();
  return (
    <ChartSection
      id="overview-utilisation"
      heading={t("overview.utilisationHeading")}
      chart={{
        label: utilisation.label,
        ceiling: utilisation.offered,
        series: [
          { key: "booked", className: "chart-booked" },
          { key: "blocked", className: "chart-blocked" },
        ],
        bars: utilisation.days.map((day) => ({
          key: day.day,
          values: { booked: day.booked, blocked: day.blocked },
          highlight: day.today,
        })),
      }}
      legend={[
        { className: "chart-key-booked", text: t("overview.booked") },
        { className: "chart-key-blocked", text: t("overview.blocked") },
        { className: "chart-key-offered", text: t("overview.offered") },
      ]}
      table={{
        columns: [t("overview.day"), t("overview.booked"), t("overview.blocked")],
        rows: utilisation.days.map((day) => ({
          key: day.day,
          cells: [day.label, `${day.booked} / ${utilisation.offered}`, String(day.blocked)],
        })),
      }}
    />
  );
}

/** Twelve weeks of bookings made, stacked by payment mode, with the amounts in the table. */
export function WeeksSection() {
  const { weeks, t } = useOverview();
  const modeName = (mode: (typeof PAYMENT_MODES)[number]) => t(`common:paymentModes.${mode}`);
  return (
    <ChartSection
      id="overview-weeks"
      heading={t("overview.weeksHeading")}
      chart={{
        label: weeks.label,
        series: PAYMENT_MODES.map((mode) => ({ key: mode, className: `chart-${mode}` })),
        bars: weeks.rows.map((week) => ({ key: week.week, values: week.bookings })),
      }}
      legend={PAYMENT_MODES.map((mode) => ({ className: `chart-key-${mode}`, text: modeName(mode) }))}
      table={{
        columns: [t("overview.week"), ...PAYMENT_MODES.map(modeName), t("overview.revenue")],
        rows: weeks.rows.map((week) => ({
          key: week.week,
          cells: [week.label, ...PAYMENT_MODES.map((mode) => String(week.bookings[mode])), week.amount],
        })),
      }}
    />
  );
}

/** Cancellations and no-shows, the cars that earn and those that wait, and what drivers say. */
export function FiguresSection() {
  const { attrition, carsTexts, topEarners, idleLongest, rating, t } = useOverview();
  return (
    <>
      <section className="form-card" aria-labelledby="overview-attrition">
        <h2 id="overview-attrition">{t("overview.attritionHeading")}</h2>
        <p>{attrition}</p>
      </section>
      <section className="form-card" aria-labelledby="overview-cars">
        <h2 id="overview-cars">{t("overview.carsHeading")}</h2>
        <h3>{carsTexts.topEarners}</h3>
        {topEarners.length === 0 ? (
          <p>{carsTexts.noEarners}</p>
        ) : (
          <ol>
            {topEarners.map((car) => (
              <li key={car.carId}>
                <SiteLink to={`/manage/cars/${car.carId}`}>{car.name}</SiteLink> ({car.plate}) · {car.amount}
              </li>
            ))}
          </ol>
        )}
        <h3>{t("overview.idleLongest")}</h3>
        <ol>
          {idleLongest.map((car) => (
            <li key={car.carId}>
              <SiteLink to={`/manage/cars/${car.carId}`}>{car.name}</SiteLink> ({car.plate}) ·{" "}
              {car.since ? t("overview.idleSince", { date: car.since }) : t("overview.neverRented")}
            </li>
          ))}
        </ol>
      </section>
      <section className="form-card" aria-labelledby="overview-rating">
        <h2 id="overview-rating">{t("overview.ratingHeading")}</h2>
        <p>{rating ? t("overview.rating", { mark: rating.mark, count: rating.count }) : t("overview.noRating")}</p>
      </section>
    </>
  );
}
