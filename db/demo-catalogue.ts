/**
 * The demo catalogue: real places, plausible suppliers and a deterministic fleet that covers every
 * range, fuel type, gearbox, fuel policy, multimedia item, mileage kind and extras semantics.
 */
import type { EquipmentOffer } from "../app/models/pricing/equipment";
import type { PickupDesk, WeeklyHours } from "../app/domain/pickup-desk";
import type { SupplierCharges } from "../app/models/pricing/pricing";
import type { CarRange, FuelPolicy, FuelType, Gearbox, Multimedia } from "../app/domain/enums";

export interface DemoCountry {
  code: string;
  names: [en: string, fr: string, es: string];
}

export interface DemoLocation {
  slug: string;
  country: string;
  parent?: string;
  names: [en: string, fr: string, es: string];
  latitude: number;
  longitude: number;
  timeZone: string;
  parking?: Array<{ names: [string, string, string]; latitude: number; longitude: number }>;
}

/** Week presets for the demo desks (Monday first; times in the place's zone). */
const everyDay = (opens: string, closes: string) => Array.from({ length: 7 }, () => [opens, closes] as const);
const ROUND_THE_CLOCK = everyDay("00:00", "24:00");
const AIRPORT = everyDay("06:00", "23:30");
const STATION = everyDay("07:00", "21:00");
const RESORT = everyDay("08:00", "20:00");
/** City offices: long weekdays, a short Sunday morning. */
const CITY_OFFICE: WeeklyHours = [...everyDay("08:00", "19:00").slice(0, 6), ["09:00", "13:00"]];
/** A small office closed on Sunday. */
const SMALL_OFFICE: WeeklyHours = [...everyDay("08:30", "18:30").slice(0, 5), ["09:00", "13:00"], null];

/** The places whose desk the demo supplier (Carthage Cars) runs itself (decision 048). */
export const DEMO_SUPPLIER_DESKS = ["tunis-lac", "la-marsa"];

