/**
 * Every message a form can show is the project's own, translated (issue 53, point 4): each form schema, found on disk,
 * is fed what a hostile or careless post sends (nothing, empty fields, text where numbers go, numbers where text goes,
 * far too much, control characters, a field twice), and every message it answers must be a translation key present in
 * English, French and Spanish, never zod's or a library's own English ("Required", "Invalid uuid"…).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { decodeFormError } from "~/domain/form-errors";
import type { Language } from "~/domain/enums";
import { resources } from "~/locales";
import * as accountForms from "~/models/account/account-forms";
import * as teamForm from "~/models/access/team-form";
import * as amendForm from "~/models/booking/amend-form";
import * as findBooking from "~/models/booking/find-booking";
import * as staffBookingForm from "~/models/booking/staff/staff-booking-form";
import * as countryForm from "~/models/catalogue/country-form";
import * as placeForm from "~/models/catalogue/place-form";
import * as platformForm from "~/models/catalogue/platform-form";
import * as supplierForm from "~/models/catalogue/supplier-form";
import * as checkoutForm from "~/models/checkout/checkout-form";
import * as blockForm from "~/models/fleet/block-form";
import * as carForm from "~/models/fleet/car-form";
import * as contact from "~/models/messages/contact";
import * as reviewForm from "~/models/reviews/review-form";

const LANGUAGES: Language[] = ["en", "fr", "es"];

/**
 * Each form's schema, as the route builds it: a schema, or the schema for one language or car or rule set. The table
 * is checked against the files on disk below, so a new form schema fails this test until it is swept.
 */
const FORMS: Record<string, ZodTypeAny | ((language: Language) => ZodTypeAny)> = {
  "account-forms.signInSchema": accountForms.signInSchema,
  "account-forms.secondFactorSchema": accountForms.secondFactorSchema,
  "account-forms.signUpSchema": (language) => accountForms.signUpSchema(language),
  "account-forms.forgotPasswordSchema": accountForms.forgotPasswordSchema,
  "account-forms.resetPasswordSchema": accountForms.resetPasswordSchema,
  "account-forms.activationSchema": accountForms.activationSchema,
  "account-forms.changePasswordSchema": accountForms.changePasswordSchema,
  "account-forms.profileSchema": (language) => accountForms.profileSchema(language),
  "account-forms.personDetailsSchema": (language) => accountForms.personDetailsSchema(language),
  "team-form.inviteMemberSchema": teamForm.inviteMemberSchema,
  "team-form.memberRoleSchema": teamForm.memberRoleSchema,
  "amend-form.amendmentSchema": amendForm.amendmentSchema,
  "find-booking.findBookingSchema": findBooking.findBookingSchema,
  "staff-booking-form.phoneBookingSchema": staffBookingForm.phoneBookingSchema,
  "staff-booking-form.staffChangeSchema": staffBookingForm.staffChangeSchema,
  "country-form.countrySchema": countryForm.countrySchema,
  "place-form.deskFormSchema": placeForm.deskFormSchema,
  "place-form.placeFormSchema": placeForm.placeFormSchema,
  "platform-form.platformSchema": platformForm.platformSchema,
  "supplier-form.supplierFormSchema": supplierForm.supplierFormSchema,
  "supplier-form.NEW_SUPPLIER_SCHEMA": supplierForm.NEW_SUPPLIER_SCHEMA,
  "checkout-form.checkoutSchema": (language) =>
    checkoutForm.checkoutSchema({
      signedIn: false,
      minimumAge: 21,
      optionalExtras: ["cancellation", "amendments", "theftProtection", "collisionDamageWaiver", "fullInsurance"],
      includedExtras: [],
      equipment: [],
      childSeatPlaces: 4,
      paymentModes: ["payLater", "deposit", "full"],
      gateways: ["sandbox", "stripe"],
      cardFormGateways: ["sandbox"],
      language,
      flight: "required",
      now: new Date("2030-06-01T10:00:00Z"),
    }),
  "block-form.blockFormSchema": () => blockForm.blockFormSchema("Africa/Tunis"),
  "car-form.carFormSchema": carForm.carFormSchema,
  "contact.contactSchema": contact.contactSchema,
  "review-form.reviewSchema": reviewForm.reviewSchema,
};

