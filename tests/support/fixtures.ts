import { randomUUID } from "node:crypto";
import * as schema from "#db/schema";
import type { BookingStatus, StaffRole } from "~/domain/enums";
import type { Database } from "~/utils/db.server";
import type { SearchFilters } from "~/models/search/search";
import { parseSearchParams } from "~/models/search/search-params";

/** Tunisia, the country of the test catalogues (one row per database, whoever inserts it first). */
export async function insertTunisia(db: Database) {
  const [country] = await db
    .insert(schema.countries)
    .values({ code: "TN", nameEn: "Tunisia", nameFr: "Tunisie", nameEs: "Túnez" })
    .onConflictDoUpdate({ target: schema.countries.code, set: { nameEn: "Tunisia" } })
    .returning();
  return country!;
}

/** A place in Tunisia named by its slug (its French name `<slug>-fr`, so a test can tell the languages apart). */
export const placeValues = (countryId: string, slug: string, parentId: string | null = null) => ({
  slug,
  countryId,
  parentId,
  nameEn: slug,
  nameFr: `${slug}-fr`,
  nameEs: slug,
  latitude: 36.8,
  longitude: 10.2,
  timeZone: "Africa/Tunis",
});

/** A supplier account and its settings; returns its id. */
export async function insertSupplier(
  db: Database,
  slug: string,
  settings: Partial<typeof schema.supplierSettings.$inferInsert> = {},
  blacklisted = false,
): Promise<string> {
  const [user] = await db
    .insert(schema.users)
    .values({ role: "supplier", email: `${slug}@example.com`, fullName: slug, blacklisted })
    .returning();
  await db.insert(schema.supplierSettings).values({ supplierId: user!.id, slug, ...settings });
  return user!.id;
}

/** A search's filters as its URL query gives them ("" for none). */
export const searchFilters = (query = ""): SearchFilters => parseSearchParams(new URLSearchParams(query));

/** The smallest catalogue a booking needs: a country, a location, a supplier, a car and a driver. */
export async function insertMinimalCatalogue(db: Database) {
  const suffix = randomUUID().slice(0, 8);
  const country = await insertTunisia(db);
  const [location] = await db
    .insert(schema.locations)
    .values({
      slug: `tunis-${suffix}`,
      countryId: country!.id,
      nameEn: "Tunis",
      nameFr: "Tunis",
      nameEs: "Túnez",
      latitude: 36.8065,
      longitude: 10.1815,
      timeZone: "Africa/Tunis",
    })
    .returning();
  const [supplier] = await db
    .insert(schema.users)
    .values({ role: "supplier", email: `supplier-${suffix}@example.com`, fullName: "Supplier", verified: true })
    .returning();
  await db.insert(schema.supplierSettings).values({ supplierId: supplier!.id, slug: `supplier-${suffix}` });
  const [driver] = await db
    .insert(schema.users)
    .values({ role: "user", email: `driver-${suffix}@example.com`, fullName: "Driver", verified: true })
    .returning();
  const [car] = await db
    .insert(schema.cars)
    .values({
      supplierId: supplier!.id,
      name: "Test Car",
      licensePlate: `T-${suffix.toUpperCase()}`,
      dailyPrice: 4000,
      range: "mini",
      fuelType: "gasoline",
      gearbox: "manual",
      seats: 4,
      doors: 4,
      fuelPolicy: "likeForLike",
    })
    .returning();
  await db.insert(schema.carLocations).values({ carId: car!.id, locationId: location!.id });
  return { country, location: location!, supplier: supplier!, driver: driver!, car: car! };
}

export type MinimalCatalogue = Awaited<ReturnType<typeof insertMinimalCatalogue>>;

/** A booking row for `catalogue`'s car with a consistent price breakdown. */
export function bookingValues(
  catalogue: MinimalCatalogue,
  startsAt: string,
  endsAt: string,
  status: BookingStatus = "pending",
): typeof schema.bookings.$inferInsert {
  return {
    supplierId: catalogue.supplier.id,
    carId: catalogue.car.id,
    driverId: catalogue.driver.id,
    pickupLocationId: catalogue.location.id,
    dropoffLocationId: catalogue.location.id,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    status,
    paymentMode: "payLater",
    days: 1,
    basePrice: 4000,
    extrasPrice: 0,
    markup: 0,
    totalPrice: 4000,
    deposit: 0,
    amountDue: 0,
    expiresAt: status === "void" ? new Date(Date.parse(startsAt)) : null,
  };
}

/** A complete, valid sign-up form (spec §5), to change one field at a time. */
export const validSignUp = {
  fullName: "Alex Martin",
  email: "alex@example.com",
  phone: "+33 6 12 34 56 78",
  birthDate: "1990-04-12",
  password: "secret1",
  confirmPassword: "secret1",
  acceptTerms: "on",
} as const;

/** A member of a supplier's team (decision 044) with the role given, and its id. */
export async function insertTeamMember(db: Database, supplierId: string, role: StaffRole) {
  const [member] = await db
    .insert(schema.users)
    .values({ role: "staff", email: `${role}-${randomUUID().slice(0, 8)}@example.com`, fullName: role, verified: true })
    .returning();
  await db.insert(schema.supplierStaff).values({ userId: member!.id, supplierId, role, invitedBy: "test" });
  return member!.id;
}