/** Each demo place's rental desk (decision 024): address, where it is, phone, hours. */
export const DEMO_DESKS: Record<string, PickupDesk> = {
  tunis: {
    address: "45 Avenue Habib Bourguiba, 1000 Tunis",
    kind: "cityOffice",
    phone: "+216 71 340 100",
    hours: CITY_OFFICE,
  },
  "tunis-carthage-airport": {
    address: "Arrivals hall, Tunis-Carthage Airport, 1080 Tunis",
    kind: "inTerminal",
    phone: "+216 71 754 200",
    hours: ROUND_THE_CLOCK,
  },
  "la-marsa": {
    address: "12 Rue du Maroc, 2070 La Marsa",
    kind: "cityOffice",
    phone: "+216 71 749 310",
    hours: RESORT,
  },
  "sidi-bou-said": {
    address: "3 Place Sidi Bou Said, 2026 Sidi Bou Said",
    kind: "cityOffice",
    phone: "+216 71 728 420",
    hours: RESORT,
  },
  "tunis-lac": {
    address: "Rue du Lac Windermere, 1053 Les Berges du Lac",
    kind: "cityOffice",
    phone: "+216 71 965 530",
    hours: SMALL_OFFICE,
  },
  hammamet: {
    address: "Avenue de la République, 8050 Hammamet",
    kind: "cityOffice",
    phone: "+216 72 280 640",
    hours: RESORT,
  },
  sousse: {
    address: "Boulevard du 7 Novembre, 4000 Sousse",
    kind: "cityOffice",
    phone: "+216 73 225 750",
    hours: RESORT,
  },
  "djerba-airport": {
    address: "Car rental area, Djerba-Zarzis Airport, 4120 Mellita",
    kind: "inTerminal",
    phone: "+216 75 650 860",
    hours: AIRPORT,
  },
  paris: {
    address: "18 Rue de Rivoli, 75004 Paris",
    kind: "cityOffice",
    phone: "+33 1 42 74 10 10",
    hours: CITY_OFFICE,
  },
  "paris-cdg-airport": {
    address: "Terminal 2, Paris-Charles de Gaulle Airport, 95700 Roissy-en-France",
    kind: "inTerminal",
    phone: "+33 1 48 62 20 20",
    hours: ROUND_THE_CLOCK,
  },
  "paris-orly-airport": {
    address: "Orly 4, Paris-Orly Airport, 94390 Orly",
    kind: "inTerminal",
    phone: "+33 1 49 75 30 30",
    hours: AIRPORT,
  },
  "nice-airport": {
    address: "Car rental centre (shuttle from Terminals 1 and 2), 06200 Nice",
    kind: "shuttle",
    phone: "+33 4 93 21 40 40",
    hours: AIRPORT,
  },
  "lyon-part-dieu": {
    address: "Place Charles Béraudier, 69003 Lyon",
    kind: "station",
    phone: "+33 4 72 33 50 50",
    hours: STATION,
  },
  "marseille-saint-charles": {
    address: "Square Narvik, 13001 Marseille",
    kind: "station",
    phone: "+33 4 91 50 60 60",
    hours: STATION,
  },
  madrid: {
    address: "Calle Gran Vía 28, 28013 Madrid",
    kind: "cityOffice",
    phone: "+34 915 22 70 70",
    hours: CITY_OFFICE,
  },
  "madrid-barajas-airport": {
    address: "Terminal 4, Madrid-Barajas Airport, 28042 Madrid",
    kind: "inTerminal",
    phone: "+34 913 05 80 80",
    hours: ROUND_THE_CLOCK,
  },
  "barcelona-airport": {
    address: "Terminal 1, Barcelona-El Prat Airport, 08820 El Prat de Llobregat",
    kind: "inTerminal",
    phone: "+34 932 59 90 90",
    hours: ROUND_THE_CLOCK,
  },
  "malaga-airport": {
    address: "Car rental area (shuttle from Terminal 3), 29004 Málaga",
    kind: "shuttle",
    phone: "+34 952 04 10 10",
    hours: AIRPORT,
  },
  "valencia-station": {
    address: "Calle de Xàtiva 24, 46007 Valencia",
    kind: "station",
    phone: "+34 963 53 20 20",
    hours: STATION,
  },
  "casablanca-airport": {
    address: "Terminal 1, Mohammed V Airport, 20240 Nouaceur",
    kind: "inTerminal",
    phone: "+212 522 53 30 30",
    hours: ROUND_THE_CLOCK,
  },
  "marrakech-airport": {
    address: "Terminal 1, Marrakech Menara Airport, 40000 Marrakech",
    kind: "inTerminal",
    phone: "+212 524 44 40 40",
    hours: AIRPORT,
  },
  "rabat-agdal": {
    address: "Avenue Ibn Sina, Agdal, 10090 Rabat",
    kind: "station",
    phone: "+212 537 77 50 50",
    hours: SMALL_OFFICE,
  },
  "tangier-airport": {
    address: "Car rental car park (shuttle from the terminal), Ibn Battouta Airport, 90000 Tangier",
    kind: "shuttle",
    phone: "+212 539 39 60 60",
    hours: AIRPORT,
  },
};

export const DEMO_COUNTRIES: DemoCountry[] = [
  { code: "TN", names: ["Tunisia", "Tunisie", "Túnez"] },
  { code: "FR", names: ["France", "France", "Francia"] },
  { code: "ES", names: ["Spain", "Espagne", "España"] },
  { code: "MA", names: ["Morocco", "Maroc", "Marruecos"] },
];

const TUNIS = "Africa/Tunis";
const PARIS = "Europe/Paris";
const MADRID = "Europe/Madrid";
const CASABLANCA = "Africa/Casablanca";

