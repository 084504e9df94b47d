import { ExcessText } from "~/components/excess";
import { EquipmentList } from "~/components/equipment";
import { useTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "./page.server";
import { CounterPaymentForm } from "./counter-payment-form";

type StaffBookingView = SerializeFrom<typeof loader>["view"];

/**
 * What the staff know of a booking: its driver, car, period, extras and money (paid online, taken at the counter, owed
 * there), its payment links and payments, and the desk's records. The counter's form where it collects.
 */
export function BookingFacts({
  view,
  money,
  counterProblem,
}: {
  view: StaffBookingView;
  money: (amount: number, currency?: string) => string;
  counterProblem: Parameters<typeof CounterPaymentForm>[0]["problem"];
}) {
  const { t, i18n } = useTranslation("manage");
  const language = i18n.language;
  return (
    <section className="form-card" aria-labelledby="facts-heading">
      <h2 id="facts-heading">{t("staffBooking.sections.facts")}</h2>
      <dl className="staff-facts">
        <div>
          <dt>{t("staffBooking.driver")}</dt>
          <dd>
            {view.driver.fullName} · {view.driver.email}
            {view.driver.phone ? (
              <>
                {" "}
                · <a href={`tel:${view.driver.phone.replace(/[^+\d]/g, "")}`}>{view.driver.phone}</a>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t("staffBooking.fields.car")}</dt>
          <dd>
            {view.car.name} (<span className="plate">{view.car.plate}</span>)
          </dd>
        </div>
        <div>
          <dt>{t("staffBooking.fields.pickup")}</dt>
          <dd>
            {view.pickup.name}, {formatLocalDateTimeShort(view.pickup.local, language)}
          </dd>
        </div>
        <div>
          <dt>{t("staffBooking.fields.dropoff")}</dt>
          <dd>
            {view.dropoff.name}, {formatLocalDateTimeShort(view.dropoff.local, language)}
          </dd>
        </div>
        <div>
          <dt>{t("staffBooking.sections.extras")}</dt>
          <dd>
            {view.extras.length
              ? view.extras.map((extra) => t(`common:extras.${extra}`)).join(", ")
              : t("desk.noExtras")}
          </dd>
        </div>
        <div>
          <dt>{t("checkout:equipment.heading")}</dt>
          <dd>
            <EquipmentList counts={view.equipment} none={t("desk.noEquipment")} />
            {view.additionalDrivers.length
              ? ` · ${t("staffBooking.addedDrivers", { count: view.additionalDrivers.length, names: view.additionalDrivers.map((added) => added.fullName).join(", ") })}`
              : ""}
          </dd>
        </div>
        {view.flightNumber ? (
          <div>
            <dt>{t("desk.flight")}</dt>
            <dd className="plate">{view.flightNumber}</dd>
          </div>
        ) : null}
        {view.excess ? (
          <div>
            <dt>{t("staffBooking.excess")}</dt>
            <dd>
              <ExcessText excess={view.excess} money={money} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("staffBooking.payment")}</dt>
          <dd>{t(`staffBooking.paymentModes.${view.paymentMode}`)}</dd>
        </div>
        <div>
          <dt>{t("staffBooking.total")}</dt>
          <dd>
            <strong>{money(view.total)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("staffBooking.paidOnline")}</dt>
          <dd>{money(view.held)}</dd>
        </div>
        {view.counterPayments.map((taking) => (
          <div key={taking.id}>
            <dt>{t(`staffBooking.counter.methods.${taking.method}`)}</dt>
            <dd>
              {t("staffBooking.counter.taken", {
                amount: money(taking.amount, taking.currency),
                at: formatLocalDateTimeShort(taking.at, language),
                staff: taking.staffName,
              })}
            </dd>
          </div>
        ))}
        <div>
          <dt>{t("staffBooking.atCounter")}</dt>
          <dd>{money(view.toPayAtCounter)}</dd>
        </div>
      </dl>
      {view.collectsAtCounter ? (
        <CounterPaymentForm owed={view.toPayAtCounter} currency={view.currency} problem={counterProblem} />
      ) : null}
      {view.links.length ? (
        <>
          <h3>{t("staffBooking.links")}</h3>
          <ul>
            {view.links.map((link) => (
              <li key={link.id}>
                {t(`staffBooking.linkPurposes.${link.purpose}`)}: {money(link.amount, link.currency)} ·{" "}
                {t(`staffBooking.linkStates.${link.state}`)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {view.payments.length ? (
        <>
          <h3>{t("staffBooking.payments")}</h3>
          <ul>
            {view.payments.map((payment) => (
              <li key={payment.id}>
                {money(payment.amount, payment.currency)} · {t(`staffBooking.paymentStatuses.${payment.status}`)}
                {payment.refundedAmount && payment.status !== "refunded"
                  ? ` · ${t("staffBooking.refunded", { amount: money(payment.refundedAmount, payment.currency) })}`
                  : ""}
                {payment.refundReason && (payment.status === "captured" || payment.status === "refundFailed")
                  ? ` · ${t("staffBooking.refundOwed")}`
                  : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {view.events.length ? (
        <>
          <h3>{t("staffBooking.deskEvents")}</h3>
          <ul>
            {view.events.map((event) => (
              <li key={event.kind}>
                {t(`staffBooking.eventKinds.${event.kind}`, {
                  at: formatLocalDateTimeShort(event.at, language),
                  staff: event.staffName,
                  mileage: event.mileage.toLocaleString(language),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
