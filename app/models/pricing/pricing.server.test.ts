import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cars, dateBasedPrices, supplierEquipment, supplierSettings, users } from "#db/schema";
import { seedDemoData } from "#db/seed";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  coverDailySql,
  equipmentCostSql,
  lowestDailyPrices,
  rentalBaseSql,
  supplierChargesColumns,
  withChargesSql,
  withMarkupSql,
} from "./pricing.server";
import { calendarDate, chargesOf, divideRounded, quoteRental } from "./pricing";
import { zeroExcessCover } from "./cover";
import { equipmentUnitCost, type EquipmentOffer } from "./equipment";
import { DAY_MS, periodDays, periodHours } from "~/domain/rental-period";
import { searchCars } from "~/models/search/cars.server";
import { listPlaces } from "~/models/catalogue/places.server";
import { parseSearchParams } from "~/models/search/search-params";

/** Search sorts by a SQL twin of the pricing rules: it must agree with quoteRental for every car and length. */
describe.each(testEngines)("SQL rental totals match quoteRental on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemoData(database.db, new Date("2030-01-15T00:00:00Z"));
    await addOverlappingPeriods(database);
  }, 120_000);
  afterAll(() => database?.destroy());

  const starts = [
    ["winter", "2030-02-03T09:00:00Z", "Africa/Tunis"],
    ["across a summer season boundary", "2030-06-10T22:30:00Z", "Africa/Tunis"],
    ["in season, zone ahead of UTC", "2030-07-31T23:30:00Z", "Europe/Paris"],
    ["across the new year", "2030-12-28T10:00:00Z", "Europe/Madrid"],
  ] as const;

  it.each(starts)(
    "%s, for every boundary length",
    async (_name, start, timeZone) => {
      const { db } = database;
      const rows = await db
        .select({ car: cars, markup: supplierSettings.markupBasisPoints, settings: supplierSettings })
        .from(cars)
        .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
        .orderBy(asc(cars.id));
      const periods = await db
        .select()
        .from(dateBasedPrices)
        .where(
          inArray(
            dateBasedPrices.carId,
            rows.map((row) => row.car.id),
          ),
        );
      const periodsOf = (carId: string) => periods.filter((period) => period.carId === carId).sort(byStartThenId);
      const from = new Date(start);
      // Every car's total in SQL and by quoteRental, for a period of `days` (`hours` when under a day).
      const compare = async (to: Date, index: number) => {
        const days = periodDays(from, to, timeZone);
        const hours = periodHours(from, to, timeZone);
        // The supplier's fees and tax too (decision 025): round trips and one-way ones, ages under each threshold or none.
        const rental = RENTALS[index % RENTALS.length]!;
        const sqlTotals = await db
          .select({
            id: cars.id,
            total: withChargesSql(
              withMarkupSql(
                rentalBaseSql(days, calendarDate(from, timeZone), hours),
                supplierSettings.markupBasisPoints,
              ),
              supplierChargesColumns,
              { days, ...rental },
            ).mapWith(Number),
          })
          .from(cars)
          .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
          .orderBy(asc(cars.id));
        const expected = rows.map(({ car, markup, settings }) => ({
          id: car.id,
          total: quoteRental({
            car: { ...car, dateBasedPrices: periodsOf(car.id) },
            markupBasisPoints: markup,
            from,
            to,
            timeZone,
            charges: chargesOf(settings),
            hourlyMinimumHours: settings.hourlyMinimumHours,
            ...rental,
          }).total,
        }));
        expect(sqlTotals, `${days} days, ${hours} hours, ${JSON.stringify(rental)}`).toEqual(expected);
      };
      for (const [index, days] of [1, 2, 3, 6, 7, 13, 14, 29, 30, 31, 45].entries())
        await compare(new Date(from.getTime() + days * DAY_MS - 60_000), index);
      // Under a day (decision 037): each car's hourly price, its supplier's minimum hours and the day's cap.
      for (const [index, minutes] of [30, 60, 61, 150, 179, 300, 420, 1439].entries())
        await compare(new Date(from.getTime() + minutes * 60_000), index);
    },
    60_000,
  );

  it("adds a markup to large 32-bit amounts without overflowing, rounding like divideRounded", async () => {
    const cases = [
      [300_000, 10_000],
      [2_147_483_647, 2_500],
      [1_999, -1_250],
      [25, 2_000],
    ] as const;
    for (const [cents, basisPoints] of cases) {
      const result = await database.db.execute(
        sql`select ${withMarkupSql(sql`${cents}::int`, sql`${basisPoints}::int`)} as total`,
      );
      const total = Number((result as unknown as { rows: Array<{ total: string | number }> }).rows[0]!.total);
      expect(total, `${cents} + ${basisPoints} bp`).toBe(cents + divideRounded(cents * basisPoints, 10_000));
    }
  });

  it("the home page's 'from' price of each range is the cheapest one-day quote a driver can get", async () => {
    const { db } = database;
    const rows = await db
      .select({
        car: cars,
        markup: supplierSettings.markupBasisPoints,
        settings: supplierSettings,
        blacklisted: users.blacklisted,
      })
      .from(cars)
      .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
      .innerJoin(users, eq(users.id, cars.supplierId));
    const periods = await db.select().from(dateBasedPrices);
    const today = new Date().toISOString().slice(0, 10);
    const expected: Record<string, number> = {};
    for (const { car, markup, settings, blacklisted } of rows) {
      if (!car.available || car.fullyBooked || car.comingSoon || blacklisted) continue;
      const own = periods.filter((period) => period.carId === car.id).sort(byStartThenId);
      // A day outside every period, and the first day of each period not over yet.
      const days = [
        "2199-01-01",
        ...(car.isDateBasedPrice
          ? own.filter((period) => period.endDate >= today).map((period) => period.startDate)
          : []),
      ];
      for (const day of days) {
        const from = new Date(`${day}T10:00:00Z`);
        const { total } = quoteRental({
          car: { ...car, dateBasedPrices: own },
          markupBasisPoints: markup,
          from,
          to: new Date(from.getTime() + DAY_MS),
          timeZone: "UTC",
          charges: chargesOf(settings),
        });
        expected[car.range] = Math.min(expected[car.range] ?? Infinity, total);
      }
    }
    expect(Object.keys(expected).length).toBeGreaterThan(3);
    expect(await lowestDailyPrices(db)).toEqual(expected);
  });

  // The statement builds the price from its own columns (tier prices, then the base): every tier must come into play.
  // Under a day too (3 h, 5 h 30, 20 h): cars with an hourly price are billed by the hour when cheaper (decision 037).
  it.each([3 / 24, 5.5 / 24, 20 / 24, 1, 3, 9, 31, 45])(
    "a results page of %d days prices each car, date-priced ones with their own periods, as quoteRental does",
    async (length) => {
      const { db } = database;
      const periods = await db.select().from(dateBasedPrices);
      const dated = new Set(periods.map((period) => period.carId));
      const rows = await db
        .select({ car: cars, markup: supplierSettings.markupBasisPoints, settings: supplierSettings })
        .from(cars)
        .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId));
      const places = await listPlaces(db, "en");
      // Every other place searched one way: the one-way fees come into play.
      const oneWay = (index: number) => index % 2 === 1;
      // Every third with two child seats (decision 033): each total with them, at its supplier's price.
      const seated = (index: number) => index % 3 === 2;
      const lent = await db.select().from(supplierEquipment);
      const from = new Date("2030-07-28T09:00:00Z");
      const to = new Date(from.getTime() + length * DAY_MS);
      let checked = 0;
      let datedChecked = 0;
      let coveredChecked = 0;
      let seatedChecked = 0;
      let hourlyChecked = 0;
      for (const [index, pickup] of places.filter((place) => place.carCount > 0).entries()) {
        const { offers } = await searchCars(db, {
          oneWay: oneWay(index),
          pickup,
          from,
          to,
          filters: parseSearchParams(new URLSearchParams(seated(index) ? "childSeats=2" : "")),
          sort: "price-asc",
          page: 1,
          supplierIds: [],
        });
        for (const offer of offers) {
          const row = rows.find((candidate) => candidate.car.id === offer.id)!;
          const own = periods.filter((period) => period.carId === offer.id).sort(byStartThenId);
          const quote = (extras: readonly string[] = []) => {
            const { days, hours, total, pricePerDay, pricePerHour } = quoteRental({
              car: { ...row.car, dateBasedPrices: own },
              markupBasisPoints: row.markup,
              from,
              to,
              timeZone: pickup.timeZone,
              charges: chargesOf(row.settings),
              hourlyMinimumHours: row.settings.hourlyMinimumHours,
              oneWay: oneWay(index),
              extras: Object.fromEntries(extras.map((extra) => [extra, true])),
              equipment: seated(index)
                ? {
                    offers: lent.filter((offer) => offer.supplierId === row.car.supplierId),
                    counts: { childSeat: 2 },
                  }
                : undefined,
            });
            return { days, hours, total, pricePerDay, pricePerHour };
          };
          expect(offer.price, offer.name).toEqual(quote());
          // And with the car's cheapest zero-excess cover, as the zero-excess sort ranks it (decision 030).
          const cover = zeroExcessCover(row.car);
          expect(offer.coveredPrice, `${offer.name} with zero excess`).toEqual(cover && quote(cover.extras));
          if (cover && cover.daily > 0) coveredChecked++;
          if (seated(index)) {
            expect(offer.childSeats).toBe(2);
            expect(row.car.seats).toBeGreaterThan(2);
            seatedChecked++;
          }
          checked++;
          if (dated.has(offer.id)) datedChecked++;
          if (offer.price.hours !== null) hourlyChecked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
      expect(datedChecked).toBeGreaterThan(0);
      expect(coveredChecked).toBeGreaterThan(0);
      expect(seatedChecked).toBeGreaterThan(0);
      // Some cars are billed by the hour under a day (the demo's hourly cars), none over it.
      if (length * 24 <= 4) expect(hourlyChecked).toBeGreaterThan(0);
      else if (length >= 1) expect(hourlyChecked).toBe(0);
    },
  );

  it("prices equipment as equipmentUnitCost does, per day with and without a cap and per rental, for any count", async () => {
    const offers: Array<Pick<EquipmentOffer, "charge" | "price" | "cap">> = [
      { charge: "perDay", price: 800, cap: 5600 },
      { charge: "perDay", price: 800, cap: 800 },
      { charge: "perDay", price: 1250, cap: null },
      { charge: "perRental", price: 3500, cap: null },
      { charge: "perDay", price: 0, cap: null },
    ];
    const cases = offers.flatMap((offer) =>
      [1, 6, 7, 8, 31, 45].flatMap((days) => [1, 2, 3].map((count) => ({ offer, days, count }))),
    );
    const rows = sql.join(
      cases.map(
        ({ offer, days, count }) =>
          sql`(${offer.charge}::text, ${offer.price}::int, ${offer.cap}::int, ${days}::int, ${count}::int)`,
      ),
      sql`, `,
    );
    const result = await database.db.execute(
      sql`select ${equipmentCostSql({ charge: sql`e.charge`, price: sql`e.price`, cap: sql`e.cap` }, sql`e.count`, sql`e.days`)} as cost
        from (values ${rows}) as e(charge, price, cap, days, count)`,
    );
    const costs = (result as unknown as { rows: Array<{ cost: number | string }> }).rows.map((row) => Number(row.cost));
    expect(costs).toEqual(cases.map(({ offer, days, count }) => equipmentUnitCost(offer, days) * count));
  });

  it("prices the cheapest zero-excess cover as zeroExcessCover does, for every way a car offers its protection", async () => {
    const prices = [-1, 0, 700] as const;
    const cases = [0, 90_000].flatMap((damageExcess) =>
      [0, 50_000].flatMap((theftExcess) =>
        prices.flatMap((collisionDamageWaiver) =>
          prices.flatMap((theftProtection) =>
            [-1, 0, 900, 1_500].map((fullInsurance) => ({
              damageExcess,
              theftExcess,
              collisionDamageWaiver,
              theftProtection,
              fullInsurance,
            })),
          ),
        ),
      ),
    );
    const rows = sql.join(
      cases.map(
        (car) =>
          sql`(${car.damageExcess}::int, ${car.theftExcess}::int, ${car.collisionDamageWaiver}::int, ${car.theftProtection}::int, ${car.fullInsurance}::int)`,
      ),
      sql`, `,
    );
    // The statement reads the columns as "cars"."…": a list of values under that name stands for the table.
    const result = await database.db.execute(
      sql`select ${coverDailySql} as daily from (values ${rows}) as cars(damage_excess, theft_excess, collision_damage_waiver, theft_protection, full_insurance)`,
    );
    const daily = (result as unknown as { rows: Array<{ daily: number | string | null }> }).rows.map((row) =>
      row.daily === null ? null : Number(row.daily),
    );
    expect(daily).toEqual(cases.map((car) => zeroExcessCover(car)?.daily ?? null));
  });
});

