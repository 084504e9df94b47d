import { ConfirmAction } from "~/components/confirm-panel";
import { useTranslation } from "~/components/i18n-provider";
import { RowButton } from "~/components/row-button";
import type { UserRole } from "~/domain/enums";
import { rowActionName } from "~/utils/row-actions";

interface SuspensionPreview {
  id: string;
  fullName: string;
  email: string;
  sessions: number;
  bookingsToCome: number;
  back: string;
}

/**
 * What suspending an account does, asked before it is done (issue 50): the browsers it signs out and the bookings to
 * come it leaves as they are. Its button posts the same row button again, confirmed, to `action`.
 */
export function AccountSuspensionQuestion({ confirm, action }: { confirm: SuspensionPreview; action: string }) {
  const { t } = useTranslation("manage");
  return (
    <ConfirmAction
      title={t("drivers.confirmSuspend.title", { name: confirm.fullName })}
      note={t("drivers.confirmSuspend.note")}
      items={[
        { key: "account", text: `${confirm.fullName} <${confirm.email}>` },
        { key: "sessions", text: t("drivers.confirmSuspend.sessions", { count: confirm.sessions }) },
        {
          key: "bookings",
          text: confirm.bookingsToCome
            ? t("drivers.confirmSuspend.bookingsToCome", { count: confirm.bookingsToCome })
            : t("drivers.confirmSuspend.noBookings"),
        },
      ]}
      action={action}
      fields={[[rowActionName("suspend", confirm.id), t("drivers.suspend")]]}
      confirmLabel={t("drivers.suspendNamed", { name: confirm.fullName })}
      losesMoney={false}
      backHref={confirm.back}
      backLabel={t("drivers.confirmSuspend.back")}
    />
  );
}

/**
 * An account's buttons (inside a form posting to its page or list): suspend or reinstate, unless it is a supplier's
 * own account (suspended from its supplier page) or the viewer's own; a driver's link again while they need one.
 */
export function AccountButtons({
  person,
  viewerId,
}: {
  person: { id: string; fullName: string; role: UserRole; suspended: boolean; hasPassword: boolean; verified: boolean };
  viewerId: string | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <>
      {person.role === "supplier" || person.id === viewerId ? null : (
        <RowButton
          action={person.suspended ? "reinstate" : "suspend"}
          id={person.id}
          label={person.suspended ? t("drivers.reinstate") : t("drivers.suspend")}
          namedLabel={t(person.suspended ? "drivers.reinstateNamed" : "drivers.suspendNamed", {
            name: person.fullName,
          })}
        />
      )}
      {person.role === "user" && (!person.hasPassword || !person.verified) ? (
        <RowButton
          action="resend"
          id={person.id}
          label={t("drivers.resend")}
          namedLabel={t("drivers.resendNamed", { name: person.fullName })}
        />
      ) : null}
    </>
  );
}
