/**
 * The spec's enumerations (spelt as the product spells them), free of any dependency so that browser code can
 * import them without pulling the database layer into its bundle. db/schema.ts builds its CHECK constraints from them.
 */
/** Whether `value` is one of `values`: the check that narrows it to their type (no cast needed). */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return values.some((known) => known === value);
}

/** `staff`: a person on a supplier's team (decision 044), with a role of their own in `supplier_staff`. */
export const USER_ROLES = ["admin", "supplier", "user", "staff"] as const;
/**
 * What a supplier's staff member may do (decision 044): `owner` everything of the supplier, its team and settings;
 * `manager` the fleet, prices, availability, bookings and desk; `desk` the desk's day and bookings only.
 */
export const STAFF_ROLES = ["owner", "manager", "desk"] as const;
/**
 * What an operator may choose to be mailed about, in one digest per quarter-hour at most (issue 51): a supplier's team
 * the first three, for their supplier; an admin any, for every supplier.
 */
export const OPERATOR_MAIL_KINDS = ["newBooking", "changeByDriver", "cancellation", "reviewWaiting"] as const;
/** The numbered documents a supplier issues (decision 049), each series numbered on its own. */
export const DOCUMENT_SERIES = ["invoice", "receipt", "creditNote"] as const;
/** How a sign-in was made (an account's sign-in history, issue 51). */
export const SIGN_IN_METHODS = [
  "password",
  "code",
  "recovery",
  "social",
  "signUp",
  "activation",
  "reset",
  "passwordChange",
] as const;
/** What became of it: a session began, or it was refused at the password, at the code, or as suspended. */
export const SIGN_IN_OUTCOMES = ["signedIn", "wrongPassword", "wrongCode", "suspended"] as const;
export const LANGUAGES = ["en", "fr", "es"] as const;
export const CURRENCIES = ["USD", "EUR", "GBP", "AUD"] as const;
export const CAR_RANGES = ["mini", "midi", "maxi", "scooter", "bus", "truck", "caravan"] as const;
export const FUEL_TYPES = ["diesel", "gasoline", "electric", "hybrid", "plugInHybrid", "unknown"] as const;
export const GEARBOXES = ["manual", "automatic"] as const;
export const FUEL_POLICIES = ["freeTank", "likeForLike", "fullToFull", "fullToEmpty"] as const;
export const MULTIMEDIA = ["touchscreen", "bluetooth", "androidAuto", "appleCarPlay"] as const;
export const BOOKING_STATUSES = ["void", "pending", "deposit", "paid", "reserved", "cancelled"] as const;
/** Statuses whose bookings hold the car: the exclusion constraint covers exactly these. */
export const HOLDING_STATUSES = ["void", "pending", "deposit", "paid", "reserved"] as const;
/** Spec §4's three payment options (decision 010 on what each takes online). */
/**
 * What a supplier lends with any of its cars, counted per booking (decision 033): three child seats by the child's
 * age (infant, child, booster), a satellite navigator, winter tyres and the permission to cross a border.
 */
export const EQUIPMENT = ["infantSeat", "childSeat", "boosterSeat", "gps", "winterTyres", "crossBorder"] as const;
export type Equipment = (typeof EQUIPMENT)[number];
/** How a piece of equipment is charged: per rental day (up to its cap), or once per rental. */
export const EQUIPMENT_CHARGES = ["perDay", "perRental"] as const;
export type EquipmentCharge = (typeof EQUIPMENT_CHARGES)[number];
/**
 * A review's life (decision 034): written by the driver, waiting for the admin; published (counted in the supplier's
 * average at the place and shown), or rejected (kept, never shown).
 */
export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** What a driver marks out of 10 (decision 034): the desk's staff, the car's condition, value for money, the queue. */
export const REVIEW_MARKS = ["staffMark", "conditionMark", "valueMark", "queueMark"] as const;
export type ReviewMark = (typeof REVIEW_MARKS)[number];
export const PAYMENT_MODES = ["payLater", "deposit", "full"] as const;
export const PAYMENT_GATEWAYS = ["stripe", "payPal", "sandbox"] as const;
/**
 * A payment's life (decision 019): started (written before the gateway is called), authorised (approved, not yet
 * taken), captured (money taken), failed (nothing taken), refunded, or refundFailed (to be retried, then a person).
 */
