import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { PAYMENT_MODES } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import { mayTake } from "~/models/access/operator-access";
import { operatorMenu } from "~/models/access/operator-menu";
import { requireOperatorFor } from "~/models/access/operator.server";
import { readFiguresFilters } from "~/models/overview/figures-filters.server";
import { businessOverview } from "~/models/overview/overview.server";
import { parseReportPeriod } from "~/models/overview/report-period";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * GET /manage?place=…&supplier=…&from=…&to=…: the operators' first page (issue 52, point 1; decision 045). A role without the
 * business's figures (a desk agent) lands on its first page instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "enter");
  if (!mayTake(actor, "viewReports")) throw redirect(operatorMenu(actor)[0]?.to ?? "/manage/desk");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const { scope, filters } = await readFiguresFilters(db, actor, search, language);
  const now = new Date();
  // A period is read only when asked (the reports' from–to); a wrong one leaves the view around today, saying why.
  const asked = search.get("from") || search.get("to") ? parseReportPeriod(search, now) : null;
  const period = asked && !asked.problem ? asked.period : null;
  const overview = await businessOverview(db, scope, now, period);
  const { t, translations } = await routeTranslations(language, "manage");
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const span = period ? { from: day.format(period.start), to: day.format(new Date(period.end.getTime() - 1)) } : null;
  const money = (cents: number) => formatMoney(cents, "USD", language);
  const date = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const { offered, days } = overview.utilisation;
  const share = (slice: typeof days) =>
    percent(
      slice.reduce((sum, day) => sum + day.booked, 0),
      offered * slice.length,
    );
  const today = now.toISOString().slice(0, 10);
  const weeks = overview.weeks.map((week) => ({
    ...week,
    label: date.format(new Date(`${week.week}T00:00:00Z`)),
    total: PAYMENT_MODES.reduce((sum, mode) => sum + week.bookings[mode], 0),
    amount: money(PAYMENT_MODES.reduce((sum, mode) => sum + week.revenue[mode], 0)),
  }));
  const revenue = overview.weeks.reduce(
    (sum, week) => sum + PAYMENT_MODES.reduce((all, mode) => all + week.revenue[mode], 0),
    0,
  );
  return {
    title: t("overview.title"),
    filters,
    desk: overview.desk,
    overdue: overview.overdue.map((rental) => ({ ...rental, due: dateTime.format(rental.dueAt) + " UTC" })),
    utilisation: {
      offered,
      label: span
        ? t("overview.period.utilisationLabel", {
            count: offered,
            share: share(days),
            from: day.format(new Date(`${days[0]?.day ?? period?.from}T00:00:00Z`)),
            to: span.to,
          })
        : t("overview.utilisationLabel", {
            count: offered,
            past: share(days.filter((entry) => entry.day < today)),
            ahead: share(days.filter((entry) => entry.day >= today)),
          }),
      days: days.map((day) => ({
        ...day,
        label: date.format(new Date(`${day.day}T00:00:00Z`)),
        today: day.day === today,
      })),
    },
    weeks: {
      label: span
        ? t("overview.period.weeksLabel", {
            count: weeks.reduce((sum, week) => sum + week.total, 0),
            revenue: money(revenue),
            ...span,
          })
        : t("overview.weeksLabel", {
            count: weeks.reduce((sum, week) => sum + week.total, 0),
            last: weeks.at(-1)?.total ?? 0,
            revenue: money(revenue),
          }),
      rows: weeks,
    },
    attrition: span
      ? t("overview.period.attrition", { ...overview.attrition, ...span })
      : t("overview.attrition", { ...overview.attrition }),
    carsTexts: span
      ? { topEarners: t("overview.period.topEarners", span), noEarners: t("overview.period.noEarners") }
      : { topEarners: t("overview.topEarners"), noEarners: t("overview.noEarners") },
    period: { from: asked?.period.from ?? "", to: asked?.period.to ?? "", problem: asked?.problem ?? null },
    topEarners: overview.topEarners.map((car) => ({ ...car, amount: money(car.revenue) })),
    idleLongest: overview.idleLongest.map((car) => ({
      ...car,
      since: car.lastRentalEnd ? date.format(car.lastRentalEnd) : null,
    })),
    rating:
      overview.rating.mark === null ? null : { mark: overview.rating.mark.toFixed(1), count: overview.rating.reviews },
    translations,
  };
}
