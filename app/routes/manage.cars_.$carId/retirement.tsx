import type { Translate } from "~/utils/translator";
import { ConfirmAction } from "~/components/confirm-panel";
import { SiteLink } from "~/components/site-link";
import { intentFieldName } from "~/utils/form-intent";

/**
 * Retiring a car that holds bookings to come is asked first (issue 50): the bookings it leaves on a car no longer
 * offered, each linking to its page where it can be moved to another car or cancelled.
 */
export function RetirementConfirmation({
  carName,
  retirement,
  t,
  when,
}: {
  carName: string;
  retirement: {
    total: number;
    back: string;
    listed: Array<{ id: string; reference: string; driver: string; pickup: string }>;
  };
  t: Translate<"manage">;
  when: (local: string) => string;
}) {
  const unlisted = retirement.total - retirement.listed.length;
  return (
    <ConfirmAction
      title={t("car.remove.confirmRetire.title", { name: carName })}
      note={t("car.remove.confirmRetire.note", { count: retirement.total })}
      items={[
        ...retirement.listed.map((booking) => ({
          key: booking.id,
          text: (
            <>
              <SiteLink to={`/manage/bookings/${booking.id}`}>{booking.reference}</SiteLink> — {booking.driver} —{" "}
              {when(booking.pickup)}
            </>
          ),
        })),
        ...(unlisted > 0 ? [{ key: "more", text: t("car.remove.confirmRetire.more", { count: unlisted }) }] : []),
      ]}
      action={retirement.back}
      fields={[[intentFieldName("remove"), t("car.remove.retireButton")]]}
      confirmLabel={t("car.remove.confirmRetire.button")}
      losesMoney={false}
      backHref={retirement.back}
      backLabel={t("car.remove.confirmRetire.back")}
    />
  );
}