export const DEMO_LOCATIONS: DemoLocation[] = [
  {
    slug: "tunis",
    country: "TN",
    names: ["Tunis", "Tunis", "Túnez"],
    latitude: 36.8065,
    longitude: 10.1815,
    timeZone: TUNIS,
  },
  {
    slug: "tunis-carthage-airport",
    country: "TN",
    parent: "tunis",
    names: ["Tunis-Carthage Airport", "Aéroport de Tunis-Carthage", "Aeropuerto de Túnez-Cartago"],
    latitude: 36.851,
    longitude: 10.2272,
    timeZone: TUNIS,
    parking: [
      {
        names: ["Arrivals car park P1", "Parking arrivées P1", "Aparcamiento de llegadas P1"],
        latitude: 36.8495,
        longitude: 10.2265,
      },
      {
        names: ["Rental car park P3", "Parking loueurs P3", "Aparcamiento de alquiler P3"],
        latitude: 36.8521,
        longitude: 10.2298,
      },
    ],
  },
  {
    slug: "la-marsa",
    country: "TN",
    parent: "tunis",
    names: ["La Marsa", "La Marsa", "La Marsa"],
    latitude: 36.8782,
    longitude: 10.3247,
    timeZone: TUNIS,
  },
  {
    slug: "sidi-bou-said",
    country: "TN",
    parent: "tunis",
    names: ["Sidi Bou Said", "Sidi Bou Saïd", "Sidi Bou Said"],
    latitude: 36.8687,
    longitude: 10.3416,
    timeZone: TUNIS,
  },
  {
    slug: "tunis-lac",
    country: "TN",
    parent: "tunis",
    names: ["Les Berges du Lac", "Les Berges du Lac", "Les Berges du Lac"],
    latitude: 36.8349,
    longitude: 10.2349,
    timeZone: TUNIS,
  },
  {
    slug: "hammamet",
    country: "TN",
    names: ["Hammamet", "Hammamet", "Hammamet"],
    latitude: 36.4,
    longitude: 10.6167,
    timeZone: TUNIS,
  },
  {
    slug: "sousse",
    country: "TN",
    names: ["Sousse", "Sousse", "Susa"],
    latitude: 35.8256,
    longitude: 10.636,
    timeZone: TUNIS,
  },
  {
    slug: "djerba-airport",
    country: "TN",
    names: ["Djerba-Zarzis Airport", "Aéroport de Djerba-Zarzis", "Aeropuerto de Yerba-Zarzis"],
    latitude: 33.875,
    longitude: 10.7755,
    timeZone: TUNIS,
  },
  {
    slug: "paris",
    country: "FR",
    names: ["Paris", "Paris", "París"],
    latitude: 48.8566,
    longitude: 2.3522,
    timeZone: PARIS,
  },
  {
    slug: "paris-cdg-airport",
    country: "FR",
    parent: "paris",
    names: [
      "Paris-Charles de Gaulle Airport",
      "Aéroport Paris-Charles de Gaulle",
      "Aeropuerto de París-Charles de Gaulle",
    ],
    latitude: 49.0097,
    longitude: 2.5479,
    timeZone: PARIS,
    parking: [
      {
        names: ["Terminal 2 rental area", "Zone loueurs Terminal 2", "Zona de alquiler Terminal 2"],
        latitude: 49.0043,
        longitude: 2.5711,
      },
    ],
  },
  {
    slug: "paris-orly-airport",
    country: "FR",
    parent: "paris",
    names: ["Paris-Orly Airport", "Aéroport de Paris-Orly", "Aeropuerto de París-Orly"],
    latitude: 48.7262,
    longitude: 2.3652,
    timeZone: PARIS,
  },
  {
    slug: "nice-airport",
    country: "FR",
    names: ["Nice Côte d'Azur Airport", "Aéroport Nice Côte d'Azur", "Aeropuerto de Niza-Costa Azul"],
    latitude: 43.6584,
    longitude: 7.2159,
    timeZone: PARIS,
  },
  {
    slug: "lyon-part-dieu",
    country: "FR",
    names: ["Lyon Part-Dieu Station", "Gare de Lyon Part-Dieu", "Estación de Lyon Part-Dieu"],
    latitude: 45.7606,
    longitude: 4.8598,
    timeZone: PARIS,
  },
  {
    slug: "marseille-saint-charles",
    country: "FR",
    names: ["Marseille Saint-Charles Station", "Gare de Marseille Saint-Charles", "Estación de Marsella Saint-Charles"],
    latitude: 43.3026,
    longitude: 5.3806,
    timeZone: PARIS,
  },
  {
    slug: "madrid",
    country: "ES",
    names: ["Madrid", "Madrid", "Madrid"],
    latitude: 40.4168,
    longitude: -3.7038,
    timeZone: MADRID,
  },
  {
    slug: "madrid-barajas-airport",
    country: "ES",
    parent: "madrid",
    names: ["Madrid-Barajas Airport", "Aéroport de Madrid-Barajas", "Aeropuerto de Madrid-Barajas"],
    latitude: 40.4983,
    longitude: -3.5676,
    timeZone: MADRID,
  },
  {
    slug: "barcelona-airport",
    country: "ES",
    names: ["Barcelona El Prat Airport", "Aéroport de Barcelone El Prat", "Aeropuerto de Barcelona-El Prat"],
    latitude: 41.2974,
    longitude: 2.0833,
    timeZone: MADRID,
  },
  {
    slug: "malaga-airport",
    country: "ES",
    names: ["Málaga Airport", "Aéroport de Malaga", "Aeropuerto de Málaga"],
    latitude: 36.6749,
    longitude: -4.4991,
    timeZone: MADRID,
  },
  {
    slug: "valencia-station",
    country: "ES",
    names: [
      "Valencia Joaquín Sorolla Station",
      "Gare de Valence Joaquín Sorolla",
      "Estación de Valencia Joaquín Sorolla",
    ],
    latitude: 39.4592,
    longitude: -0.379,
    timeZone: MADRID,
  },
  {
    slug: "casablanca-airport",
    country: "MA",
    names: [
      "Casablanca Mohammed V Airport",
      "Aéroport Mohammed V de Casablanca",
      "Aeropuerto Mohammed V de Casablanca",
    ],
    latitude: 33.3675,
    longitude: -7.5898,
    timeZone: CASABLANCA,
  },
  {
    slug: "marrakech-airport",
    country: "MA",
    names: ["Marrakech Menara Airport", "Aéroport de Marrakech-Ménara", "Aeropuerto de Marrakech-Menara"],
    latitude: 31.6069,
    longitude: -8.0363,
    timeZone: CASABLANCA,
  },
  {
    slug: "rabat-agdal",
    country: "MA",
    names: ["Rabat Agdal Station", "Gare de Rabat-Agdal", "Estación de Rabat-Agdal"],
    latitude: 33.9986,
    longitude: -6.8487,
    timeZone: CASABLANCA,
  },
  {
    slug: "tangier-airport",
    country: "MA",
    names: ["Tangier Ibn Battouta Airport", "Aéroport de Tanger Ibn Battouta", "Aeropuerto de Tánger Ibn Battuta"],
    latitude: 35.7269,
    longitude: -5.9169,
    timeZone: CASABLANCA,
  },
];

