import { formatLocalDateTimeShort } from "./local-time";
import { useTranslation } from "./i18n-provider";
import { SiteLink } from "./site-link";

/**
 * The bookings to come whose pick-up or return at a place falls outside its desk's hours (decision 024): changing
 * hours never cancels one, so staff call these drivers. Each links to the booking's staff page.
 */
export function BookingsOutsideHours({
  outside,
}: {
  outside: Array<{ id: string; reference: string; stop: "pickup" | "dropoff"; at: string }>;
}) {
  const { t, i18n } = useTranslation("manage");
  return (
    <section className="form-card" aria-labelledby="outside-heading">
      <h2 id="outside-heading">{t("place.outside.heading")}</h2>
      {outside.length === 0 ? (
        <p>{t("place.outside.none")}</p>
      ) : (
        <>
          <p role="status">{t("place.outside.intro", { count: outside.length })}</p>
          <ul>
            {outside.map((booking) => (
              <li key={`${booking.id}-${booking.stop}`}>
                <SiteLink to={`/manage/bookings/${booking.id}`}>{booking.reference}</SiteLink>:{" "}
                {t(`place.outside.${booking.stop}`, { at: formatLocalDateTimeShort(booking.at, i18n.language) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
