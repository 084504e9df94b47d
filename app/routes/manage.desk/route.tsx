import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { pageMeta } from "~/utils/meta";
import { DeskStopCard } from "./desk-stop";
import type { loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Desk() {
  const { places, place, which, day, list, setBackHours, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("desk.heading")}</h1>
      {places.length === 0 || !place || !list || !day ? (
        <p>{t("desk.noPlaces")}</p>
      ) : (
        <>
          <Form method="get" className="form-card manage-filters" aria-label={t("desk.choose")}>
            <div className="field">
              <label htmlFor="desk-place">{t("desk.place")}</label>
              <select id="desk-place" name="place" defaultValue={place.slug}>
                {places.map((candidate) => (
                  <option key={candidate.slug} value={candidate.slug}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="desk-day">{t("desk.day")}</label>
              <select id="desk-day" name="day" defaultValue={which === "tomorrow" ? "tomorrow" : "today"}>
                <option value="today">{t("desk.today")}</option>
                <option value="tomorrow">{t("desk.tomorrow")}</option>
              </select>
            </div>
            <SubmitInput label={t("fleet.show")} />
          </Form>
          <p>
            {t("desk.dayAt", {
              place: place.name,
              day: new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" }).format(
                new Date(`${day}T12:00:00Z`),
              ),
              zone: place.timeZone,
            })}{" "}
            <SiteLink
              to={`/manage/desk?place=${encodeURIComponent(place.slug)}&day=${which === "today" ? "tomorrow" : "today"}`}
            >
              {which === "today" ? t("desk.seeTomorrow") : t("desk.seeToday")}
            </SiteLink>
          </p>
          <section aria-labelledby="pickups-heading">
            <h2 id="pickups-heading">{t("desk.pickups", { count: list.pickups.length })}</h2>
            {list.pickups.length ? (
              list.pickups.map((stop) => (
                <DeskStopCard key={stop.bookingId} stop={stop} kind="handover" day={day} setBackHours={setBackHours} />
              ))
            ) : (
              <p>{t("desk.nonePickups")}</p>
            )}
          </section>
          <section aria-labelledby="returns-heading">
            <h2 id="returns-heading">{t("desk.returns", { count: list.returns.length })}</h2>
            {list.returns.length ? (
              list.returns.map((stop) => (
                <DeskStopCard key={stop.bookingId} stop={stop} kind="return" day={day} setBackHours={setBackHours} />
              ))
            ) : (
              <p>{t("desk.noneReturns")}</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