export interface DemoSupplier {
  slug: string;
  name: string;
  email: string;
  countries: string[];
  payLater: boolean;
  licenseRequired: boolean;
  markupBasisPoints: number;
  minimumRentalDays: number;
  /** The fewest hours billed for a rental under a day priced by the hour (decision 037). */
  hourlyMinimumHours: number;
  maxCarsPerSearch: number | null;
  fleetSize: number;
  /** Sales tax, one-way and young-driver fees (decision 025): two add their tax to the rates, the others include it. */
  charges: SupplierCharges;
  /** Late flights (decision 031): how long the desk waits, and whether it hands cars over after closing. */
  flights: { flightGraceMinutes: number; afterHoursForFlights: boolean };
  /** Rents a category, not a model: its cars read "or similar" (decision 032). */
  rentsByCategory: boolean;
  /** What it lends with any of its cars (decision 033), prices in cents. */
  equipment: EquipmentOffer[];
}

const seat = (kind: EquipmentOffer["kind"], price: number, cap: number | null): EquipmentOffer => ({
  kind,
  charge: "perDay",
  price,
  cap,
});

export const DEMO_SUPPLIERS: DemoSupplier[] = [
  {
    slug: "carthage-cars",
    name: "Carthage Cars",
    email: "fleet@carthage-cars.example",
    countries: ["TN"],
    payLater: true,
    licenseRequired: false,
    markupBasisPoints: 0,
    minimumRentalDays: 1,
    hourlyMinimumHours: 2,
    maxCarsPerSearch: null,
    fleetSize: 34,
    rentsByCategory: false,
    equipment: [
      seat("infantSeat", 800, 5600),
      seat("childSeat", 800, 5600),
      seat("boosterSeat", 500, 3500),
      seat("gps", 1000, 7000),
      { kind: "crossBorder", charge: "perRental", price: 6000, cap: null },
    ],
    flights: { flightGraceMinutes: 120, afterHoursForFlights: true },
    charges: {
      taxRateBasisPoints: 1900,
      taxIncluded: true,
      oneWayFee: 2500,
      youngDriverAge: 25,
      youngDriverDailyFee: 800,
    },
  },
  {
    slug: "atlas-rent",
    name: "Atlas Rent",
    email: "bookings@atlas-rent.example",
    countries: ["MA", "TN"],
    payLater: true,
    licenseRequired: true,
    markupBasisPoints: 250,
    minimumRentalDays: 1,
    hourlyMinimumHours: 1,
    maxCarsPerSearch: null,
    fleetSize: 26,
    rentsByCategory: false,
    equipment: [seat("childSeat", 900, null), seat("boosterSeat", 600, null), seat("gps", 1200, 8400)],
    flights: { flightGraceMinutes: 60, afterHoursForFlights: false },
    charges: {
      taxRateBasisPoints: 2000,
      taxIncluded: true,
      oneWayFee: 4000,
      youngDriverAge: 23,
      youngDriverDailyFee: 1000,
    },
  },
  {
    slug: "azur-mobility",
    name: "Azur Mobility",
    email: "hello@azur-mobility.example",
    countries: ["FR"],
    payLater: false,
    licenseRequired: false,
    markupBasisPoints: -500,
    minimumRentalDays: 2,
    hourlyMinimumHours: 3,
    maxCarsPerSearch: null,
    fleetSize: 26,
    rentsByCategory: false,
    equipment: [
      seat("infantSeat", 1200, 8400),
      seat("childSeat", 1200, 8400),
      seat("boosterSeat", 700, 4900),
      seat("gps", 1500, 9000),
      seat("winterTyres", 1800, 12600),
      { kind: "crossBorder", charge: "perRental", price: 4500, cap: null },
    ],
    flights: { flightGraceMinutes: 90, afterHoursForFlights: true },
    charges: {
      taxRateBasisPoints: 2000,
      taxIncluded: true,
      oneWayFee: 6000,
      youngDriverAge: 25,
      youngDriverDailyFee: 1500,
    },
  },
  {
    slug: "iberia-drive",
    name: "Iberia Drive",
    email: "reservas@iberia-drive.example",
    countries: ["ES"],
    payLater: true,
    licenseRequired: false,
    markupBasisPoints: 125,
    minimumRentalDays: 1,
    hourlyMinimumHours: 1,
    maxCarsPerSearch: 20,
    fleetSize: 26,
    rentsByCategory: true,
    equipment: [
      seat("infantSeat", 1000, 7000),
      seat("childSeat", 1000, 7000),
      seat("boosterSeat", 600, 4200),
      { kind: "gps", charge: "perRental", price: 3500, cap: null },
      { kind: "crossBorder", charge: "perRental", price: 0, cap: null },
    ],
    flights: { flightGraceMinutes: 60, afterHoursForFlights: false },
    charges: {
      taxRateBasisPoints: 2100,
      taxIncluded: false,
      oneWayFee: 5000,
      youngDriverAge: null,
      youngDriverDailyFee: 0,
    },
  },
  {
    slug: "medina-motors",
    name: "Medina Motors",
    email: "contact@medina-motors.example",
    countries: ["TN", "MA"],
    payLater: true,
    licenseRequired: false,
    markupBasisPoints: 0,
    minimumRentalDays: 3,
    hourlyMinimumHours: 2,
    maxCarsPerSearch: null,
    fleetSize: 24,
    rentsByCategory: false,
    equipment: [],
    flights: { flightGraceMinutes: 0, afterHoursForFlights: false },
    charges: { taxRateBasisPoints: 700, taxIncluded: true, oneWayFee: 0, youngDriverAge: null, youngDriverDailyFee: 0 },
  },
  {
    slug: "eurofleet",
    name: "EuroFleet",
    email: "support@eurofleet.example",
    countries: ["FR", "ES", "TN"],
    payLater: true,
    licenseRequired: true,
    markupBasisPoints: 1000,
    minimumRentalDays: 1,
    hourlyMinimumHours: 1,
    maxCarsPerSearch: null,
    fleetSize: 28,
    rentsByCategory: true,
    equipment: [
      seat("infantSeat", 1400, 9800),
      seat("childSeat", 1400, 9800),
      seat("boosterSeat", 900, 6300),
      seat("gps", 1600, 11200),
      seat("winterTyres", 2000, 14000),
      { kind: "crossBorder", charge: "perRental", price: 7500, cap: null },
    ],
    flights: { flightGraceMinutes: 45, afterHoursForFlights: false },
    charges: {
      taxRateBasisPoints: 2000,
      taxIncluded: false,
      oneWayFee: 7500,
      youngDriverAge: 26,
      youngDriverDailyFee: 1800,
    },
  },
];

