/**
 * A sale's document (or a credit note) as a PDF (decision 049), drawn with pdf-lib from the same lines the printable page shows, in the
 * document's language. The text is set in the PDF standard's Helvetica, which every reader carries: nothing to embed,
 * a few kilobytes a document. Its encoding (WinAnsi) covers English, French and Spanish; any other letter is written
 * without its accent, or as "?", so a name in another script never breaks a document.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Language } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import { getTranslator } from "~/utils/i18n.server";
import type { BusinessDocument } from "./business-documents.server";
import { documentLines, documentNumber, isCreditNote, type DocumentContent } from "./document-lines";

const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
/** Latin letters with a stroke, which Unicode does not decompose into a letter and an accent. */
const STROKED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

/** `text` in what the standard fonts can draw: spaces of every width as one, accents dropped where needed. */
export function winAnsiText(text: string): string {
  return [...text.replace(/[\u00a0\u2009\u202f]/g, " ").replace(/→/g, "–")]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) return char;
      const bare = STROKED[char] ?? char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return [...bare].every((part) => (part.codePointAt(0) ?? 0) >= 0x20 && (part.codePointAt(0) ?? 0) <= 0x7e)
        ? bare
        : "?";
    })
    .join("");
}

/** The document's title in its language ("Invoice INV-000042"). */
export async function documentTitle(document: Pick<BusinessDocument, "series" | "number" | "language">) {
  const common = await getTranslator(document.language, "common");
  return common(`documents.titles.${document.series}`, { number: documentNumber(document.series, document.number) });
}

export async function businessDocumentPdf(document: BusinessDocument): Promise<Uint8Array> {
  const language: Language = document.language;
  const [common, checkout] = await Promise.all([
    getTranslator(language, "common"),
    getTranslator(language, "checkout"),
  ]);
  const content = document.content as unknown as DocumentContent;
  const listed = documentLines(
    content,
    {
      common: common as unknown as (key: string, params?: Record<string, unknown>) => string,
      checkout: checkout as unknown as (key: string, params?: Record<string, unknown>) => string,
    },
    language,
  );
  const money = (amount: number) => formatMoney(amount, document.currency, language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(document.issuedAt);
  const when = (local: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
      new Date(`${local}:00Z`),
    );
  const title = await documentTitle(document);

  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsiText(title));
  pdf.setAuthor(winAnsiText(content.seller.name));
  pdf.setLanguage(language);
  pdf.setCreationDate(document.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;
  const write = (text: string, options: { font?: PDFFont; size?: number; x?: number; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const shown = winAnsiText(text);
    const x = options.alignRight ? right - font.widthOfTextAtSize(shown, size) : (options.x ?? left);
    page.drawText(shown, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (gap = 14) => {
    y -= gap;
  };

  write(title, { font: bold, size: 18 });
  next(20);
  write(common("documents.issuedOn", { date }));
  if (isCreditNote(content)) {
    next();
    const corrected = documentNumber(content.corrects.series, content.corrects.number);
    write(
      common("documents.corrects", {
        title: common(`documents.titles.${content.corrects.series}`, { number: corrected }),
      }),
    );
  }
  next(26);
  block(page, common("documents.seller"), [
    content.seller.name,
    content.seller.address,
    content.seller.taxId ? common("documents.taxId", { id: content.seller.taxId }) : null,
  ]);
  block(page, common("documents.buyer"), [content.buyer.fullName, content.buyer.email, content.buyer.phone]);
  write(common("documents.booking", { reference: content.reference }), { font: bold });
  next();
  write(content.car);
  next();
  write(
    common("documents.period", {
      pickup: content.pickup.names[language],
      from: when(content.pickup.local),
      dropoff: content.dropoff.names[language],
      to: when(content.dropoff.local),
    }),
  );
  next(28);
  for (const line of listed.lines) {
    write(line.label);
    write(line.amount === 0 ? checkout("options.included") : money(line.amount), { alignRight: true });
    next(16);
  }
  page.drawLine({ start: { x: left, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5 });
  next(4);
  write(listed.total.label, { font: bold, size: 12 });
  write(money(listed.total.amount), { font: bold, size: 12, alignRight: true });
  next(16);
  if (listed.includedTax) {
    write(listed.includedTax.label);
    write(money(listed.includedTax.amount), { alignRight: true });
    next(16);
  }
  next(12);
  write(common("documents.currencyNote", { currency: document.currency }), { size: 9 });
  return pdf.save();

  function block(_page: PDFPage, heading: string, rows: Array<string | null>) {
    write(heading, { font: bold });
    next();
    for (const row of rows) {
      if (!row) continue;
      write(row);
      next();
    }
    next(10);
  }
}
