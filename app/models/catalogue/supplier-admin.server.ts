/**
 * Suppliers as operators run them (decision 027): an admin adds one (its account gets an invitation link through the
 * outbox, with which the supplier sets its password); a supplier edits its own settings, logo and contracts, an admin
 * any supplier's, and only an admin the markup and the results cap. Every change is audited.
 */
import { asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { changingCatalog } from "./catalog-freshness.server";
import { bookings, cars, sessions, supplierEquipment, supplierSettings, supplierStaff, users } from "#db/schema";
import { LANGUAGES, type Language } from "~/domain/enums";
import { sendSupplierInvitation } from "~/models/account/account-mails.server";
import type { Database, Executor } from "~/utils/db.server";
import { sqlState } from "~/utils/errors.server";
import { fieldChanges, type FieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import {
  adminFields,
  equipmentOfferText,
  equipmentOffersOf,
  SUPPLIERS_PAGE_SIZE,
  type SupplierFormValue,
} from "./supplier-form";
import { supplierEquipmentOf } from "~/models/checkout/checkout-offer.server";
import { EQUIPMENT } from "~/domain/enums";
import { anyOf, containsPattern, insertedRow } from "~/utils/sql.server";
import type { Deletion } from "./place-admin.server";
import { removeReplacedUpload } from "~/utils/uploads.server";
import { hasEmail } from "~/models/account/user-email.server";

/** A supplier's audit row, labelled by its name and slug, in its own trail. */
function writeSupplierAudit(
  tx: Executor,
  actor: Actor,
  supplier: { id: string; name: string; slug: string },
  action: "create" | "update",
  changes: FieldChanges,
) {
  return writeAudit(tx, actor, {
    record: "supplier",
    recordId: supplier.id,
    supplierId: supplier.id,
    action,
    label: `${supplier.name} (${supplier.slug})`,
    changes,
  });
}

/** Every supplier's account for the admin's list, searched by name, e-mail or slug, thirty a page. */
export async function listSupplierAccounts(db: Executor, query: { text: string; page: number }) {
  const pattern = containsPattern(query.text);
  const where = query.text
    ? anyOf(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(supplierSettings.slug, pattern))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.fullName,
        email: users.email,
        slug: supplierSettings.slug,
        invited: sql<boolean>`${users.passwordHash} is null`,
        suspended: users.blacklisted,
        markupBasisPoints: supplierSettings.markupBasisPoints,
        cars: sql<number>`(select count(*)::int from ${cars} c where c.supplier_id = ${users.id})`,
      })
      .from(supplierSettings)
      .innerJoin(users, eq(users.id, supplierSettings.supplierId))
      .where(where)
      .orderBy(asc(users.fullName), asc(users.id))
      .limit(SUPPLIERS_PAGE_SIZE)
      .offset((query.page - 1) * SUPPLIERS_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(supplierSettings)
      .innerJoin(users, eq(users.id, supplierSettings.supplierId))
      .where(where),
  ]);
  return { suppliers: rows, total: counted?.total ?? 0 };
}

/** What keeps a supplier from being deleted: its cars (each booking is on one), its bookings, its team. */
export interface SupplierUses {
  cars: number;
  bookings: number;
  team: number;
}

export async function supplierUses(db: Executor, supplierId: string): Promise<SupplierUses> {
  const [[fleet], [booked], [members]] = await Promise.all([
    db.select({ total: count() }).from(cars).where(eq(cars.supplierId, supplierId)),
    db.select({ total: count() }).from(bookings).where(eq(bookings.supplierId, supplierId)),
    db.select({ total: count() }).from(supplierStaff).where(eq(supplierStaff.supplierId, supplierId)),
  ]);
  return { cars: fleet?.total ?? 0, bookings: booked?.total ?? 0, team: members?.total ?? 0 };
}

export const supplierUnused = (uses: SupplierUses) => uses.cars === 0 && uses.bookings === 0 && uses.team === 0;

/**
 * Deletes a supplier nothing uses (no car, no booking, no team member): its account, settings, equipment and pending
 * invitation go with it; audited under the supplier's own record. The account row is locked first: a car or a
 * booking added meanwhile either committed first and is counted, or fails on its foreign key and is answered as a use.
 */
export async function deleteSupplier(db: Database, actor: Actor, supplierId: string): Promise<Deletion<SupplierUses>> {
  try {
    return await changingCatalog(
      db,
      db.transaction(async (tx) => {
        const [supplier] = await tx
          .select({ id: users.id, name: users.fullName, slug: supplierSettings.slug })
          .from(users)
          .innerJoin(supplierSettings, eq(supplierSettings.supplierId, users.id))
          .where(eq(users.id, supplierId))
          .for("update", { of: users });
        if (!supplier) return { ok: false as const, missing: true as const };
        const uses = await supplierUses(tx, supplierId);
        if (!supplierUnused(uses)) return { ok: false as const, uses };
        await tx.delete(users).where(eq(users.id, supplierId));
        const label = `${supplier.name} (${supplier.slug})`;
        await writeAudit(tx, actor, {
          record: "supplier",
          recordId: supplier.id,
          supplierId: null,
          action: "delete",
          label,
          changes: fieldChanges({ name: supplier.name, slug: supplier.slug }, { name: null, slug: null }),
        });
        return { ok: true as const, label };
      }),
    );
  } catch (error) {
    if (sqlState(error) === "23503") return { ok: false, uses: await supplierUses(db, supplierId) };
    throw error;
  }
}

