import { useTranslation } from "~/components/i18n-provider";
import { formatMoney } from "~/domain/money";
import {
  COUNTER_PAYMENT_METHODS,
  CURRENCIES,
  EXTRAS,
  isOneOf,
  type AuditAction,
  type CounterPaymentMethod,
  type Currency,
  type StaffRole,
  type UserRole,
} from "~/domain/enums";
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
  "damageExcess",
  "theftExcess",
  "oneWayFee",
  "youngDriverDailyFee",
  "amount",
  "refunded",
  "price",
]);

/** Rates stored in basis points (1,950 is 19.5 %). */
const BASIS_POINT_FIELDS = new Set(["markupBasisPoints", "taxRateBasisPoints"]);

/** Fields holding a code a manage key names: the key's prefix. */
const MANAGE_CODED_FIELDS: Record<string, string> = {
  reason: "blocks.reasons",
  method: "staffBooking.counter.methods",
  role: "teamRoles",
  cancelledBy: "history.values.cancelledBy",
  licence: "history.values.licence",
};

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/;
// An instant as the writers store it (toISOString), shown on the record's clock.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

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
  timeZone = "UTC",
}: {
  trail: TrailRow[];
  record?: "car" | "place" | "supplier" | "booking" | "platform" | "person";
  /** The clock the record lives on (a booking's pick-up place, a place's own, a car's first place). */
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation("manage");
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone });
  const wallClock = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return t("history.empty");
    if (typeof value === "string" && INSTANT.test(value)) return when.format(new Date(value));
    // A wall-clock time already on the place's clock (a booking's pick-up and return): shown as it reads.
    if (typeof value === "string" && WALL_CLOCK.test(value))
      return wallClock.format(new Date(`${value.replace(" ", "T")}Z`));
    // A place's name in every language (a booking's pick-up and return): the reader's.
    if (isNamed(value)) return value[i18n.language as keyof typeof value] ?? value.en;
    if (field === "counterPayment" && isCounterPayment(value))
      return `${formatMoney(value.amount, value.currency, i18n.language)} · ${t(`staffBooking.counter.methods.${value.method}`)}`;
    if (BASIS_POINT_FIELDS.has(field) && typeof value === "number")
      return new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 }).format(
        value / 10_000,
      );
    if (field === "fuelEighths" && typeof value === "number") return `${value}/8`;
    const managed = MANAGE_CODED_FIELDS[field];
    const managedKey: string = `${managed}.${String(value)}`;
    if (managed && typeof value === "string" && t(managedKey) !== managedKey) return t(managedKey);
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
      return (
        Object.entries(value as Record<string, unknown>)
          // An empty part (a note left blank) says nothing.
          .filter(([, item]) => item !== null && item !== undefined && item !== "")
          .map(([key, item]) => t("history.part", { field: fieldName(key), value: show(key, item) }))
          .join(", ")
      );
    if (typeof value === "number") return value.toLocaleString(i18n.language);
    return String(value);
  };
  // The record's own word for a field, else the trail's common one, else (a field no page names) the field itself.
  const fieldName = (field: string) => {
    for (const key of [`${record}.fields.${field}`, `history.fields.${field}`] as string[]) {
      const name = t(key);
      if (name !== key) return name;
    }
    return field;
  };
  return (
    <section className="form-card" aria-labelledby="history-heading">
      <h2 id="history-heading">{t("history.heading")}</h2>
      {trail.length === 0 ? (
        <p>{t("history.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="manage-table audit-trail">
            <caption className="visually-hidden">{t(`history.captions.${record}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t("history.whenIn", { zone: timeZone })}</th>
                <th scope="col">{t("history.who")}</th>
                <th scope="col">{t("history.what")}</th>
                <th scope="col">{t("history.changes")}</th>
              </tr>
            </thead>
            <tbody>
              {trail.map((entry) => (
                <tr key={entry.id}>
                  <td>{when.format(new Date(entry.createdAt))}</td>
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

const isNamed = (value: unknown): value is { en: string; fr?: string; es?: string } =>
  typeof value === "object" && value !== null && !Array.isArray(value) && "en" in value && "fr" in value;

const isCounterPayment = (
  value: unknown,
): value is { amount: number; currency: Currency; method: CounterPaymentMethod } => {
  const { amount, currency, method } = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return typeof amount === "number" && isOneOf(CURRENCIES, currency) && isOneOf(COUNTER_PAYMENT_METHODS, method);
};
