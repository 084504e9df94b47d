/**
 * What a sale's document lists (decision 049), in words and amounts, from its content as issued: the rental, each
 * extra and piece of equipment, the supplier's fees, the tax when added, the total, and the tax a total includes.
 * Pure: the printable page and the PDF read the same lines, so they cannot say different things.
 */
import { EQUIPMENT, isOneOf, type DocumentSeries, type RefundReason } from "~/domain/enums";
import { formatTaxRate } from "~/domain/money";
import type { bookedPriceLines } from "~/models/booking/booking";
import type { PricedOption } from "~/models/pricing/pricing";

/** What a sale's document states, as issued. Amounts in the booking's display currency's minor units. */
export interface SaleContent {
  reference: string;
  seller: { name: string; address: string | null; taxId: string | null };
  buyer: { fullName: string; email: string; phone: string | null };
  car: string;
  pickup: { names: { en: string; fr: string; es: string }; local: string };
  dropoff: { names: { en: string; fr: string; es: string }; local: string };
  days: number;
  hours: number | null;
  lines: ReturnType<typeof bookedPriceLines>;
}

/**
 * What a credit note states, as issued: the sale it corrects (its parties and rental copied from that document), why
 * money went back, and how much of the sale it credits, with the tax that share included.
 */
export interface CreditNoteContent extends Omit<SaleContent, "lines" | "days" | "hours"> {
  corrects: { series: DocumentSeries; number: number };
  reason: RefundReason;
  credited: number;
  tax: { rateBasisPoints: number; amount: number };
}

export type DocumentContent = SaleContent | CreditNoteContent;

export const isCreditNote = (content: DocumentContent): content is CreditNoteContent => "corrects" in content;

/**
 * How much of a refund a credit note credits: the refund, up to what the sale still has not had credited (money given
 * back beyond the sale, such as a security deposit taken online, was never sold), and the tax that share includes, in
 * the sale's proportion. Null when nothing is left to credit.
 */
export function creditedShare(
  sale: Pick<SaleContent, "lines">,
  /** What credit notes credited before, in the sale's currency; null for a refund in another (nothing to compare). */
  creditedBefore: number | null,
  refunded: number,
): Pick<CreditNoteContent, "credited" | "tax"> | null {
  const credited = creditedBefore === null ? refunded : Math.min(refunded, sale.lines.total - creditedBefore);
  if (credited <= 0) return null;
  const { tax } = sale.lines;
  const amount = sale.lines.total > 0 ? Math.round((tax.amount * credited) / sale.lines.total) : 0;
  return { credited, tax: { rateBasisPoints: tax.rateBasisPoints, amount } };
}

/** The printed number: the series' letters and the number on six digits ("INV-000042"). */
const SERIES_PREFIX: Record<DocumentSeries, string> = { invoice: "INV", receipt: "RCT", creditNote: "CRN" };
export const documentNumber = (series: DocumentSeries, number: number) =>
  `${SERIES_PREFIX[series]}-${String(number).padStart(6, "0")}`;

/** A translator of one namespace, as i18next gives it (keys are checked where they are written below). */
type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface DocumentLines {
  lines: Array<{ label: string; amount: number }>;
  total: { label: string; amount: number };
  /** The tax the total includes, said under it; null when the tax was added as a line, or there is none. */
  includedTax: { label: string; amount: number } | null;
}

export function documentLines(
  content: DocumentContent,
  t: { common: Translate; checkout: Translate },
  language: string,
): DocumentLines {
  if (isCreditNote(content)) return creditLines(content, t, language);
  const { lines } = content;
  const optionName = (option: PricedOption, count: number) => {
    const name = isOneOf(EQUIPMENT, option) ? t.common(`equipment.${option}`) : t.common(`extras.${option}`);
    return count > 1 ? t.common("equipment.counted", { name, count }) : name;
  };
  const taxed = lines.tax.rateBasisPoints > 0;
  const rate = taxed ? formatTaxRate(lines.tax.rateBasisPoints, language) : "";
  const listed: DocumentLines["lines"] = [
    {
      label:
        content.hours !== null
          ? t.checkout("summary.rentalHours", { count: content.hours })
          : t.checkout("summary.rental", { count: content.days }),
      amount: lines.base,
    },
    ...lines.extras.map((line) => ({ label: optionName(line.extra, line.count), amount: line.amount })),
  ];
  if (lines.fees.oneWay > 0) listed.push({ label: t.checkout("summary.oneWayFee"), amount: lines.fees.oneWay });
  if (lines.fees.youngDriver > 0)
    listed.push({ label: t.checkout("summary.youngDriverFee"), amount: lines.fees.youngDriver });
  if (taxed && lines.tax.added)
    listed.push({ label: t.checkout("summary.taxAdded", { rate }), amount: lines.tax.amount });
  return {
    lines: listed,
    total: { label: taxed ? t.checkout("summary.totalTaxIncluded") : t.checkout("summary.total"), amount: lines.total },
    includedTax:
      taxed && !lines.tax.added
        ? { label: t.checkout("summary.taxIncludedShare", { rate }), amount: lines.tax.amount }
        : null,
  };
}

/** A credit note's one line: what went back and why, the total credited and the tax it included. */
function creditLines(
  content: CreditNoteContent,
  t: { common: Translate; checkout: Translate },
  language: string,
): DocumentLines {
  const taxed = content.tax.rateBasisPoints > 0;
  const rate = taxed ? formatTaxRate(content.tax.rateBasisPoints, language) : "";
  return {
    lines: [{ label: t.common(`documents.creditReasons.${content.reason}`), amount: content.credited }],
    total: { label: t.common("documents.totalCredited"), amount: content.credited },
    includedTax: taxed ? { label: t.checkout("summary.taxIncludedShare", { rate }), amount: content.tax.amount } : null,
  };
}
