/**
 * A car's real size (decision 032): the luggage it takes, and whether its supplier rents a model or a category (then
 * the name reads "or similar"). Pure: results, the car page, the fleet file and the demo data read it.
 */
import type { CarRange } from "~/domain/enums";

/** The most bags of each kind a car states. */
export const MAX_BAGS = 20;

/** What a car of each type usually takes: a fleet file or form that leaves the bags out gets these. */
export const USUAL_BAGS: Record<CarRange, { largeBags: number; smallBags: number }> = {
  mini: { largeBags: 1, smallBags: 1 },
  midi: { largeBags: 2, smallBags: 2 },
  maxi: { largeBags: 3, smallBags: 3 },
  scooter: { largeBags: 0, smallBags: 1 },
  bus: { largeBags: 6, smallBags: 6 },
  truck: { largeBags: 2, smallBags: 2 },
  caravan: { largeBags: 4, smallBags: 4 },
};