export async function findSupplier(db: Executor, supplierId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(supplierId)) return null;
  const [row] = await db
    .select({
      settings: supplierSettings,
      name: users.fullName,
      email: users.email,
      // Invited and not joined yet: no password chosen.
      invited: sql<boolean>`${users.passwordHash} is null`,
      suspended: users.blacklisted,
    })
    .from(supplierSettings)
    .innerJoin(users, eq(users.id, supplierSettings.supplierId))
    .where(eq(supplierSettings.supplierId, supplierId));
  if (!row) return null;
  // What it lends with its cars (decision 033), edited on the same form.
  const equipment = await supplierEquipmentOf(db, supplierId);
  return {
    ...row.settings,
    id: row.settings.supplierId,
    name: row.name,
    email: row.email,
    invited: row.invited,
    suspended: row.suspended,
    equipment,
  };
}
export type ManagedSupplier = NonNullable<Awaited<ReturnType<typeof findSupplier>>>;

/**
 * Suspends a supplier (issue 51) or reinstates it, audited. Suspended, its cars leave search and checkout at once
 * (`offerableCar` reads the supplier's account), its owner and every member of its team are signed out in the same
 * transaction and cannot sign in again; its bookings stay as they are, for the admin to decide on one by one.
 */
export async function setSupplierSuspended(
  db: Database,
  actor: Actor,
  supplier: Pick<ManagedSupplier, "id" | "name" | "slug">,
  suspended: boolean,
): Promise<void> {
  await changingCatalog(
    db,
    db.transaction(async (tx) => {
      const [account] = await tx
        .select({ suspended: users.blacklisted })
        .from(users)
        .where(eq(users.id, supplier.id))
        .for("update");
      if (!account || account.suspended === suspended) return;
      await tx.update(users).set({ blacklisted: suspended, updatedAt: new Date() }).where(eq(users.id, supplier.id));
      if (suspended) {
        const team = tx
          .select({ userId: supplierStaff.userId })
          .from(supplierStaff)
          .where(eq(supplierStaff.supplierId, supplier.id));
        await tx.delete(sessions).where(or(eq(sessions.userId, supplier.id), inArray(sessions.userId, team)));
      }
      await writeSupplierAudit(tx, actor, supplier, "update", {
        suspended: { from: account.suspended, to: suspended },
      });
    }),
  );
}

/**
 * Sends a supplier's invitation again, with a new link (the earlier ones still work until they expire), while its
 * account has no password; audited. "joined" once it has one.
 */
export async function resendSupplierInvitation(
  db: Database,
  actor: Actor,
  supplier: Pick<ManagedSupplier, "id" | "name" | "slug">,
  origin: string,
): Promise<"sent" | "joined"> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        language: users.language,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.id, supplier.id))
      .for("update");
    if (!account || account.passwordHash !== null) return "joined";
    await sendSupplierInvitation(tx, account, origin, { supplier: supplier.name, inviter: actor.fullName });
    await writeSupplierAudit(tx, actor, supplier, "update", { invitationSent: { from: null, to: account.email } });
    return "sent";
  });
}

export type CreateSupplierResult =
  { ok: true; supplierId: string } | { ok: false; field: "email" | "slug"; message: string };

/** A new supplier account with default settings, and its invitation link queued in the outbox. */
export async function createSupplier(
  db: Database,
  actor: Actor,
  input: { name: string; email: string; slug: string; language: Language },
  origin: string,
): Promise<CreateSupplierResult> {
  try {
    const supplier = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(hasEmail(input.email));
      if (taken) return null;
      const user = insertedRow(
        await tx
          .insert(users)
          .values({ role: "supplier", email: input.email, fullName: input.name, language: input.language })
          .returning(),
      );
      await tx.insert(supplierSettings).values({ supplierId: user.id, slug: input.slug });
      await writeSupplierAudit(
        tx,
        actor,
        { id: user.id, name: input.name, slug: input.slug },
        "create",
        fieldChanges(null, { name: input.name, email: input.email, slug: input.slug }),
      );
      // The invitation: an activation link (a week) with which the supplier sets a password, saying what it is.
      await sendSupplierInvitation(tx, user, origin, { supplier: input.name, inviter: actor.fullName });
      return user;
    });
    if (!supplier) return { ok: false, field: "email", message: "manage:validation.emailTaken" };
    return { ok: true, supplierId: supplier.id };
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, field: "slug", message: "manage:validation.slugTaken" };
    throw error;
  }
}

