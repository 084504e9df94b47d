import { EquipmentList } from "~/components/equipment";
import { Form, useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { formatMoney } from "~/domain/money";
import { decodeFormError } from "~/domain/form-message";
import type { DeskStop } from "~/models/desk/desk-day.server";
import type { action } from "./page.server";

const EIGHTHS = [8, 7, 6, 5, 4, 3, 2, 1, 0] as const;

/** One pick-up or return at the desk: what the counter needs, then its record or the form that records it. */
export function DeskStopCard({
  stop,
  kind,
  day,
  setBackHours,
}: {
  stop: DeskStop;
  kind: "handover" | "return";
  day: string;
  setBackHours: number;
}) {
  const { t, i18n } = useTranslation("manage");
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const refused = answer && answer.booking === stop.bookingId ? answer.result : null;
  const problem = decodeFormError(refused?.error?.[""]?.[0] ?? Object.values(refused?.error ?? {})[0]?.[0]);
  // An overdue return carried from an earlier day names its day too.
  const time = stop.at.startsWith(day) ? stop.at.slice(11, 16) : formatLocalDateTimeShort(stop.at, i18n.language);
  const fuel = (eighths: number) =>
    eighths === 8 ? t("desk.fuelFull") : eighths === 0 ? t("desk.fuelEmpty") : `${eighths}/8`;
  const id = `${kind}-${stop.bookingId}`;
  return (
    <article className="form-card desk-stop" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        {time} · {stop.driver} ·{" "}
        <SiteLink to={`/manage/bookings/${stop.bookingId}`}>
          <span className="plate">{stop.reference}</span>
        </SiteLink>
        {stop.late ? <strong className="desk-late"> · {t("desk.late")}</strong> : null}
        {stop.overdue ? <strong className="desk-late"> · {t("desk.overdue")}</strong> : null}
      </h3>
      {stop.carStillOut ? (
        <p className="field-error" role="note">
          {t("desk.carStillOut", { reference: stop.carStillOut })}
        </p>
      ) : null}
      <ul className="desk-facts">
        <li>
          {stop.car} (<span className="plate">{stop.plate}</span>)
        </li>
        <li>
          {stop.phone ? <a href={`tel:${stop.phone.replace(/[^+\d]/g, "")}`}>{stop.phone}</a> : t("desk.noPhone")} ·{" "}
          {stop.email}
        </li>
        <li>{stop.licenseOnFile ? t("desk.licenseOnFile") : t("desk.noLicense")}</li>
        {stop.flightNumber ? (
          <li>
            {t("desk.flight")} <span className="plate">{stop.flightNumber}</span>
          </li>
        ) : null}
        <li>
          {t("desk.extras")}:{" "}
          {stop.extras.length ? stop.extras.map((extra) => t(`common:extras.${extra}`)).join(", ") : t("desk.noExtras")}
        </li>
        <li>
          {t("desk.equipment")}: <EquipmentList counts={stop.equipment} none={t("desk.noEquipment")} />
        </li>
        {kind === "handover" ? (
          <li>
            <strong>
              {stop.counterAmount > 0
                ? t("desk.toPay", { amount: formatMoney(stop.counterAmount, stop.currency, i18n.language) })
                : t("desk.nothingToPay")}
            </strong>
          </li>
        ) : null}
      </ul>
      {stop.event ? (
        <p role="status">
          {t(kind === "handover" ? "desk.handedOver" : "desk.returned", {
            at: formatLocalDateTimeShort(stop.event.at, i18n.language),
            staff: stop.event.staffName,
            mileage: stop.event.mileage.toLocaleString(i18n.language),
            fuel: fuel(stop.event.fuelEighths),
          })}
          {stop.event.enteredAt
            ? ` ${t("desk.enteredAt", { at: formatLocalDateTimeShort(stop.event.enteredAt, i18n.language) })}`
            : ""}
          {stop.use
            ? ` ${t("desk.use", {
                driven: stop.use.driven.toLocaleString(i18n.language),
                fuel:
                  stop.use.fuelChange === 0
                    ? t("desk.fuelSame")
                    : t(stop.use.fuelChange < 0 ? "desk.fuelLess" : "desk.fuelMore", {
                        eighths: Math.abs(stop.use.fuelChange),
                      }),
              })}`
            : ""}
          {stop.event.note ? ` ${stop.event.note}` : ""}
        </p>
      ) : (
        <Form method="post" action={`/manage/desk?${dayQuery(location.search, day)}`} className="desk-event">
          <input type="hidden" name="booking" value={stop.bookingId} />
          <input type="hidden" name="kind" value={kind} />
          {problem ? (
            <p className="field-error" role="alert">
              {t(problem.key, problem.params ?? {})}
            </p>
          ) : null}
          <div className="field-pairs">
            <div className="field">
              <label htmlFor={`${id}-mileage`}>{t("desk.mileage")}</label>
              <input
                id={`${id}-mileage`}
                name="mileage"
                inputMode="numeric"
                required
                // As the cards print it ("12,345"): the server reads the separators back.
                maxLength={11}
                defaultValue={stop.handoverMileage?.toLocaleString(i18n.language)}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-fuel`}>{t("desk.fuel")}</label>
              <select id={`${id}-fuel`} name="fuelEighths" defaultValue="8">
                {EIGHTHS.map((eighths) => (
                  <option key={eighths} value={eighths}>
                    {fuel(eighths)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-time`}>{t("desk.time")}</label>
              <input
                id={`${id}-time`}
                name="time"
                type="time"
                aria-describedby={`${id}-time-hint`}
                autoComplete="off"
              />
              <p className="field-hint" id={`${id}-time-hint`}>
                {t("desk.timeHint", { hours: setBackHours })}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-note`}>{t("desk.note")}</label>
              <input id={`${id}-note`} name="note" maxLength={500} autoComplete="off" />
            </div>
          </div>
          <SubmitInput
            label={kind === "handover" ? t("desk.recordHandover") : t("desk.recordReturn")}
            aria-label={t(kind === "handover" ? "desk.recordHandoverNamed" : "desk.recordReturnNamed", {
              reference: stop.reference,
            })}
          />
        </Form>
      )}
    </article>
  );
}

/** The page's query with its day named by date: the post, and the page it comes back to, keep the day shown. */
function dayQuery(search: string, day: string) {
  const query = new URLSearchParams(search);
  query.set("day", day);
  return query.toString();
}