export interface DemoModel {
  name: string;
  range: CarRange;
  fuelType: FuelType;
  gearbox: Gearbox;
  seats: number;
  doors: number;
  /** Daily price in cents. */
  dailyPrice: number;
  deposit: number;
  co2: number | null;
}

export const DEMO_MODELS: DemoModel[] = [
  {
    name: "Fiat 500",
    range: "mini",
    fuelType: "gasoline",
    gearbox: "manual",
    seats: 4,
    doors: 3,
    dailyPrice: 2900,
    deposit: 30000,
    co2: 119,
  },
  {
    name: "Renault Clio",
    range: "mini",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 5,
    doors: 5,
    dailyPrice: 3400,
    deposit: 40000,
    co2: 99,
  },
  {
    name: "Peugeot 208",
    range: "mini",
    fuelType: "gasoline",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 3900,
    deposit: 40000,
    co2: 115,
  },
  {
    name: "Volkswagen Polo",
    range: "mini",
    fuelType: "gasoline",
    gearbox: "manual",
    seats: 5,
    doors: 5,
    dailyPrice: 3700,
    deposit: 45000,
    co2: 118,
  },
  {
    name: "Toyota Yaris Hybrid",
    range: "mini",
    fuelType: "hybrid",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 4200,
    deposit: 50000,
    co2: 92,
  },
  {
    name: "Kia Picanto",
    range: "mini",
    fuelType: "gasoline",
    gearbox: "manual",
    seats: 4,
    doors: 5,
    dailyPrice: 2500,
    deposit: 20000,
    co2: 112,
  },
  {
    name: "Hyundai i10",
    range: "mini",
    fuelType: "gasoline",
    gearbox: "automatic",
    seats: 4,
    doors: 5,
    dailyPrice: 2700,
    deposit: 20000,
    co2: 114,
  },
  {
    name: "Dacia Sandero",
    range: "mini",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 5,
    doors: 5,
    dailyPrice: 2600,
    deposit: 30000,
    co2: 104,
  },
  {
    name: "Renault Zoe",
    range: "mini",
    fuelType: "electric",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 4500,
    deposit: 60000,
    co2: 0,
  },
  {
    name: "Citroën C3",
    range: "mini",
    fuelType: "unknown",
    gearbox: "manual",
    seats: 5,
    doors: 5,
    dailyPrice: 3100,
    deposit: 35000,
    co2: null,
  },
  {
    name: "Mini Cooper SE",
    range: "mini",
    fuelType: "electric",
    gearbox: "automatic",
    seats: 4,
    doors: 3,
    dailyPrice: 6200,
    deposit: 80000,
    co2: 0,
  },
  {
    name: "Dacia Duster",
    range: "midi",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 5,
    doors: 5,
    dailyPrice: 4900,
    deposit: 60000,
    co2: 127,
  },
  {
    name: "Peugeot 3008",
    range: "midi",
    fuelType: "plugInHybrid",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 7400,
    deposit: 90000,
    co2: 32,
  },
  {
    name: "Nissan Qashqai",
    range: "midi",
    fuelType: "gasoline",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 6400,
    deposit: 80000,
    co2: 138,
  },
  {
    name: "Hyundai Tucson",
    range: "midi",
    fuelType: "hybrid",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 6900,
    deposit: 80000,
    co2: 125,
  },
  {
    name: "Kia Sportage",
    range: "midi",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 5,
    doors: 5,
    dailyPrice: 5900,
    deposit: 70000,
    co2: 140,
  },
  {
    name: "Toyota RAV4 Hybrid",
    range: "midi",
    fuelType: "hybrid",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 7900,
    deposit: 100000,
    co2: 121,
  },
  {
    name: "Tesla Model Y",
    range: "midi",
    fuelType: "electric",
    gearbox: "automatic",
    seats: 5,
    doors: 5,
    dailyPrice: 9900,
    deposit: 150000,
    co2: 0,
  },
  {
    name: "Skoda Kodiaq",
    range: "midi",
    fuelType: "diesel",
    gearbox: "automatic",
    seats: 7,
    doors: 5,
    dailyPrice: 8400,
    deposit: 100000,
    co2: 149,
  },
  {
    name: "Renault Trafic",
    range: "maxi",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 9,
    doors: 4,
    dailyPrice: 8900,
    deposit: 120000,
    co2: 185,
  },
  {
    name: "Ford Transit Custom",
    range: "maxi",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 9,
    doors: 4,
    dailyPrice: 9400,
    deposit: 120000,
    co2: 190,
  },
  {
    name: "Mercedes-Benz Vito",
    range: "maxi",
    fuelType: "diesel",
    gearbox: "automatic",
    seats: 8,
    doors: 4,
    dailyPrice: 11900,
    deposit: 150000,
    co2: 176,
  },
  {
    name: "Volkswagen ID. Buzz",
    range: "maxi",
    fuelType: "electric",
    gearbox: "automatic",
    seats: 7,
    doors: 5,
    dailyPrice: 12900,
    deposit: 150000,
    co2: 0,
  },
  {
    name: "Citroën SpaceTourer",
    range: "maxi",
    fuelType: "diesel",
    gearbox: "automatic",
    seats: 8,
    doors: 4,
    dailyPrice: 10400,
    deposit: 120000,
    co2: 172,
  },
  {
    name: "Honda PCX 125",
    range: "scooter",
    fuelType: "gasoline",
    gearbox: "automatic",
    seats: 2,
    doors: 0,
    dailyPrice: 1900,
    deposit: 15000,
    co2: 47,
  },
  {
    name: "Yamaha NMAX",
    range: "scooter",
    fuelType: "gasoline",
    gearbox: "automatic",
    seats: 2,
    doors: 0,
    dailyPrice: 2100,
    deposit: 15000,
    co2: 50,
  },
  {
    name: "NIU MQi GT",
    range: "scooter",
    fuelType: "electric",
    gearbox: "automatic",
    seats: 2,
    doors: 0,
    dailyPrice: 1700,
    deposit: 10000,
    co2: 0,
  },
  {
    name: "Mercedes-Benz Sprinter Minibus",
    range: "bus",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 17,
    doors: 4,
    dailyPrice: 19900,
    deposit: 250000,
    co2: 230,
  },
  {
    name: "Iveco Daily Minibus",
    range: "bus",
    fuelType: "diesel",
    gearbox: "automatic",
    seats: 20,
    doors: 3,
    dailyPrice: 21900,
    deposit: 250000,
    co2: 245,
  },
  {
    name: "Iveco Daily Box Van",
    range: "truck",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 3,
    doors: 2,
    dailyPrice: 11900,
    deposit: 150000,
    co2: 240,
  },
  {
    name: "Renault Master Box",
    range: "truck",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 3,
    doors: 2,
    dailyPrice: 10900,
    deposit: 120000,
    co2: 225,
  },
  {
    name: "Ford Transit Tipper",
    range: "truck",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 3,
    doors: 2,
    dailyPrice: 12900,
    deposit: 150000,
    co2: 250,
  },
  {
    name: "Adria Compact",
    range: "caravan",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 4,
    doors: 2,
    dailyPrice: 14900,
    deposit: 200000,
    co2: 210,
  },
  {
    name: "Hymer Exsis",
    range: "caravan",
    fuelType: "diesel",
    gearbox: "automatic",
    seats: 4,
    doors: 2,
    dailyPrice: 17900,
    deposit: 250000,
    co2: 220,
  },
  {
    name: "Fiat Ducato Camper",
    range: "caravan",
    fuelType: "diesel",
    gearbox: "manual",
    seats: 5,
    doors: 3,
    dailyPrice: 15900,
    deposit: 200000,
    co2: 215,
  },
];

