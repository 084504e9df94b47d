import { Form } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-panel";
import { useTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { intentFieldName } from "~/utils/form-intent";

interface BookingsToCome {
  total: number;
  listed: Array<{ id: string; reference: string; driver: string; pickup: string }>;
}

/** A booking to come: its page, its driver, its pick-up on the place's clock. */
function BookingLine({ booking }: { booking: BookingsToCome["listed"][number] }) {
  const { i18n } = useTranslation("manage");
  return (
    <>
      <SiteLink to={`/manage/bookings/${booking.id}`}>{booking.reference}</SiteLink> — {booking.driver} —{" "}
      {formatLocalDateTimeShort(booking.pickup, i18n.language)}
    </>
  );
}

function BookingList({ toCome }: { toCome: BookingsToCome }) {
  const { t } = useTranslation("manage");
  const unlisted = toCome.total - toCome.listed.length;
  return (
    <ul>
      {toCome.listed.map((booking) => (
        <li key={booking.id}>
          <BookingLine booking={booking} />
        </li>
      ))}
      {unlisted > 0 ? <li>{t("supplier.suspension.more", { count: unlisted })}</li> : null}
    </ul>
  );
}

/**
 * The admin's suspension of a supplier (issue 51): what it does, said before; asked first with the bookings it
 * leaves to decide on; once suspended, those bookings listed and the reinstatement offered.
 */
export function SupplierSuspension({
  name,
  suspension,
  confirm,
}: {
  name: string;
  suspension: { suspended: boolean; toCome: BookingsToCome | null };
  confirm: (BookingsToCome & { back: string }) | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <section className="form-card" aria-labelledby="suspension-heading">
      <h2 id="suspension-heading">
        {suspension.suspended ? t("supplier.suspension.suspendedHeading") : t("supplier.suspension.heading")}
      </h2>
      {confirm ? (
        <ConfirmAction
          title={t("supplier.suspension.confirmTitle", { name })}
          note={
            confirm.total > 0
              ? t("supplier.suspension.confirmNote", { count: confirm.total })
              : t("supplier.suspension.confirmNoteNone")
          }
          items={confirm.listed.map((booking) => ({ key: booking.id, text: <BookingLine booking={booking} /> }))}
          action={confirm.back}
          fields={[[intentFieldName("suspend"), t("supplier.suspension.suspend")]]}
          confirmLabel={t("supplier.suspension.confirm")}
          losesMoney={false}
          backHref={confirm.back}
          backLabel={t("supplier.suspension.back")}
        />
      ) : null}
      {suspension.suspended ? (
        <>
          <p role="status">{t("supplier.suspension.suspendedHint")}</p>
          {suspension.toCome && suspension.toCome.total > 0 ? (
            <>
              <p>{t("supplier.suspension.toCome", { count: suspension.toCome.total })}</p>
              <BookingList toCome={suspension.toCome} />
            </>
          ) : null}
          <Form method="post">
            <SubmitInput intent="reinstate" label={t("supplier.suspension.reinstate")} className="button" />
          </Form>
        </>
      ) : (
        <Form method="post">
          <p>{t("supplier.suspension.hint")}</p>
          <SubmitInput intent="suspend" label={t("supplier.suspension.suspend")} className="button button-danger" />
        </Form>
      )}
    </section>
  );
}
