import { USUAL_BAGS } from "~/models/catalogue/car-size";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { instantToLocalDateTime, localDateTimeToInstant } from "~/domain/rental-period";
import type { Database } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { issueSaleDocument } from "~/models/documents/business-documents.server";
import {
  DEMO_RENTALS_UNDER_WAY,
  DEMO_REVIEWS,
  DEMO_RENTALS_TO_REVIEW,
  DEMO_COLOURS,
  DEMO_COUNTRIES,
  DEMO_DRIVER,
  DEMO_SUPPLIER_ACCOUNT,
  DEMO_ADMIN,
  DEMO_DESK_AGENT,
  DEMO_SUSPENDED_DRIVER,
  DEMO_DESKS,
  DEMO_SUPPLIER_DESKS,
  DEMO_LOCATIONS,
  DEMO_MODELS,
  DEMO_SUPPLIERS,
  FUEL_POLICY_CYCLE,
  MULTIMEDIA_SETS,
} from "./demo-catalogue";
import * as schema from "./schema";
import type { PickupDesk } from "~/domain/pickup-desk";

/** A place's desk as its columns (none on record: every column null, any time accepted). */
const deskColumns = (desk: PickupDesk | undefined) => ({
  address: desk?.address ?? null,
  deskKind: desk?.kind ?? null,
  phone: desk?.phone ?? null,
  openingHours: desk?.hours ?? null,
});

/** Small deterministic PRNG so every seeding run produces the same catalogue. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedFrom(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Rounds cents to a price ending in 0 (e.g. 4 183 → 4 180) so demo prices look like real tariffs. */
const roundPrice = (cents: number) => Math.max(10, Math.round(cents / 10) * 10);
const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;

const EXTRA_CHOICES = {
  cancellation: [-1, 0, 1500, 2500],
  amendments: [0, -1, 1000, 2000],
  theftProtection: [600, -1, 0, 900],
  collisionDamageWaiver: [1200, 0, -1, 1500],
  fullInsurance: [2000, 2500, -1, 0],
  additionalDriver: [500, 0, 800, -1],
} as const;

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(schema.cars);
  return (row?.value ?? 0) === 0;
}

