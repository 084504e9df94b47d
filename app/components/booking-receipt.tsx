import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import type { BookingReceiptView } from "~/models/booking/booking-view.server";
import { formatMoney } from "~/domain/money";
import { CancellationTermsText } from "./cancellation-terms";
import { DeskDetails } from "./desk-details";
import { DocumentLink } from "./document-link";
import { useHydrated } from "~/hooks/use-hydrated";
import { PriceTable, RentalStops } from "./rental-details";
import { RowButton } from "./row-button";
import { SiteLink } from "./site-link";

/**
 * A printable receipt of a booking: amounts in the currency, and at the rate, the driver booked in (what was
 * charged is what they saw); places and times as the counter keeps them. The print stylesheet drops the site's chrome.
 */
export function BookingReceipt({
  receipt,
  asPage = false,
}: {
  receipt: BookingReceiptView;
  /** The page's own heading (h1), on /booking; a section (h2) under a confirmation. */ asPage?: boolean;
}) {
  const Heading = asPage ? "h1" : "h2";
  const hydrated = useHydrated();
  const { t, i18n } = useTranslation("checkout");
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, receipt.currency, language);
  return (
    <section className="receipt" aria-labelledby="receipt-heading">
      <Heading id="receipt-heading">{t("receipt.heading", { reference: receipt.reference })}</Heading>
      <RentalStops
        pickup={{ name: receipt.pickup.names[language] ?? receipt.pickup.names.en, local: receipt.pickup.local }}
        dropoff={{ name: receipt.dropoff.names[language] ?? receipt.dropoff.names.en, local: receipt.dropoff.local }}
        className="receipt-facts"
        leading={
          <>
            <div>
              <dt>{t("receipt.status")}</dt>
              <dd>{t(`common:bookingStatuses.${receipt.status}`)}</dd>
            </div>
            <div>
              <dt>{t("receipt.car")}</dt>
              <dd>{t("receipt.carFrom", { car: receipt.car, supplier: receipt.supplier })}</dd>
            </div>
          </>
        }
      >
        <div>
          <dt>{t("receipt.driver")}</dt>
          <dd>
            {receipt.driver.fullName} ({receipt.driver.email})
          </dd>
        </div>
        {receipt.additionalDrivers.length > 0 ? (
          <div>
            <dt>
              {receipt.additionalDrivers.length > 1 ? t("receipt.additionalDrivers") : t("additionalDriver.heading")}
            </dt>
            <dd>{receipt.additionalDrivers.join(", ")}</dd>
          </div>
        ) : null}
        {receipt.flight ? (
          <div>
            <dt>{t("driver.flightNumber")}</dt>
            <dd>
              <span className="plate">{receipt.flight.number}</span>
              {" · "}
              {receipt.flight.graceMinutes > 0
                ? t("receipt.flightGrace", { supplier: receipt.supplier, minutes: receipt.flight.graceMinutes })
                : t("receipt.flightNoGrace", { supplier: receipt.supplier })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("paymentOptions.heading")}</dt>
          <dd>
            {t(`paymentOptions.${receipt.paymentMode}`)}
            {receipt.gateway ? ` (${t(`payment.gateways.${receipt.gateway}`)})` : ""}
          </dd>
        </div>
      </RentalStops>
      <DeskDetails
        desks={receipt.desks.map((desk) => ({ ...desk, place: desk.names[language] ?? desk.names.en }))}
        headingLevel={asPage ? 2 : 3}
      />
      <PriceTable
        days={receipt.days}
        hours={receipt.hours}
        pricePerHour={receipt.pricePerHour}
        base={receipt.base}
        extras={receipt.extras}
        total={money(receipt.total)}
        pricePerDay={receipt.pricePerDay}
        deposit={receipt.deposit}
        excess={receipt.excess}
        more={[
          ...(receipt.charged !== null ? [{ label: t("receipt.paidOnline"), amount: receipt.charged }] : []),
          ...(receipt.refunded > 0 ? [{ label: t("receipt.refunded"), amount: -receipt.refunded }] : []),
          { label: t("receipt.atCounter"), amount: receipt.atCounter },
        ]}
        charges={receipt.charges}
        money={money}
      />
      <CancellationTermsText terms={receipt.cancellationTerms} />
      <DocumentLink
        document={receipt.document}
        supplements={receipt.supplements}
        creditNotes={receipt.creditNotes}
        href={`/booking/invoice?b=${receipt.bookingId}`}
      />
      {receipt.canAmend ? (
        <p className="no-print">
          <SiteLink to={`/booking/amend?b=${receipt.bookingId}`} className="button button-secondary">
            {t("receipt.amend")}
          </SiteLink>
        </p>
      ) : null}
      {receipt.canCancel || receipt.canDelete ? (
        // Posted to the bookings list, which asks for confirmation first (and checks everything again).
        <Form method="post" action="/bookings" className="receipt-actions no-print">
          {/* A named field besides the buttons: text browsers post only forms that have one. */}
          <input type="hidden" name="query" value="" />
          {receipt.canCancel ? (
            <RowButton
              action="cancelRequest"
              id={receipt.bookingId}
              label={t(receipt.cancelsAtOnce ? "receipt.cancelNow" : "receipt.requestCancellation")}
              className="button button-secondary"
            />
          ) : null}{" "}
          {receipt.canDelete ? (
            <RowButton
              action="delete"
              id={receipt.bookingId}
              label={t("receipt.remove")}
              className="button button-secondary"
            />
          ) : null}
        </Form>
      ) : null}
      <p className="receipt-actions no-print">
        <a href={`/booking.ics?b=${receipt.bookingId}`} download={`booking-${receipt.reference}.ics`}>
          {t("receipt.calendar")}
        </a>{" "}
        {/* The booking page itself does not link to itself. */}
        {asPage ? null : (
          <>
            · <a href={`/booking?b=${receipt.bookingId}`}>{t("receipt.view")}</a>
          </>
        )}{" "}
        · {t("receipt.printHint")}{" "}
        {/* Once JavaScript runs, a button that opens the print dialog (never a dead button in lynx or without it). */}
        {hydrated ? (
          <button type="button" className="button button-small button-secondary" onClick={() => window.print()}>
            {t("receipt.print")}
          </button>
        ) : null}
      </p>
    </section>
  );
}
