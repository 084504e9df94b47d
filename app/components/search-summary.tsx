import { useTranslation } from "~/components/i18n-provider";
import type { SearchFormState } from "~/models/search/search-page.server";
import { SiteLink } from "./site-link";

const formats = new Map<string, Intl.DateTimeFormat>();

/** A local date-time as typed ('2027-03-10T10:00'), written out in the reader's language without any zone shift. */
function localDateTime(text: string, language: string): string {
  const instant = new Date(`${text}:00Z`);
  if (Number.isNaN(instant.getTime())) return text;
  let format = formats.get(language);
  if (!format)
    formats.set(
      language,
      (format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })),
    );
  return format.format(instant);
}

/**
 * The search a results page shows: places and dates, carried by hidden fields so the filters keep them, and a link
 * to the full form (on the home page) to change them.
 */
export function SearchSummary({
  form,
  pickupName,
  dropoffName,
}: {
  form: SearchFormState;
  pickupName: string;
  dropoffName: string | null;
}) {
  const { t, i18n } = useTranslation("search");
  const change = new URLSearchParams({ pickup: form.pickup, from: form.from, to: form.to });
  if (form.sameLocation) change.set("same", "on");
  else change.set("dropoff", form.dropoff);
  return (
    <div className="search-summary">
      <input type="hidden" name="pickup" value={form.pickup} />
      {form.sameLocation ? (
        <input type="hidden" name="same" value="on" />
      ) : (
        <input type="hidden" name="dropoff" value={form.dropoff} />
      )}
      <input type="hidden" name="from" value={form.from} />
      <input type="hidden" name="to" value={form.to} />
      <dl>
        <dt>{t("form.summaryPickup")}</dt>
        {/* One text, not three: React separates adjacent texts with a comment each. */}
        <dd>{`${pickupName}, ${localDateTime(form.from, i18n.language)}`}</dd>
        <dt>{t("form.summaryDropoff")}</dt>
        <dd>{`${form.sameLocation ? pickupName : dropoffName}, ${localDateTime(form.to, i18n.language)}`}</dd>
      </dl>
      <p className="hint">{t("form.localTime")}</p>
      <SiteLink to={`/?${change}#search-form`} className="button button-small">
        {t("form.change")}
      </SiteLink>
    </div>
  );
}
