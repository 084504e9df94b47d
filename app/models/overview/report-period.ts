/**
 * The period a report covers (issue 52, point 2; decision 046): whole UTC days from `from` to `to`, both included,
 * read from a plain GET form. A period left out is the last 30 days; one longer than a year is refused, so every
 * report's query stays bounded whatever the address asks.
 */
import { z } from "zod";

export const DEFAULT_REPORT_DAYS = 30;
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

export interface ReportPeriod {
  /** YYYY-MM-DD, the first day reported. */
  from: string;
  /** YYYY-MM-DD, the last day reported (included). */
  to: string;
  /** How many days: `to` minus `from`, plus one. */
  days: number;
  /** The first instant in the period and the first after it, for queries. */
  start: Date;
  end: Date;
}

export type PeriodProblem = "badDate" | "reversed" | "tooLong";

/** A calendar day as 'YYYY-MM-DD' that exists (no 31 June). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  });

/** The period's form: both days optional (the default fills them), each a calendar day. */
export const reportPeriodSchema = z.object({ from: isoDay.optional(), to: isoDay.optional() });

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function periodOf(from: string, to: string): ReportPeriod {
  const start = startOf(from);
  const end = new Date(startOf(to).getTime() + DAY_MS);
  return { from, to, days: Math.round((end.getTime() - start.getTime()) / DAY_MS), start, end };
}

/** The last `DEFAULT_REPORT_DAYS` days, today (UTC) included. */
export function defaultPeriod(now: Date): ReportPeriod {
  const today = dayOf(now);
  return periodOf(dayOf(new Date(startOf(today).getTime() - (DEFAULT_REPORT_DAYS - 1) * DAY_MS)), today);
}

/**
 * The period a query string asks for, or the default with what was wrong with it: a report page always shows a
 * report, and says why it is not the one asked for.
 */
export function parseReportPeriod(
  search: URLSearchParams,
  now: Date,
): { period: ReportPeriod; problem: PeriodProblem | null } {
  const fallback = defaultPeriod(now);
  const asked = reportPeriodSchema.safeParse({
    from: search.get("from") || undefined,
    to: search.get("to") || undefined,
  });
  if (!asked.success) return { period: fallback, problem: "badDate" };
  const to = asked.data.to ?? (asked.data.from && asked.data.from > fallback.to ? asked.data.from : fallback.to);
  const from = asked.data.from ?? dayOf(new Date(startOf(to).getTime() - (DEFAULT_REPORT_DAYS - 1) * DAY_MS));
  if (from > to) return { period: fallback, problem: "reversed" };
  const period = periodOf(from, to);
  if (period.days > MAX_REPORT_DAYS) return { period: fallback, problem: "tooLong" };
  return { period, problem: null };
}