export const FUEL_POLICY_CYCLE: FuelPolicy[] = ["likeForLike", "fullToFull", "freeTank", "fullToEmpty"];
export const MULTIMEDIA_SETS: Multimedia[][] = [
  [],
  ["bluetooth"],
  ["touchscreen", "bluetooth"],
  ["touchscreen", "bluetooth", "androidAuto", "appleCarPlay"],
  ["touchscreen", "appleCarPlay"],
  ["bluetooth", "androidAuto"],
];
export const DEMO_COLOURS = ["red", "blue", "silver", "black", "white", "green"] as const;

export const DEMO_DRIVER = {
  email: "driver@rentacar.example",
  password: "drive-safely-2026",
  fullName: "Alex Martin",
  phone: "+33 6 12 34 56 78",
  birthDate: "1990-04-12",
  location: "Lyon, France",
} as const;

/** The demo supplier's sign-in (decision 027): Carthage Cars runs its fleet from /manage. */
export const DEMO_SUPPLIER_ACCOUNT = {
  slug: "carthage-cars",
  email: "fleet@carthage-cars.example",
  password: "run-the-fleet-2026",
} as const;

/** Carthage Cars' desk agent (decision 044): the desk's day and bookings, never prices, the fleet or settings. */
export const DEMO_DESK_AGENT = {
  email: "desk@carthage-cars.example",
  password: "at-the-counter-2026",
  fullName: "Nour Desk",
} as const;