export const PAYMENT_STATUSES = ["started", "authorised", "captured", "failed", "refunded", "refundFailed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Where a place's rental desk is (decision 024): in the terminal, a shuttle ride away, a city office, a station. */
export const DESK_KINDS = ["inTerminal", "shuttle", "cityOffice", "station"] as const;
export type DeskKind = (typeof DESK_KINDS)[number];
/**
 * Why a captured payment is owed back: its car was taken, not the amount shown, a free cancellation, a change by staff
 * that made the rental cheaper (the surplus), or a cancellation by staff (decision 029).
 */
export const REFUND_REASONS = [
  "carTaken",
  "amountMismatch",
  "cancelled",
  "changed",
  "staffCancelled",
  // Paid after staff cancelled the booking it was for (decision 040): given back, never kept.
  "holdCancelled",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;
/**
 * A fleet file's import job (decision 027): queued, running (read, then written batch by batch), done, refused (the
 * file has problems: nothing written) or failed (the database kept refusing a batch: what was written stays).
 */
export const FLEET_IMPORT_STATUSES = ["queued", "running", "done", "refused", "failed"] as const;
export type FleetImportStatus = (typeof FLEET_IMPORT_STATUSES)[number];
/** Why an operator takes a car off the road for a period (decision 027). */
export const BLOCK_REASONS = ["repair", "damage", "privateUse", "other"] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];
/** What an operator did to a record, as the audit trail names it (decision 027). */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "retire",
  "reinstate",
  "block",
  "unblock",
  "setStatus",
  "cancel",
  "publish",
  "reject",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** The records operators change, as the audit trail names them. */
export const AUDITED_RECORDS = [
  "car",
  "supplier",
  "location",
  "country",
  "driver",
  "booking",
  "review",
  "platform",
  "staff",
  /** Any account's details as an admin corrects them (issue 51): name, phone, birth date. */
  "account",
] as const;
/** What the desk records on a booking (issue 35): the car handed over, the car returned. Events, not statuses. */
export const BOOKING_EVENT_KINDS = ["handover", "return"] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];
/** Where a booking's car is (decision 040), as its desk events put it: kept on the booking beside its status. */
export const RENTAL_STATES = ["notOut", "out", "returned"] as const;
export type RentalState = (typeof RENTAL_STATES)[number];
/** How the counter took money for a booking (decision 040). */
export const COUNTER_PAYMENT_METHODS = ["cash", "card", "other"] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];
export type AuditedRecord = (typeof AUDITED_RECORDS)[number];
/**
 * What a payment link mailed to a driver pays (decision 029): a booking taken for them by staff (its hold), or the
 * balance a change by staff left to pay on a booking paid in full online.
 */
export const PAYMENT_LINK_PURPOSES = ["booking", "balance"] as const;
export type PaymentLinkPurpose = (typeof PAYMENT_LINK_PURPOSES)[number];
/** One-time links: validate an address, activate an account made at checkout, reset a password, open a booking (decision 023). */
export const TOKEN_PURPOSES = ["emailValidation", "activation", "passwordReset", "bookingAccess"] as const;
/** Spec §7: social sign-in providers. */
export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
/** Brand names, the same in every language. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};
export const EXTRAS = [
  "cancellation",
  "amendments",
  "theftProtection",
  "collisionDamageWaiver",
  "fullInsurance",
  "additionalDriver",
] as const;

export type UserRole = (typeof USER_ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type OperatorMailKind = (typeof OPERATOR_MAIL_KINDS)[number];
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
export type Language = (typeof LANGUAGES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type CarRange = (typeof CAR_RANGES)[number];
export type FuelType = (typeof FUEL_TYPES)[number];
export type Gearbox = (typeof GEARBOXES)[number];
export type FuelPolicy = (typeof FUEL_POLICIES)[number];
export type Multimedia = (typeof MULTIMEDIA)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export type Extra = (typeof EXTRAS)[number];