const RENTALS = [
  { oneWay: false, driverAge: null },
  { oneWay: true, driverAge: 22 },
  { oneWay: false, driverAge: 24 },
  { oneWay: true, driverAge: 40 },
] as const;

/**
 * The demo's periods never overlap; a supplier's may. Where they do, the earliest start wins, then the lower id:
 * one date-priced car gets a period starting before each of its own and reaching into it, and one starting on the
 * same day, under an id sorting before the other's (and another after it).
 */
async function addOverlappingPeriods({ db }: TestDatabase) {
  const periods = await db
    .select()
    .from(dateBasedPrices)
    .orderBy(asc(dateBasedPrices.carId), asc(dateBasedPrices.startDate));
  const carId = periods[0]!.carId;
  const own = periods.filter((period) => period.carId === carId);
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  await db.insert(dateBasedPrices).values(
    own.flatMap((period, index) =>
      [
        {
          carId,
          startDate: shift(period.startDate, -3),
          endDate: shift(period.startDate, 2),
          dailyPrice: 1111 + index,
        },
        {
          id: "00000000-0000-4000-8000-000000000000",
          carId,
          startDate: period.startDate,
          endDate: period.endDate,
          dailyPrice: 2222 + index,
        },
        {
          id: "ffffffff-ffff-4fff-bfff-ffffffffffff",
          carId,
          startDate: period.startDate,
          endDate: period.endDate,
          dailyPrice: 3333 + index,
        },
      ].slice(0, index === 0 ? 3 : 1),
    ),
  );
}

function byStartThenId(a: { startDate: string; id: string }, b: { startDate: string; id: string }): number {
  return a.startDate.localeCompare(b.startDate) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