/** Saves a supplier's settings; `asAdmin` also saves the markup and the results cap. */
export async function saveSupplierSettings(
  db: Database,
  actor: Actor,
  supplier: ManagedSupplier,
  form: SupplierFormValue,
  asAdmin: boolean,
): Promise<{ ok: true } | { ok: false; field: string; message: string }> {
  const admin = adminFields(form);
  if (asAdmin && admin.markupBasisPoints === null)
    return { ok: false, field: "markup", message: "manage:validation.markup" };
  if (asAdmin && admin.maxCarsPerSearch === null)
    return { ok: false, field: "maxCarsPerSearch", message: "manage:validation.resultsCap" };
  const equipment = equipmentOffersOf(form);
  if (!equipment.ok) return equipment;
  const settings = {
    payLater: form.payLater,
    licenseRequired: form.licenseRequired,
    minimumRentalDays: form.minimumRentalDays,
    hourlyMinimumHours: form.hourlyMinimumHours,
    taxRateBasisPoints: form.taxRate,
    taxIncluded: form.taxIncluded,
    legalName: form.legalName,
    legalAddress: form.legalAddress,
    taxId: form.taxId,
    oneWayFee: form.oneWayFee,
    youngDriverAge: form.youngDriverAge,
    youngDriverDailyFee: form.youngDriverDailyFee,
    flightGraceMinutes: form.flightGraceMinutes,
    afterHoursForFlights: form.afterHoursForFlights,
    rentsByCategory: form.rentsByCategory,
    ...(asAdmin
      ? { markupBasisPoints: admin.markupBasisPoints!, maxCarsPerSearch: admin.maxCarsPerSearch ?? null }
      : {}),
  };
  await changingCatalog(
    db,
    db.transaction(async (tx) => {
      await tx.update(supplierSettings).set(settings).where(eq(supplierSettings.supplierId, supplier.id));
      if (form.name !== supplier.name)
        await tx.update(users).set({ fullName: form.name }).where(eq(users.id, supplier.id));
      const before = Object.fromEntries(
        Object.keys(settings).map((key) => [key, supplier[key as keyof ManagedSupplier]]),
      );
      // The equipment it lends: the rows replaced by the form's, each piece's change audited as it reads ("8 perDay ≤ 56").
      await tx.delete(supplierEquipment).where(eq(supplierEquipment.supplierId, supplier.id));
      if (equipment.offers.length)
        await tx
          .insert(supplierEquipment)
          .values(equipment.offers.map((offer) => ({ ...offer, supplierId: supplier.id })));
      const pieces = (offers: typeof equipment.offers) =>
        Object.fromEntries(
          EQUIPMENT.map((kind) => [
            `equipment_${kind}`,
            equipmentOfferText(offers.find((offer) => offer.kind === kind)),
          ]),
        );
      const changes = fieldChanges(
        { ...before, ...pieces(supplier.equipment), name: supplier.name },
        { ...settings, ...pieces(equipment.offers), name: form.name },
      );
      if (Object.keys(changes).length)
        await writeSupplierAudit(tx, actor, { ...supplier, name: form.name }, "update", changes);
    }),
  );
  return { ok: true };
}

/** Records a new logo or contract file (already stored) and audits it. */
export async function saveSupplierFile(
  db: Database,
  actor: Actor,
  supplier: ManagedSupplier,
  file: { kind: "logo" } | { kind: "contract"; language: Language },
  url: string,
) {
  const replaced = await db.transaction(async (tx) => {
    // Read again under a lock: two uploads at once (English and French) both keep their file, and the file replaced
    // is the one that was there.
    const [current] = await tx
      .select({ logo: supplierSettings.logo, contracts: supplierSettings.contracts })
      .from(supplierSettings)
      .where(eq(supplierSettings.supplierId, supplier.id))
      .for("update");
    if (file.kind === "logo") {
      await tx.update(supplierSettings).set({ logo: url }).where(eq(supplierSettings.supplierId, supplier.id));
    } else {
      const contracts = { ...(current?.contracts ?? supplier.contracts), [file.language]: url };
      await tx.update(supplierSettings).set({ contracts }).where(eq(supplierSettings.supplierId, supplier.id));
    }
    const field = file.kind === "logo" ? "logo" : `contract_${file.language}`;
    const from =
      file.kind === "logo"
        ? current
          ? current.logo
          : supplier.logo
        : ((current?.contracts ?? supplier.contracts)[file.language] ?? null);
    await writeSupplierAudit(tx, actor, supplier, "update", { [field]: { from, to: url } });
    return from;
  });
  // Once committed, the old file is no longer served: mails and pages read the supplier's current one.
  await removeReplacedUpload(replaced);
}

export const CONTRACT_LANGUAGES = LANGUAGES;

export async function countSuppliers(db: Executor) {
  const [row] = await db.select({ total: count() }).from(supplierSettings);
  return row?.total ?? 0;
}