async function ensureUser(db: Database, values: typeof schema.users.$inferInsert) {
  const [existing] = await db
    .select()
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = lower(${values.email})`);
  if (existing) return existing;
  const [created] = await db.insert(schema.users).values(values).returning();
  return created!;
}

/** A demo operator's account, verified, with its password unless one was set since (a changed password is kept). */
async function ensureAccount(db: Database, values: typeof schema.users.$inferInsert, password: string) {
  const account = await ensureUser(db, { ...values, verified: true });
  if (!account.passwordHash)
    await db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(password), verified: true })
      .where(eq(schema.users.id, account.id));
  return account;
}

/** Inserts or refreshes the demo catalogue; running it again changes nothing. */
export async function seedDemoData(db: Database, now = new Date()): Promise<{ cars: number; locations: number }> {
  const countryIds = new Map<string, string>();
  for (const country of DEMO_COUNTRIES) {
    const [nameEn, nameFr, nameEs] = country.names;
    const [row] = await db
      .insert(schema.countries)
      .values({ code: country.code, nameEn, nameFr, nameEs })
      .onConflictDoUpdate({ target: schema.countries.code, set: { nameEn, nameFr, nameEs } })
      .returning();
    countryIds.set(country.code, row!.id);
  }

  const locationIds = new Map<string, string>();
  // Parents first, so children can point at them.
  const ordered = [...DEMO_LOCATIONS].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
  for (const location of ordered) {
    const [nameEn, nameFr, nameEs] = location.names;
    const values = {
      slug: location.slug,
      countryId: countryIds.get(location.country)!,
      parentId: location.parent ? locationIds.get(location.parent)! : null,
      nameEn,
      nameFr,
      nameEs,
      latitude: location.latitude,
      longitude: location.longitude,
      timeZone: location.timeZone,
      ...deskColumns(DEMO_DESKS[location.slug]),
      airport: location.slug.endsWith("-airport"),
    };
    const [row] = await db
      .insert(schema.locations)
      .values(values)
      .onConflictDoUpdate({ target: schema.locations.slug, set: values })
      .returning();
    locationIds.set(location.slug, row!.id);
    if (location.parking) {
      await db.delete(schema.parkingSpots).where(eq(schema.parkingSpots.locationId, row!.id));
      await db.insert(schema.parkingSpots).values(
        location.parking.map((spot) => ({
          locationId: row!.id,
          nameEn: spot.names[0],
          nameFr: spot.names[1],
          nameEs: spot.names[2],
          latitude: spot.latitude,
          longitude: spot.longitude,
        })),
      );
    }
  }

  let carCount = 0;
  for (const supplier of DEMO_SUPPLIERS) {
    const user = await ensureUser(db, {
      role: "supplier",
      email: supplier.email,
      fullName: supplier.name,
      verified: true,
      verifiedAt: now,
    });
    const settings = {
      slug: supplier.slug,
      logo: `/images/suppliers/${supplier.slug}.svg`,
      payLater: supplier.payLater,
      licenseRequired: supplier.licenseRequired,
      markupBasisPoints: supplier.markupBasisPoints,
      minimumRentalDays: supplier.minimumRentalDays,
      hourlyMinimumHours: supplier.hourlyMinimumHours,
      maxCarsPerSearch: supplier.maxCarsPerSearch,
      ...supplier.flights,
      rentsByCategory: supplier.rentsByCategory,
      ...supplier.charges,
    };
    await db
      .insert(schema.supplierSettings)
      .values({ supplierId: user.id, ...settings })
      .onConflictDoUpdate({ target: schema.supplierSettings.supplierId, set: settings });
    await db.delete(schema.supplierEquipment).where(eq(schema.supplierEquipment.supplierId, user.id));
    if (supplier.equipment.length)
      await db
        .insert(schema.supplierEquipment)
        .values(supplier.equipment.map((offer) => ({ ...offer, supplierId: user.id })));

    const supplierLocations = DEMO_LOCATIONS.filter((location) => supplier.countries.includes(location.country));
    const random = mulberry32(seedFrom(supplier.slug));
    for (let index = 0; index < supplier.fleetSize; index++) {
      carCount++;
      const variant = index + seedFrom(supplier.slug);
      const model = pick(DEMO_MODELS, index * 8 + (seedFrom(supplier.slug) % DEMO_MODELS.length));
      const variance = 0.9 + random() * 0.25;
      const daily = roundPrice(model.dailyPrice * variance);
      const hasTiers = index % 5 !== 4;
      const discounted = index % 4 === 1;
      const tierDiscount = index % 6 === 2;
      const carValues = {
        supplierId: user.id,
        name: model.name,
        licensePlate: `${supplier.slug.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, "0")}`,
        minimumAge: model.range === "bus" || model.range === "caravan" ? 25 : model.dailyPrice > 9000 ? 23 : 21,
        dailyPrice: daily,
        discountedDailyPrice: discounted ? roundPrice(daily * 0.85) : null,
        biWeeklyPrice: hasTiers ? roundPrice(daily * 3 * 0.95) : null,
        discountedBiWeeklyPrice: hasTiers && tierDiscount ? roundPrice(daily * 3 * 0.88) : null,
        weeklyPrice: hasTiers ? roundPrice(daily * 7 * 0.85) : null,
        discountedWeeklyPrice: hasTiers && tierDiscount ? roundPrice(daily * 7 * 0.78) : null,
        monthlyPrice: hasTiers && index % 3 !== 0 ? roundPrice(daily * 30 * 0.7) : null,
        discountedMonthlyPrice: hasTiers && tierDiscount ? roundPrice(daily * 30 * 0.62) : null,
        isDateBasedPrice: index % 9 === 3,
        // Every third small car is also rented by the hour (decision 037), at about a fifth of its day.
        hourlyPrice:
          index % 3 === 0 && (model.range === "mini" || model.range === "midi" || model.range === "scooter")
            ? roundPrice(daily * 0.2)
            : null,
        deposit: model.deposit,
        // The excesses (decision 030): three and four times the deposit; every tenth car's are included in its price.
        damageExcess: index % 10 === 6 ? 0 : model.deposit * 3,
        theftExcess: index % 10 === 6 ? 0 : model.deposit * 4,
        available: index % 40 !== 7,
        fullyBooked: index % 40 === 13,
        comingSoon: index % 40 === 21,
        range: model.range,
        fuelType: model.fuelType,
        gearbox: model.gearbox,
        aircon: model.range !== "scooter" && index % 11 !== 5,
        seats: model.seats,
        doors: model.doors,
        ...USUAL_BAGS[model.range],
        fuelPolicy: pick(FUEL_POLICY_CYCLE, variant),
        mileage: model.range === "scooter" ? 150 : pick([-1, 250, -1, 400], index),
        cancellation: pick(EXTRA_CHOICES.cancellation, index),
        amendments: pick(EXTRA_CHOICES.amendments, index + 1),
        theftProtection: pick(EXTRA_CHOICES.theftProtection, index + 2),
        collisionDamageWaiver: pick(EXTRA_CHOICES.collisionDamageWaiver, index),
        fullInsurance: pick(EXTRA_CHOICES.fullInsurance, index + 3),
        additionalDriver: model.range === "scooter" ? -1 : pick(EXTRA_CHOICES.additionalDriver, index),
        multimedia: model.range === "scooter" ? [] : pick(MULTIMEDIA_SETS, variant),
        rating: index % 17 === 0 ? null : Math.round((2.5 + random() * 2.5) * 10) / 10,
        trips: Math.floor(random() * 320),
        co2: model.co2,
        image: `/images/cars/${model.range}-${pick(DEMO_COLOURS, variant)}.svg`,
        updatedAt: now,
      };
      const [car] = await db
        .insert(schema.cars)
        .values(carValues)
        .onConflictDoUpdate({ target: [schema.cars.supplierId, schema.cars.licensePlate], set: carValues })
        .returning({ id: schema.cars.id });

      const served = new Set<string>();
      const locationCount = 1 + (index % 3);
      for (let k = 0; k < locationCount; k++) {
        served.add(locationIds.get(pick(supplierLocations, index * 3 + k * 5).slug)!);
      }
      await db.delete(schema.carLocations).where(eq(schema.carLocations.carId, car!.id));
      await db.insert(schema.carLocations).values([...served].map((locationId) => ({ carId: car!.id, locationId })));

      await db.delete(schema.dateBasedPrices).where(eq(schema.dateBasedPrices.carId, car!.id));
      if (carValues.isDateBasedPrice) {
        const year = now.getUTCFullYear();
        const periods = [year, year + 1].flatMap((y) => [
          { startDate: `${y}-06-15`, endDate: `${y}-09-15`, dailyPrice: roundPrice(daily * 1.35) },
          { startDate: `${y}-12-20`, endDate: `${y + 1}-01-03`, dailyPrice: roundPrice(daily * 1.2) },
        ]);
        await db.insert(schema.dateBasedPrices).values(periods.map((period) => ({ carId: car!.id, ...period })));
      }
    }
  }

  // The demo operators (decision 027): one supplier's account gets a password, and an admin is made. A password
  // changed since is kept.
  const supplierAccount = await ensureAccount(
    db,
    { role: "supplier", email: DEMO_SUPPLIER_ACCOUNT.email, fullName: "" },
    DEMO_SUPPLIER_ACCOUNT.password,
  );
  // Carthage Cars' desk agent (decision 044).
  const deskAgent = await ensureAccount(
    db,
    { role: "staff", email: DEMO_DESK_AGENT.email, fullName: DEMO_DESK_AGENT.fullName, verifiedAt: now },
    DEMO_DESK_AGENT.password,
  );
  await db
    .insert(schema.supplierStaff)
    .values({ userId: deskAgent.id, supplierId: supplierAccount.id, role: "desk", invitedBy: "demo" })
    .onConflictDoNothing();
  // Carthage Cars runs the desks at Les Berges du Lac and La Marsa itself (decision 048).
  await db
    .update(schema.locations)
    .set({ deskSupplierId: supplierAccount.id })
    .where(inArray(schema.locations.slug, DEMO_SUPPLIER_DESKS));
  await ensureAccount(
    db,
    { role: "admin", email: DEMO_ADMIN.email, fullName: DEMO_ADMIN.fullName, verifiedAt: now },
    DEMO_ADMIN.password,
  );

  const driver = await ensureUser(db, {
    role: "user",
    email: DEMO_DRIVER.email,
    fullName: DEMO_DRIVER.fullName,
    phone: DEMO_DRIVER.phone,
    birthDate: DEMO_DRIVER.birthDate,
    location: DEMO_DRIVER.location,
    verified: true,
    verifiedAt: now,
    passwordHash: await hashPassword(DEMO_DRIVER.password),
  });
  await db
    .update(schema.users)
    .set({ verified: true, blacklisted: false })
    .where(and(eq(schema.users.id, driver.id), inArray(schema.users.role, ["user"])));

  const suspended = await ensureUser(db, {
    role: "user",
    email: DEMO_SUSPENDED_DRIVER.email,
    fullName: DEMO_SUSPENDED_DRIVER.fullName,
    verified: true,
    blacklisted: true,
    passwordHash: await hashPassword(DEMO_SUSPENDED_DRIVER.password),
  });
  await db.update(schema.users).set({ blacklisted: true }).where(eq(schema.users.id, suspended.id));

  // Rentals handed over, as the desk sold them (decision 049): their documents numbered in the order they were issued.
  const sold: Sold[] = [];
  await seedRentalsUnderWay(db, DEMO_RENTALS_UNDER_WAY, locationIds, now, sold);
  await seedRentalsUnderWay(db, DEMO_RENTALS_TO_REVIEW, locationIds, now, sold);
  await seedReviews(db, locationIds, now, sold);
  sold.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { bookingId, at } of sold) await issueSaleDocument(db, bookingId, at);
  return { cars: carCount, locations: locationIds.size };
}

/**
 * The demo's published reviews (DEMO_REVIEWS), each on a rental returned months ago by a demo customer (a booking with
 * its hand-over and return), so the results show averages from the start. Made once: a second seeding finds them.
 */
/** A seeded rental handed over, whose receipt or invoice is issued once every seeded rental is in. */
type Sold = { bookingId: string; at: Date };

async function seedReviews(db: Database, locationIds: Map<string, string>, now: Date, sold: Sold[]) {
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(schema.reviews);
  if (existing > 0) return;
  const reviewer = await ensureUser(db, {
    role: "user",
    ...DEMO_RENTALS_UNDER_WAY.customers[0],
    verified: true,
    verifiedAt: now,
  });
  for (const [index, review] of DEMO_REVIEWS.entries()) {
    const placeId = locationIds.get(review.place)!;
    // Three days, each review's own weeks ago, on a car free then.
    const startsAt = new Date(now.getTime() - (90 + 7 * index) * 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 3 * 86_400_000);
    const [car] = await db
      .select({ id: schema.cars.id, supplierId: schema.cars.supplierId, dailyPrice: schema.cars.dailyPrice })
      .from(schema.cars)
      .innerJoin(schema.supplierSettings, eq(schema.supplierSettings.supplierId, schema.cars.supplierId))
      .innerJoin(schema.carLocations, eq(schema.carLocations.carId, schema.cars.id))
      .where(
        and(
          eq(schema.supplierSettings.slug, review.supplier),
          eq(schema.carLocations.locationId, placeId),
          sql`not exists (select 1 from bookings b where b.car_id = ${schema.cars.id} and b.starts_at < ${endsAt} and b.ends_at > ${startsAt})`,
        ),
      )
      .orderBy(schema.cars.licensePlate)
      .limit(1);
    if (!car) continue;
    const total = car.dailyPrice * 3;
    const [booking] = await db
      .insert(schema.bookings)
      .values({
        supplierId: car.supplierId,
        carId: car.id,
        driverId: reviewer.id,
        pickupLocationId: placeId,
        dropoffLocationId: placeId,
        startsAt,
        endsAt,
        status: "paid",
        // Handed over and returned (the events below): the rental is over (decision 040).
        rentalState: "returned",
        paymentMode: "payLater",
        days: 3,
        basePrice: total,
        extrasPrice: 0,
        markup: 0,
        totalPrice: total,
        deposit: 0,
        amountDue: 0,
        confirmedAt: startsAt,
        createdAt: startsAt,
      })
      .returning({ id: schema.bookings.id });
    await db.insert(schema.bookingEvents).values([
      { bookingId: booking!.id, kind: "handover", at: startsAt, staffName: "Desk", mileage: 30_000, fuelEighths: 8 },
      { bookingId: booking!.id, kind: "return", at: endsAt, staffName: "Desk", mileage: 30_600, fuelEighths: 8 },
    ]);
    // Sold at its hand-over: its receipt or invoice, as the desk would have issued it (decision 049).
    sold.push({ bookingId: booking!.id, at: startsAt });
    const [staffMark, conditionMark, valueMark, queueMark] = review.marks;
    await db.insert(schema.reviews).values({
      bookingId: booking!.id,
      supplierId: car.supplierId,
      locationId: placeId,
      driverId: reviewer.id,
      authorName: review.author,
      staffMark,
      conditionMark,
      valueMark,
      queueMark,
      text: review.text,
      language: review.language,
      status: "published",
      moderatedAt: endsAt,
      createdAt: endsAt,
    });
  }
}

/**
 * The demo's rentals under way (DEMO_RENTALS_UNDER_WAY): each customer's car handed over yesterday at the place and
 * due back there earlier today, on the place's clocks. Made once, with their customers: a second seeding (a restart on
 * a kept database) finds the customers and adds nothing.
 */
async function seedRentalsUnderWay(
  db: Database,
  rentals: {
    supplier: string;
    place: string;
    customers: ReadonlyArray<{ fullName: string; email: string; phone: string }>;
  },
  locationIds: Map<string, string>,
  now: Date,
  sold: Sold[],
) {
  const { customers, place } = rentals;
  const [known] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, customers[0]!.email));
  if (known) return;
  const placeId = locationIds.get(place)!;
  const [location] = await db.select().from(schema.locations).where(eq(schema.locations.id, placeId));
  const [supplier] = await db
    .select({ id: schema.supplierSettings.supplierId })
    .from(schema.supplierSettings)
    .where(eq(schema.supplierSettings.slug, rentals.supplier));
  const fleet = await db
    .select({ id: schema.cars.id, dailyPrice: schema.cars.dailyPrice, deposit: schema.cars.deposit })
    .from(schema.cars)
    .innerJoin(schema.carLocations, eq(schema.carLocations.carId, schema.cars.id))
    .where(
      and(
        eq(schema.cars.supplierId, supplier!.id),
        eq(schema.carLocations.locationId, placeId),
        // A car is at several places: one already out with another group's customer is not handed over twice.
        sql`not exists (select 1 from bookings b where b.car_id = ${schema.cars.id} and b.ends_at > ${new Date(now.getTime() - 4 * 86_400_000)})`,
      ),
    )
    .orderBy(desc(schema.cars.licensePlate))
    .limit(customers.length);
  // Due back today on the place's clocks, before now: from a few minutes after its midnight at the earliest.
  const today = instantToLocalDateTime(now, location!.timeZone).slice(0, 10);
  const midnight = localDateTimeToInstant(`${today}T00:00`, location!.timeZone)!.getTime();
  for (const [index, customer] of customers.entries()) {
    const car = fleet[index];
    if (!car) break;
    const due = new Date(
      Math.min(
        Math.max(midnight + (index + 1) * 60_000, now.getTime() - (40 + 10 * index) * 60_000),
        now.getTime() - 1_000,
      ),
    );
    const pickedUp = new Date(due.getTime() - 2 * 86_400_000);
    const driver = await ensureUser(db, { role: "user", ...customer, verified: true, verifiedAt: pickedUp });
    const total = car.dailyPrice * 2;
    const [booking] = await db
      .insert(schema.bookings)
      .values({
        supplierId: supplier!.id,
        carId: car.id,
        driverId: driver.id,
        pickupLocationId: placeId,
        dropoffLocationId: placeId,
        startsAt: pickedUp,
        endsAt: due,
        status: "pending",
        // Handed over (the event below) and not back: out with its driver, overdue (decision 040).
        rentalState: "out",
        paymentMode: "payLater",
        days: 2,
        basePrice: total,
        extrasPrice: 0,
        markup: 0,
        totalPrice: total,
        deposit: car.deposit,
        amountDue: 0,
        confirmedAt: pickedUp,
        createdAt: pickedUp,
      })
      .returning({ id: schema.bookings.id });
    await db.insert(schema.bookingEvents).values({
      bookingId: booking!.id,
      kind: "handover",
      at: pickedUp,
      staffName: "Desk",
      mileage: 18_000 + 4_250 * index,
      fuelEighths: 8,
    });
    sold.push({ bookingId: booking!.id, at: pickedUp });
  }
}