/** The demo admin: every supplier, place and driver. */
export const DEMO_ADMIN = {
  email: "admin@rentacar.example",
  password: "keep-it-running-2026",
  fullName: "Sam Operator",
} as const;

/** A suspended driver, to see the 'Your account is suspended.' message. */
export const DEMO_SUSPENDED_DRIVER = {
  email: "suspended@rentacar.example",
  password: "drive-safely-2026",
  fullName: "Sam Suspended",
} as const;

/**
 * Rentals under way at Carthage Cars' Sousse desk when the demo starts (decision 029): picked up two days before, due back
 * earlier today and not returned yet, so the desk's day shows overdue returns to record (and flag late).
 */
export const DEMO_RENTALS_UNDER_WAY = {
  supplier: "carthage-cars",
  place: "sousse",
  customers: [
    { fullName: "Youssef Trabelsi", email: "youssef.trabelsi@demo-customers.example", phone: "+216 22 410 118" },
    { fullName: "Leila Haddad", email: "leila.haddad@demo-customers.example", phone: "+216 98 270 334" },
    { fullName: "Marc Dubois", email: "marc.dubois@demo-customers.example", phone: "+33 6 44 18 90 21" },
    { fullName: "Sofía García", email: "sofia.garcia@demo-customers.example", phone: "+34 612 48 90 33" },
  ],
} as const;

