import { useTranslation } from "~/components/i18n-provider";

/**
 * A place's wall-clock date and time ('YYYY-MM-DDTHH:mm', already local to the place) in the reader's notation.
 * No time zone is applied: the driver meets the counter's clock, not their own.
 */
export function formatLocalDateTime(local: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(
    wallClock(local),
  );
}

/** 'YYYY-MM-DDTHH:mm' as an instant whose UTC reading is that wall clock (formatted in UTC, it reads the same). */
function wallClock(local: string): Date {
  const [date = "", time = "00:00"] = local.split("T");
  const [year = 0, month = 0, day = 0] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

/** The same, short (weekday, day, month and time), for a line on a results card. */
export function formatLocalDateTimeShort(local: string, language: string): string {
  const format = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" } as const;
  return new Intl.DateTimeFormat(language, { ...format, timeZone: "UTC" }).format(wallClock(local));
}

export function LocalTime({ local }: { local: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={local}>{formatLocalDateTime(local, i18n.language)}</time>;
}
