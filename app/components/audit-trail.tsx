import { useTranslation } from "~/components/i18n-provider";
import { formatMoney } from "~/domain/money";
import { EXTRAS, type AuditAction, type StaffRole, type UserRole } from "~/domain/enums";
import { formatDayHours, weekdayName, type DayHours } from "~/domain/pickup-desk";

/** Fields holding a code the common catalogue names (ranges.midi → "Car"). */
const CODED_FIELDS: Record<string, string> = {
  range: "ranges",
  fuelType: "fuelTypes",
  gearbox: "gearboxes",
  fuelPolicy: "fuelPolicies",
  multimedia: "multimedia",
  extras: "extras",
  status: "bookingStatuses",
};

/** Fields whose values are amounts in cents (the trail shows them as money). */
const MONEY_FIELDS = new Set([
  "deposit",
  "total",
  "dailyPrice",
  "discountedDailyPrice",
  "weeklyPrice",
  "discountedWeeklyPrice",
  "biWeeklyPrice",
  "discountedBiWeeklyPrice",
  "monthlyPrice",
  "discountedMonthlyPrice",
  "hourlyPrice",
]);

export interface TrailRow {
  id: string;
  actorName: string;
  actorRole: UserRole;
  actorStaffRole?: StaffRole | null;
  action: AuditAction;
  changes: Record<string, { from: unknown; to: unknown }>;
  createdAt: Date | string;
}

/** A record's audit trail (decision 027): who changed what, when, each field from and to, newest first. */
export function AuditTrail({
  trail,
  record = "car",
}: {
  trail: TrailRow[];
  record?: "car" | "place" | "supplier" | "booking" | "platform";
}) {
  const { t, i18n } = useTranslation("manage");
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return t("history.empty");
    if (field === "openingHours" && Array.isArray(value)) {
      const day = weekdayName(i18n.language);
      return (value as DayHours[])
        .map((hours, index) => `${day(index)} ${formatDayHours(hours) ?? t("place.fields.closed")}`)
        .join("; ");
    }
    // The stored codes read as the form words them: -1 km is unlimited, an extra at -1 is not offered, at 0 included.
    if (field === "mileage" && value === -1) return t("history.unlimited");
    if ((EXTRAS as readonly string[]).includes(field) && typeof value === "number")
      return value < 0
        ? t("car.extraModes.notOffered")
        : value === 0
          ? t("car.extraModes.included")
          : formatMoney(value, "USD", i18n.language);
    const coded = CODED_FIELDS[field];
    // A stored code, read at run time: the catalogue has a word for each code the column may hold.
    const codedKey: string = `common:${coded}.${String(value)}`;
    if (coded && typeof value === "string") return t(codedKey);
    if (typeof value === "number" && MONEY_FIELDS.has(field)) return formatMoney(value, "USD", i18n.language);
    if (typeof value === "boolean") return value ? t("history.yes") : t("history.no");
    if (Array.isArray(value))
      return value.length ? value.map((item) => show(field, item)).join(", ") : t("history.empty");
    if (typeof value === "object")
      return Object.entries(value as Record<string, unknown>)
        .map(([key, item]) => `${key}: ${show(key, item)}`)
        .join(", ");
    return String(value);
  };
  const fieldName = (field: string) => {
    const key: string = `${record}.fields.${field}`;
    const name = t(key);
    return name === key ? field : name;
  };
  return (
    <section className="form-card" aria-labelledby="history-heading">
      <h2 id="history-heading">{t("history.heading")}</h2>
      {trail.length === 0 ? (
        <p>{t("history.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="manage-table audit-trail">
            <caption className="visually-hidden">{t("history.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("history.when")}</th>
                <th scope="col">{t("history.who")}</th>
                <th scope="col">{t("history.what")}</th>
                <th scope="col">{t("history.changes")}</th>
              </tr>
            </thead>
            <tbody>
              {trail.map((entry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC</td>
                  <td>
                    {entry.actorName} (
                    {entry.actorStaffRole ? t(`teamRoles.${entry.actorStaffRole}`) : t(`roles.${entry.actorRole}`)})
                  </td>
                  <td>{t(`history.actions.${entry.action}`)}</td>
                  <td>
                    <ul className="change-list">
                      {Object.entries(entry.changes).map(([field, change]) => (
                        <li key={field}>
                          {t("history.change", {
                            field: fieldName(field),
                            from: show(field, change.from),
                            to: show(field, change.to),
                          })}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
