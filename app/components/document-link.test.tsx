import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/domain/enums";
import { bundleOf } from "~/utils/translator";
import { bundleText } from "~/utils/i18n.server";
import { DocumentLink } from "./document-link";
import { I18nProvider } from "./i18n-provider";

const render = (language: Language, props: Parameters<typeof DocumentLink>[0]) =>
  renderToStaticMarkup(
    <StaticRouter location="/bookings">
      <I18nProvider language={language} common={bundleOf(bundleText(language, "common"))}>
        <DocumentLink {...props} />
      </I18nProvider>
    </StaticRouter>,
  );

describe("a booking's documents, linked from its page (decision 049)", () => {
  it("lists the sale, then its supplements and credit notes under their own headings, each by its number", () => {
    const html = render("fr", {
      document: { series: "invoice", number: 41 },
      supplements: [{ series: "invoice", number: 42 }],
      creditNotes: [{ series: "creditNote", number: 3 }],
      href: "/booking/invoice?b=abc",
    });
    expect(html).toContain(
      '<a data-discover="true" href="/booking/invoice?b=abc">Facture INV-000041 (page imprimable)</a>',
    );
    expect(html).toContain('<h3 class="no-print">Pour les modifications au prix supérieur</h3>');
    expect(html).toContain(
      '<a data-discover="true" href="/booking/invoice?b=abc&amp;n=INV-000042">Facture INV-000042 (page imprimable)</a>',
    );
    expect(html).toContain('<h3 class="no-print">Avoirs</h3>');
    expect(html).toContain(
      '<a data-discover="true" href="/booking/invoice?b=abc&amp;n=CRN-000003">Avoir CRN-000003 (page imprimable)</a>',
    );
    expect(html.indexOf("INV-000042")).toBeLessThan(html.indexOf("CRN-000003"));
  });

  it("shows no heading for what a booking does not have, and says when the sale will be documented", () => {
    const staff = render("en", { document: { series: "receipt", number: 7 }, href: "/manage/bookings/abc/invoice" });
    expect(staff).toBe(
      '<p class="no-print"><a data-discover="true" href="/manage/bookings/abc/invoice">Receipt RCT-000007 (printable page)</a></p>',
    );
    expect(render("es", { document: null, href: "/x" })).toBe(
      '<p class="hint no-print">La factura se emite cuando la reserva está pagada por completo o el coche entregado.</p>',
    );
  });
});