/** The form schemas on disk: exports named `…Schema`/`…_SCHEMA` of the models' form modules. */
function formSchemasOnDisk(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/(-form|-forms|find-booking|contact)\.ts$/.test(entry)) {
        const module = entry.replace(/\.ts$/, "");
        for (const [, name] of readFileSync(path, "utf8").matchAll(
          /^export (?:const|function) (\w+(?:Schema|_SCHEMA))\b/gm,
        ))
          if (!/Fields?Schema$/.test(name ?? "")) found.push(`${module}.${name}`);
      }
    }
  };
  walk("app/models");
  return found.sort();
}

/** What careless and hostile posts send, for the fields `names`. */
function hostilePosts(names: string[]): FormData[] {
  const post = (value: (name: string) => string[]) => {
    const form = new FormData();
    for (const name of names) for (const each of value(name)) form.append(name, each);
    return form;
  };
  return [
    new FormData(),
    post(() => [""]),
    post(() => ["   "]),
    post(() => ["abc"]),
    post(() => ["-1"]),
    post(() => ["99999999999999999999"]),
    post(() => ["x".repeat(20_000)]),
    post(() => ["a\u0000b\u0007c"]),
    post(() => ["2030-02-31"]),
    post((name) => [name, name]),
    post(() => ["on"]),
  ];
}

/** The fields a schema reads, from its shape (objects, intersections, effects), with array fields' first items. */
function fieldNames(schema: ZodTypeAny): string[] {
  const def = schema._def as {
    typeName: string;
    shape?: () => Record<string, ZodTypeAny>;
    left?: ZodTypeAny;
    right?: ZodTypeAny;
    schema?: ZodTypeAny;
    innerType?: ZodTypeAny;
    in?: ZodTypeAny;
  };
  if (def.typeName === "ZodObject" && def.shape)
    return Object.entries(def.shape()).flatMap(([name, field]) => {
      const inner = unwrap(field);
      if (inner._def.typeName === "ZodArray") {
        const item = unwrap(inner._def.type as ZodTypeAny);
        return item._def.typeName === "ZodObject" ? fieldNames(item).map((child) => `${name}[0].${child}`) : [name];
      }
      return [name];
    });
  if (def.left && def.right) return [...fieldNames(def.left), ...fieldNames(def.right)];
  const inner = def.schema ?? def.innerType ?? def.in;
  return inner ? fieldNames(inner) : [];
}

function unwrap(schema: ZodTypeAny): ZodTypeAny {
  const def = schema._def as { schema?: ZodTypeAny; innerType?: ZodTypeAny; in?: ZodTypeAny };
  const inner = def.schema ?? def.innerType ?? def.in;
  return inner ? unwrap(inner) : schema;
}

/** The text a key reads as in `language`, or undefined when the locale files lack it. */
function translated(key: string, language: Language): string | undefined {
  const [namespace, path] = key.includes(":") ? key.split(":", 2) : ["common", key];
  const bundle = (resources[language] as Record<string, unknown>)[namespace ?? ""];
  let node: unknown = bundle;
  for (const part of (path ?? "").split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

describe("every form's messages", () => {
  it("sweeps every form schema on disk", () => {
    expect(Object.keys(FORMS).sort()).toEqual(formSchemasOnDisk());
  });

  for (const [name, form] of Object.entries(FORMS))
    it(`${name}: answers only translated keys to hostile posts, in every language`, () => {
      const seen = new Set<string>();
      for (const language of LANGUAGES) {
        const schema = typeof form === "function" && !("_def" in form) ? form(language) : (form as ZodTypeAny);
        for (const formData of hostilePosts(fieldNames(schema))) {
          const submission = parseWithZod(formData, { schema });
          if (submission.status === "success") continue;
          for (const messages of Object.values(submission.reply().error ?? {}))
            for (const message of messages ?? []) seen.add(message);
        }
      }
      const untranslated = [...seen].filter((message) => {
        const decoded = decodeFormError(message);
        return !decoded || LANGUAGES.some((language) => translated(decoded.key, language) === undefined);
      });
      expect(untranslated).toEqual([]);
      // The sweep reached the schema's rules: an empty post is refused with at least one message.
      expect(seen.size).toBeGreaterThan(0);
    });
});
