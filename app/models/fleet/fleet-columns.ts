/** The fleet file's columns (decision 027, docs/fleet-csv.md), in the order an export writes them. Pure, no zod. */
import { EXTRAS } from "~/domain/enums";

export const FLEET_COLUMNS = [
  "licensePlate",
  "name",
  "range",
  "fuelType",
  "gearbox",
  "seats",
  "doors",
  "largeBags",
  "smallBags",
  "aircon",
  "multimedia",
  "fuelPolicy",
  "mileage",
  "minimumAge",
  "deposit",
  "damageExcess",
  "theftExcess",
  "dailyPrice",
  "discountedDailyPrice",
  "weeklyPrice",
  "discountedWeeklyPrice",
  "biWeeklyPrice",
  "discountedBiWeeklyPrice",
  "monthlyPrice",
  "discountedMonthlyPrice",
  "hourlyPrice",
  ...EXTRAS,
  "places",
  "datePrices",
  "available",
  "fullyBooked",
  "comingSoon",
] as const;
export type FleetColumn = (typeof FLEET_COLUMNS)[number];

/** Columns a file must have; the others default as a new car's form does (no extra offered, available). */
export const REQUIRED_COLUMNS: readonly FleetColumn[] = [
  "licensePlate",
  "name",
  "range",
  "fuelType",
  "gearbox",
  "seats",
  "doors",
  "fuelPolicy",
  "minimumAge",
  "dailyPrice",
  "places",
];
