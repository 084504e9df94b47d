/**
 * A sale's document (or a credit note) as a PDF (decision 049), drawn with pdf-lib from the same lines the printable
 * page shows, in the document's language. The text is set in DejaVu Sans, shipped with the app (the
 * `dejavu-fonts-ttf` package) and embedded as a subset of the letters used: Latin with every accent, Greek, Cyrillic,
 * Arabic and Hebrew (shaped and set right to left by fontkit) print as written. A letter the font lacks (Chinese,
 * Japanese, Korean…) is written without its accent, or as "?", so a name in another script never breaks a document.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Language } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import { getTranslator } from "~/utils/i18n.server";
import type { BusinessDocument } from "./business-documents.server";
import { documentLines, documentNumber, relatedDocument, type DocumentContent } from "./document-lines";

/** Latin letters with a stroke, which Unicode does not decompose into a letter and an accent. */
const STROKED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

/**
 * `text` in what a font can draw (`covers` says whether it has a letter): spaces of every width as one, a letter it
 * lacks without its accent, or "?".
 */
export function drawableText(text: string, covers: (codePoint: number) => boolean): string {
  return [...text.replace(/[\u00a0\u2009\u202f]/g, " ")]
    .map((char) => {
      if (covers(char.codePointAt(0) ?? 0)) return char;
      const bare = STROKED[char] ?? char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return bare !== char && [...bare].every((part) => covers(part.codePointAt(0) ?? 0)) ? bare : "?";
    })
    .join("");
}

/**
 * fontkit for pdf-lib, parsing each shipped font once per process: parsing DejaVu's 700 KB for every document was
 * most of its cost (a subset of the letters used is still made for each document).
 */
const parsedFonts = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const fontkitOnce: typeof fontkit = {
  ...fontkit,
  create(bytes, postscriptName) {
    const known = postscriptName === undefined ? parsedFonts.get(bytes) : undefined;
    if (known) return known;
    const font = fontkit.create(bytes, postscriptName);
    if (postscriptName === undefined) parsedFonts.set(bytes, font);
    return font;
  },
};

/** The letters a shipped font draws, read once per process. */
const coverage = new Map<Uint8Array, Set<number>>();
function coverageOf(file: Uint8Array, font: PDFFont): Set<number> {
  let letters = coverage.get(file);
  if (!letters) coverage.set(file, (letters = new Set(font.getCharacterSet())));
  return letters;
}

/** The shipped fonts' files, read once per process. */
const fontFiles = (() => {
  let files: { regular: Uint8Array; bold: Uint8Array } | null = null;
  return () => {
    if (!files) {
      const resolve = createRequire(join(process.cwd(), "package.json")).resolve;
      files = {
        regular: readFileSync(resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
        bold: readFileSync(resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
      };
    }
    return files;
  };
})();

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
  pdf.registerFontkit(fontkitOnce);
  // Metadata is text the font never draws: kept as written.
  pdf.setTitle(title);
  pdf.setAuthor(content.seller.name);
  pdf.setLanguage(language);
  pdf.setCreationDate(document.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const files = fontFiles();
  const regular = await pdf.embedFont(files.regular, { subset: true });
  const bold = await pdf.embedFont(files.bold, { subset: true });
  const regularSet = coverageOf(files.regular, regular);
  const boldSet = coverageOf(files.bold, bold);
  const left = 56;
  const right = 595.28 - 56;
  let y = 841.89 - 64;
  const write = (text: string, options: { font?: PDFFont; size?: number; x?: number; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const covered = font === bold ? boldSet : regularSet;
    const shown = drawableText(text, (codePoint) => covered.has(codePoint));
    const x = options.alignRight ? right - font.widthOfTextAtSize(shown, size) : (options.x ?? left);
    page.drawText(shown, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (gap = 14) => {
    y -= gap;
  };

  write(title, { font: bold, size: 18 });
  next(20);
  write(common("documents.issuedOn", { date }));
  const related = relatedDocument(content);
  if (related) {
    next();
    const printed = documentNumber(related.series, related.number);
    write(
      common(`documents.${related.relation}`, {
        title: common(`documents.titles.${related.series}`, { number: printed }),
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
