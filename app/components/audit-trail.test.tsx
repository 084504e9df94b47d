import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/domain/enums";
import { bundleOf } from "~/utils/translator";
import { bundleText } from "~/utils/i18n.server";
import { AuditTrail, type TrailRow } from "./audit-trail";
import { I18nProvider, useRouteTranslation } from "./i18n-provider";

function Trail({ language, ...props }: { language: Language } & Parameters<typeof AuditTrail>[0]) {
  useRouteTranslation({ namespace: "manage", bundle: bundleText(language, "manage") });
  return <AuditTrail {...props} />;
}

const render = (language: Language, props: Parameters<typeof AuditTrail>[0]) =>
  renderToStaticMarkup(
    <I18nProvider language={language} common={bundleOf(bundleText(language, "common"))}>
      <Trail language={language} {...props} />
    </I18nProvider>,
  );

const entry = (changes: TrailRow["changes"]): TrailRow => ({
  id: "a",
  actorName: "Dana Desk",
  actorRole: "staff",
  actorStaffRole: "desk",
  action: "update",
  changes,
  createdAt: "2031-05-03T08:40:00.000Z",
});

describe("the audit trail in words (issue 50, point 6)", () => {
  it("prints a booking's desk events, counter takings and places as the pages do, on the place's clock, in French", () => {
    const html = render("fr", {
      record: "booking",
      timeZone: "Africa/Tunis",
      trail: [
        entry({
          return: {
            from: null,
            to: {
              at: "2031-05-03T07:50:00.000Z",
              enteredAt: "2031-05-03T08:40:00.000Z",
              mileage: 12_640,
              fuelEighths: 5,
              note: "",
            },
          },
          counterPayment: { from: null, to: { amount: 6_117, currency: "EUR", method: "cash" } },
          pickup: { from: { en: "Tunis airport", fr: "Aéroport de Tunis", es: "Aeropuerto de Tunis" }, to: null },
          cancelledBy: { from: null, to: "supplier" },
          from: { from: "2031-05-01 10:00", to: "2031-05-02 10:00" },
        }),
      ],
    });
    // Local times (Tunis is UTC+1), never an ISO instant or "UTC".
    expect(html).toContain("Quand (Africa/Tunis)");
    expect(html).toMatch(/3 mai 2031,? 09:40/);
    expect(html).toMatch(/le : 3 mai 2031,? 08:50, saisi le : 3 mai 2031,? 09:40, compteur \(km\) : 12\s640/);
    expect(html).not.toContain("note");
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // Words, not codes or cents.
    expect(html).toContain("carburant : 5/8");
    expect(html).toMatch(/Encaissé au comptoir : — → 61,17\s€ · Espèces/);
    expect(html).toContain("Aéroport de Tunis");
    expect(html).toContain("le loueur");
    expect(html).toMatch(/1 mai 2031,? 10:00 → 2 mai 2031,? 10:00/);
    expect(html).toContain("Modifications de cette réservation");
    expect(html).toContain("Dana Desk (");
  });

  it("prints rates in basis points as percentages and a place's country by its name", () => {
    const html = render("en", {
      record: "place",
      trail: [
        entry({
          markupBasisPoints: { from: 1_000, to: 1_250 },
          countryId: { from: null, to: { en: "Tunisia", fr: "Tunisie", es: "Túnez" } },
        }),
      ],
    });
    expect(html).toContain("10% → 12.5%");
    expect(html).toContain("Tunisia");
    expect(html).toContain("Changes to this place, newest first");
  });
});
