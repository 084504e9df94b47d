import { hoursLines, weekdayName, weekdayOf, type DeskView } from "~/domain/pickup-desk";
import { useTranslation } from "./i18n-provider";
import { DESK_PICTURE } from "./image-sizes";

/**
 * Where to collect (and return) the car (decision 024): the desk's address and place, its phone, and its hours by
 * day in the place's own time. Plain text and a tel: link, so it reads the same in lynx and to a screen reader.
 */
export function DeskDetails({ desks, headingLevel = 2 }: { desks: DeskView[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  if (!desks.length) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="desks">
      {desks.map((desk) => (
        <section key={desk.place} className="desk" aria-label={t("desk.heading", { place: desk.place })}>
          <Heading>{t("desk.heading", { place: desk.place })}</Heading>
          <DeskFacts desk={desk} />
        </section>
      ))}
    </div>
  );
}

/**
 * The desks of a search in one line each, the rest behind a disclosure (the results page, where the offers come first
 * on a phone): "Pick-up desk: 08:00–19:00 on Wednesday", its hours on the day the car is collected (or returned).
 * A `<details>` element: it opens without JavaScript, and lynx shows its content.
 */
export function DeskDisclosure({
  stops,
}: {
  stops: Array<{ role: "pickup" | "dropoff"; desk: DeskView; at: string }>;
}) {
  const { t, i18n } = useTranslation();
  if (!stops.length) return null;
  const dayName = weekdayName(i18n.language);
  return (
    <div className="desks">
      {stops.map(({ role, desk, at }) => {
        const weekday = weekdayOf(at);
        const hours = desk.hours ? desk.hours[weekday] : undefined;
        const day = dayName(weekday);
        const line =
          hours === undefined || Number.isNaN(weekday)
            ? t(`desk.${role}Desk`)
            : hours === null
              ? t(`desk.${role}ClosedOn`, { day })
              : t(`desk.${role}OpenOn`, { hours, day });
        return (
          <details key={role} className="desk desk-compact">
            <summary>{line}</summary>
            <p className="desk-place">{t("desk.heading", { place: desk.place })}</p>
            <DeskFacts desk={desk} />
          </details>
        );
      })}
    </div>
  );
}

function DeskFacts({ desk }: { desk: DeskView }) {
  const { t, i18n } = useTranslation();
  const day = weekdayName(i18n.language);
  return (
    <>
      {desk.image ? (
        <img
          className="desk-picture"
          src={desk.image}
          alt={t("desk.pictureAlt", { place: desk.place })}
          loading="lazy"
          {...DESK_PICTURE}
        />
      ) : null}
      <p>
        {desk.kind ? <strong>{t(`desk.kinds.${desk.kind}`)}</strong> : null}
        {desk.kind && desk.address ? " · " : null}
        {desk.address}
      </p>
      {desk.phone ? (
        <p>
          {t("desk.phone")} <a href={`tel:${desk.phone.replace(/[^+\d]/g, "")}`}>{desk.phone}</a>
        </p>
      ) : null}
      {desk.hours ? (
        <>
          <p className="desk-hours-title">{t("desk.hours")}</p>
          <ul className="desk-hours">
            {hoursLines(desk.hours, day, {
              everyDay: t("desk.everyDay"),
              closed: t("desk.closed"),
              line: (days, hours) => t("desk.dayHours", { days, hours }),
            }).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
