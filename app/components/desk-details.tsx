import { hoursLines, weekdayName, type DeskView } from "~/domain/pickup-desk";
import { useTranslation } from "./i18n-provider";

/**
 * Where to collect (and return) the car (decision 024): the desk's address and place, its phone, and its hours by
 * day in the place's own time. Plain text and a tel: link, so it reads the same in lynx and to a screen reader.
 */
export function DeskDetails({ desks, headingLevel = 2 }: { desks: DeskView[]; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  if (!desks.length) return null;
  const Heading = `h${headingLevel}` as const;
  const day = weekdayName(i18n.language);
  return (
    <div className="desks">
      {desks.map((desk) => (
        <section key={desk.place} className="desk" aria-label={t("desk.heading", { place: desk.place })}>
          <Heading>{t("desk.heading", { place: desk.place })}</Heading>
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
        </section>
      ))}
    </div>
  );
}
