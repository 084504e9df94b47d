/**
 * What a sale's document lists (decision 049), in words and amounts, from its content as issued: the rental, each
 * extra and piece of equipment, the supplier's fees, the tax when added, the total, and the tax a total includes.
 * Pure: the printable page and the PDF read the same lines, so they cannot say different things.
 */
import { DOCUMENT_SERIES, EQUIPMENT, isOneOf, type DocumentSeries, type RefundReason } from "~/domain/enums";
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

/**
 * What a supplementary invoice or receipt states, as issued (decision 049, amended): the sale it adds to (its parties
 * and rental copied from that document), and what a change that made the booking dearer collected, with the tax that
 * difference includes.
 */
export interface SupplementContent extends Omit<SaleContent, "lines" | "days" | "hours"> {
  supplements: { series: DocumentSeries; number: number };
  reason: "changed";
  charged: number;
  tax: { rateBasisPoints: number; amount: number };
}

export type DocumentContent = SaleContent | CreditNoteContent | SupplementContent;

export const isCreditNote = (content: DocumentContent): content is CreditNoteContent => "corrects" in content;
export const isSupplement = (content: DocumentContent): content is SupplementContent => "supplements" in content;

/** The document a credit note corrects or a supplement adds to, and which of the two; null for a sale's own. */
export function relatedDocument(
  content: DocumentContent,
): { relation: "corrects" | "supplements"; series: DocumentSeries; number: number } | null {
  if (isCreditNote(content)) return { relation: "corrects", ...content.corrects };
  if (isSupplement(content)) return { relation: "supplements", ...content.supplements };
  return null;
}

/** The tax `amount` of a sale's money includes, in the sale's proportion (rounded to the minor unit). */
const taxShare = (sale: Pick<SaleContent, "lines">, amount: number) => ({
  rateBasisPoints: sale.lines.tax.rateBasisPoints,
  amount: sale.lines.total > 0 ? Math.round((sale.lines.tax.amount * amount) / sale.lines.total) : 0,
});

/**
 * How much of a refund a credit note credits: the refund, up to what the sale still has not had credited (money given
 * back beyond the sale, such as a security deposit taken online, was never sold), and the tax that share includes, in
 * the sale's proportion. Null when nothing is left to credit.
 */
export function creditedShare(
  sale: Pick<SaleContent, "lines">,
  /**
   * What the booking's documents still say was sold (the sale and its supplements, less credit notes before), in the
   * sale's currency; null for a refund in another (nothing to compare: credited as given back).
   */
  creditable: number | null,
  refunded: number,
): Pick<CreditNoteContent, "credited" | "tax"> | null {
  const credited = creditable === null ? refunded : Math.min(refunded, creditable);
  if (credited <= 0) return null;
  return { credited, tax: taxShare(sale, credited) };
}

/** What a supplement charges: the difference collected, with the tax it includes in the sale's proportion. */
export function chargedShare(
  sale: Pick<SaleContent, "lines">,
  collected: number,
): Pick<SupplementContent, "charged" | "tax"> | null {
  if (collected <= 0) return null;
  return { charged: collected, tax: taxShare(sale, collected) };
}

/** The printed number: the series' letters and the number on six digits ("INV-000042"). */
const SERIES_PREFIX: Record<DocumentSeries, string> = { invoice: "INV", receipt: "RCT", creditNote: "CRN" };
export const documentNumber = (series: DocumentSeries, number: number) =>
  `${SERIES_PREFIX[series]}-${String(number).padStart(6, "0")}`;

/** The series and number a printed number names ("CRN-000003"), or null when it is none. */
export function parseDocumentNumber(printed: string): { series: DocumentSeries; number: number } | null {
  const match = /^([A-Z]{3})-(\d{6})$/.exec(printed);
  const series = DOCUMENT_SERIES.find((candidate) => SERIES_PREFIX[candidate] === match?.[1]);
  return match && series ? { series, number: Number(match[2]) } : null;
}

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
  if (isCreditNote(content) || isSupplement(content)) return adjustmentLines(content, t, language);
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

/**
 * A credit note's or a supplement's one line (what went back or was collected, and why), its total and the tax it
 * included.
 */
function adjustmentLines(
  content: CreditNoteContent | SupplementContent,
  t: { common: Translate; checkout: Translate },
  language: string,
): DocumentLines {
  const taxed = content.tax.rateBasisPoints > 0;
  const rate = taxed ? formatTaxRate(content.tax.rateBasisPoints, language) : "";
  const [label, totalLabel, amount] = isCreditNote(content)
    ? [t.common(`documents.creditReasons.${content.reason}`), t.common("documents.totalCredited"), content.credited]
    : [
        t.common(`documents.supplementReasons.${content.reason}`),
        taxed ? t.checkout("summary.totalTaxIncluded") : t.checkout("summary.total"),
        content.charged,
      ];
  return {
    lines: [{ label, amount }],
    total: { label: totalLabel, amount },
    includedTax: taxed ? { label: t.checkout("summary.taxIncludedShare", { rate }), amount: content.tax.amount } : null,
  };
}