/**
 * More rentals under way, at Carthage Cars' desk at Tunis airport: returning one invites its driver to review the
 * supplier there (decision 034), which the demo shows and the review tests use.
 */
export const DEMO_RENTALS_TO_REVIEW = {
  supplier: "carthage-cars",
  place: "tunis-carthage-airport",
  customers: [
    { fullName: "Amira Ben Salah", email: "amira.bensalah@demo-customers.example", phone: "+216 55 301 442" },
    { fullName: "Karim Jaziri", email: "karim.jaziri@demo-customers.example", phone: "+216 23 908 117" },
    { fullName: "Claire Martin", email: "claire.martin@demo-customers.example", phone: "+33 6 71 20 45 88" },
    { fullName: "Javier López", email: "javier.lopez@demo-customers.example", phone: "+34 655 12 04 76" },
  ],
} as const;

/**
 * Reviews the demo starts with (decision 034), published: drivers who returned a car of the supplier at the place
 * months ago, with their four marks (staff, car condition, value, queue) and a text, so results show averages.
 */
export const DEMO_REVIEWS: Array<{
  supplier: string;
  place: string;
  author: string;
  marks: [number, number, number, number];
  text: string;
  language: "en" | "fr" | "es";
}> = [
  {
    supplier: "carthage-cars",
    place: "tunis-carthage-airport",
    author: "Youssef",
    marks: [9, 9, 8, 8],
    text: "Car ready at the desk, quick paperwork.",
    language: "en",
  },
  {
    supplier: "carthage-cars",
    place: "tunis-carthage-airport",
    author: "Claire",
    marks: [8, 9, 9, 7],
    text: "Voiture propre, personnel aimable.",
    language: "fr",
  },
  {
    supplier: "carthage-cars",
    place: "djerba-airport",
    author: "Karim",
    marks: [10, 9, 9, 9],
    text: "They waited for our delayed flight.",
    language: "en",
  },
  {
    supplier: "atlas-rent",
    place: "tunis-carthage-airport",
    author: "Leila",
    marks: [6, 7, 6, 4],
    text: "Long queue at the desk, car was fine.",
    language: "en",
  },
  {
    supplier: "medina-motors",
    place: "tunis-carthage-airport",
    author: "Marc",
    marks: [7, 6, 8, 6],
    text: "Bon rapport qualité-prix.",
    language: "fr",
  },
  {
    supplier: "azur-mobility",
    place: "nice-airport",
    author: "Claire",
    marks: [9, 10, 8, 9],
    text: "Impeccable, navette rapide.",
    language: "fr",
  },
  {
    supplier: "eurofleet",
    place: "nice-airport",
    author: "Javier",
    marks: [7, 8, 6, 6],
    text: "Correcto, algo caro.",
    language: "es",
  },
  {
    supplier: "iberia-drive",
    place: "madrid-barajas-airport",
    author: "Sofía",
    marks: [8, 8, 9, 7],
    text: "Todo bien, recogida rápida.",
    language: "es",
  },
  {
    supplier: "eurofleet",
    place: "madrid-barajas-airport",
    author: "Amira",
    marks: [6, 7, 5, 5],
    text: "Car older than shown.",
    language: "en",
  },
];
