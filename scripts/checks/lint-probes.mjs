/**
 * Proves the lint still refuses what the layer rule forbids (decision 016), so the rule cannot silently rot: each
 * probe is a one-line module linted with the project's own ESLint config at a path where it does not exist, and
 * must be refused by the rule named; the allowed probes must pass, so the rule is not simply refusing everything.
 * Run by `npm run lint`.
 */
import { ESLint } from "eslint";

const LAYER = "layers/imports";
const LINKS = "@typescript-eslint/no-restricted-imports";
const AS_NEVER = "no-restricted-syntax";
const NON_NULL = "@typescript-eslint/no-non-null-assertion";
const ROUTE_LENGTH = "max-lines";
/** A route module of `lines` lines of code. */
const routeOf = (lines) =>
  Array.from({ length: lines - 1 }, (_, index) => `export const line${index} = ${index};`).join("\n");

/** [where the probe stands, its code, the rule that must refuse it (null: must pass)] */
const PROBES = [
  // The ground floor imports nothing of the app and no framework.
  ["app/domain/probe.ts", `import { bookings } from "~/models/booking/booking";`, LAYER],
  ["app/domain/probe.ts", `import { getDb } from "~/utils/db.server";`, LAYER],
  ["app/domain/probe.ts", `import { encodeFormError } from "../utils/translator";`, LAYER],
  ["app/domain/probe.ts", `import { useState } from "react";`, LAYER],
  ["app/domain/probe.ts", `import { readFileSync } from "node:fs";`, LAYER],
  ["app/domain/probe.ts", `import { bookings } from "#db/schema";`, LAYER],
  // A pure model: no database, no server module, no view, wherever it stands.
  ["app/models/probe.ts", `import { bookings } from "#db/schema";`, LAYER],
  ["app/models/booking/probe.ts", `import { bookings } from "#db/schema";`, LAYER],
  ["app/models/booking/probe.ts", `import { bookings } from "../../../db/schema";`, LAYER],
  ["app/models/booking/probe.ts", `import { listBookings } from "./booking-list.server";`, LAYER],
  ["app/models/booking/probe.ts", `import { getDb } from "~/utils/db.server";`, LAYER],
  ["app/models/search/deep/probe.ts", `import { Form } from "@remix-run/react";`, LAYER],
  // A model service in a subfolder knows no component, hook or route.
  ["app/models/booking/probe.server.ts", `import { CarCard } from "~/components/car-card";`, LAYER],
  ["app/models/booking/probe.server.ts", `import { CarCard } from "../../components/car-card";`, LAYER],
  ["app/models/checkout/probe.server.ts", `import { useHydrated } from "~/hooks/use-hydrated";`, LAYER],
  ["app/models/search/probe.server.ts", `export { loader } from "~/routes/search/route";`, LAYER],
  // Infrastructure knows no model and no view.
  ["app/utils/probe.server.ts", `import { listBookings } from "~/models/booking/booking-list.server";`, LAYER],
  ["app/utils/probe.ts", `import { bookingTotal } from "~/models/booking/booking";`, LAYER],
  ["app/utils/payments/probe.server.ts", `import { CarCard } from "~/components/car-card";`, LAYER],
  // Components and hooks take only types from server modules, and never a route.
  ["app/components/probe.tsx", `import { getDb } from "~/utils/db.server";`, LAYER],
  ["app/components/probe.tsx", `import { bookings } from "#db/schema";`, LAYER],
  ["app/components/deep/probe.tsx", `import { findVisitor } from "../../models/account/visitor.server";`, LAYER],
  ["app/hooks/probe.ts", `import { loader } from "~/routes/search/route";`, LAYER],
  // A route never imports another route, nor another route folder's parts.
  ["app/routes/probe.tsx", `import { loader } from "./search/route";`, LAYER],
  ["app/routes/probe.tsx", `import { loader } from "~/routes/sign-in";`, LAYER],
  ["app/routes/search/probe.tsx", `import { loader } from "../bookings/route";`, LAYER],
  ["app/routes/search/probe.tsx", `import { loader } from "./route";`, LAYER],
  ["app/routes/search/page.server.ts", `import { bookings } from "#db/schema";`, LAYER],
  // server/ and db/ are judged too.
  ["server/probe.ts", `import { CarCard } from "~/components/car-card";`, LAYER],
  ["server/probe.ts", `import { loader } from "../app/routes/search/route";`, LAYER],
  ["server.ts", `import { useHydrated } from "./app/hooks/use-hydrated";`, LAYER],
  ["db/schema.ts", `import { listBookings } from "~/models/booking/booking-list.server";`, LAYER],
  ["db/probe.ts", `import { CarCard } from "../app/components/car-card";`, LAYER],
  // Production code never imports a test.
  [
    "app/models/booking/probe.server.ts",
    `import { insertMinimalCatalogue } from "../../../tests/support/fixtures";`,
    LAYER,
  ],
  // Fail closed: app/ code outside every layer is refused, and so is an import of it.
  ["app/lib/probe.ts", `import { LANGUAGES } from "~/domain/enums";`, LAYER],
  ["app/models/probe.server.ts", `import { bookings } from "#db/schema";`, LAYER],
  ["app/routes/probe.tsx", `import { helper } from "~/lib/helper";`, LAYER],
  ["app/models/booking/probe.server.ts", `import { helper } from "../../shared/helper";`, LAYER],
  // A payment gateway adapter knows its gateway and the neutral types, never bookings or the database (decision 019).
  [
    "app/models/payments/gateways/probe.server.ts",
    `import { findBooking } from "~/models/booking/bookings.server";`,
    LAYER,
  ],
  ["app/models/payments/gateways/probe.server.ts", `import { payments } from "#db/schema";`, LAYER],
  ["app/models/payments/gateways/probe.server.ts", `import { eq } from "drizzle-orm";`, LAYER],
  ["app/models/payments/gateways/probe.server.ts", `import { recordPayment } from "../payments.server";`, LAYER],
  ["app/models/payments/gateways/probe.server.ts", `import { Form } from "@remix-run/react";`, LAYER],
  // Links render through SiteLink (decision 018).
  ["app/components/probe.tsx", `import { Link } from "@remix-run/react";`, LINKS],
  ["app/routes/probe.tsx", `import { NavLink } from "@remix-run/react";`, LINKS],
  // Translations through the page's catalogue (a route's namespace arrives with its loader data).
  ["app/components/probe.tsx", `import { useTranslation } from "react-i18next";`, LINKS],
  // Types that hold (decision 042): no `as never` in app code, no `!` in pages, components or hooks, thin routes.
  ["app/models/booking/probe.ts", `export const key = "a" as never;`, AS_NEVER],
  ["app/routes/probe.tsx", `export const first = [1].at(0)!;`, NON_NULL],
  ["app/components/probe.tsx", `export const first = [1].at(0)!;`, NON_NULL],
  ["app/routes/search/route.tsx", routeOf(201), ROUTE_LENGTH],
  ["app/routes/probe.tsx", routeOf(201), ROUTE_LENGTH],
  ["app/routes/search/route.tsx", routeOf(200), null],
  ["app/models/booking/probe.test.ts", `export const key = "a" as never;`, null],
  // What the layers may do must still pass.
  ["app/domain/probe.ts", `import { LANGUAGES } from "./enums";`, null],
  ["app/models/booking/probe.ts", `import { formatMoney } from "~/domain/money";`, null],
  ["app/models/booking/probe.server.ts", `import { bookings } from "#db/schema";`, null],
  ["app/components/probe.tsx", `import type { Visitor } from "~/models/account/visitor.server";`, null],
  ["app/models/payments/probe.ts", `import type { Env } from "~/utils/env.server";`, null],
  ["app/routes/search/probe.tsx", `import { SearchForm } from "./search-form";`, null],
  ["server/probe.ts", `import { releaseExpiredHolds } from "~/models/booking/bookings.server";`, null],
  ["app/models/payments/gateways/probe.server.ts", `import type { PaymentGateway } from "./types";`, null],
  ["app/models/payments/gateways/probe.server.ts", `import { cardDigits } from "~/models/payments/card";`, null],
  ["app/models/payments/probe.server.ts", `import { gatewayNamed } from "./gateways/gateway.server";`, null],
  ["app/models/booking/staff/probe.server.ts", `import { writeAudit } from "~/models/audit/audit.server";`, null],
];

const eslint = new ESLint();
let failures = 0;
for (const [filePath, code, rule] of PROBES) {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath, warnIgnored: true });
  const refusedBy = new Set((result?.messages ?? []).map((message) => message.ruleId));
  const ok = rule
    ? refusedBy.has(rule)
    : ![LAYER, LINKS, AS_NEVER, NON_NULL, ROUTE_LENGTH].some((name) => refusedBy.has(name));
  if (!ok) {
    failures += 1;
    const said = [...refusedBy].join(", ") || "nothing";
    console.error(
      `lint-probes: ${filePath}: \`${code}\` should be ${rule ? `refused by ${rule}` : "allowed"}; lint said ${said}`,
    );
  }
}
console.log(`lint-probes: ${PROBES.length - failures} of ${PROBES.length} probes judged as the rules say`);
if (failures > 0) process.exit(1);
