/**
 * A car's public page (decision 032, issue 37): what the car is (its specs, picture and luggage, "or similar" where its
 * supplier rents a category), where it is offered, and its rental conditions (fuel policy, mileage, minimum age,
 * licence, deposit, excess), amounts in the visitor's currency. Only a car on offer has one.
 */
import { and, eq } from "drizzle-orm";
import { carLocations, cars, locations, supplierSettings, users } from "#db/schema";
import { isUuid } from "~/domain/ids";
import type { Language } from "~/domain/enums";
import { convertMinorUnits } from "~/domain/money";
import { localizedName } from "~/domain/localized-name";
import { MINIMUM_DRIVER_AGE } from "~/domain/person-fields";
import { offerableCar } from "~/models/search/offer-conditions.server";
import { ALL_EXTRAS, describeExtra } from "~/models/pricing/pricing";
import { convertExcess, extraSale, isProtectionExtra, remainingExcess } from "~/models/pricing/cover";
import type { Executor } from "~/utils/db.server";

export async function findPublicCar(db: Executor, carId: string, language: Language, rate: number) {
  if (!isUuid(carId)) return null;
  const [row] = await db
    .select({ car: cars, supplierName: users.fullName, settings: supplierSettings })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.supplierId))
    .innerJoin(supplierSettings, eq(supplierSettings.supplierId, cars.supplierId))
    .where(and(eq(cars.id, carId), offerableCar));
  if (!row) return null;
  const places = await db
    .select({ slug: locations.slug, nameEn: locations.nameEn, nameFr: locations.nameFr, nameEs: locations.nameEs })
    .from(carLocations)
    .innerJoin(locations, eq(locations.id, carLocations.locationId))
    .where(eq(carLocations.carId, carId));
  const { car, settings } = row;
  const convert = (cents: number) => convertMinorUnits(cents, rate);
  return {
    id: car.id,
    name: car.name,
    orSimilar: settings.rentsByCategory,
    image: car.image,
    range: car.range,
    fuelType: car.fuelType,
    gearbox: car.gearbox,
    aircon: car.aircon,
    seats: car.seats,
    doors: car.doors,
    largeBags: car.largeBags,
    smallBags: car.smallBags,
    multimedia: car.multimedia,
    co2: car.co2,
    supplier: { name: row.supplierName, logo: settings.logo, licenseRequired: settings.licenseRequired },
    places: places
      .map((place) => ({ slug: place.slug, name: localizedName(place, language) }))
      .sort((a, b) => a.name.localeCompare(b.name, language)),
    conditions: {
      fuelPolicy: car.fuelPolicy,
      mileage: car.mileage,
      minimumAge: Math.max(MINIMUM_DRIVER_AGE, car.minimumAge),
      deposit: convert(car.deposit),
      // The excess left with what the car includes; each protection option and what it takes away.
      excess: convertExcess(remainingExcess(car, []), convert),
      // What the checkout may sell with it (`extraSale`; no dates here, so the Cancellation option as sold ahead).
      extras: ALL_EXTRAS.filter((extra) => ["included", "sold"].includes(extraSale(car, extra, true))).map((extra) => {
        const { kind, amount } = describeExtra(extra, car[extra]);
        return { extra, kind, amount: convert(amount), protection: isProtectionExtra(extra) };
      }),
    },
  };
}

export type PublicCar = NonNullable<Awaited<ReturnType<typeof findPublicCar>>>;
