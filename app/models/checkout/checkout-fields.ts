/**
 * The checkout's field names that the page (in the browser) and its reader (checkout-form.ts, on the server) share.
 * Kept apart from the reader: a page importing anything from it shipped its zod schema, and zod with it (about 60 KB
 * of the checkout page's script).
 */

/** The second driver's fields, in the order the form shows them. */
export const ADDITIONAL_DRIVER_FIELDS = [
  "additionalFullName",
  "additionalEmail",
  "additionalPhone",
  "additionalBirthDate",
] as const;

/** How many drivers a booking may add beside its driver (decision 038). */
export const MAX_ADDITIONAL_DRIVERS = 3;
export const ADDITIONAL_DRIVER_POSITIONS = [1, 2, 3] as const;
export type AdditionalDriverPosition = (typeof ADDITIONAL_DRIVER_POSITIONS)[number];
type Numbered<F extends string> = F | `${F}2` | `${F}3`;
export type AdditionalDriverFieldNames = [
  fullName: Numbered<"additionalFullName">,
  email: Numbered<"additionalEmail">,
  phone: Numbered<"additionalPhone">,
  birthDate: Numbered<"additionalBirthDate">,
];

/**
 * The n-th additional driver's field names, in the form's order: the first keeps the names it always had (links and
 * posts from before still read), the others are numbered ('additionalFullName2').
 */
export function additionalDriverFields(position: AdditionalDriverPosition): AdditionalDriverFieldNames {
  const suffix = position === 1 ? "" : (String(position) as "2" | "3");
  return [
    `additionalFullName${suffix}`,
    `additionalEmail${suffix}`,
    `additionalPhone${suffix}`,
    `additionalBirthDate${suffix}`,
  ];
}

/** What each of an added driver's fields holds, in the form's order. */
export const ADDITIONAL_DRIVER_PARTS = ["fullName", "email", "phone", "birthDate"] as const;
export type AdditionalDriverPart = (typeof ADDITIONAL_DRIVER_PARTS)[number];

/** The added driver at `position`'s fields, each with what it holds, in the form's order. */
export function additionalDriverParts(
  position: AdditionalDriverPosition,
): Array<{ part: AdditionalDriverPart; name: AdditionalDriverFieldNames[number] }> {
  const [fullName, email, phone, birthDate] = additionalDriverFields(position);
  return [
    { part: "fullName", name: fullName },
    { part: "email", name: email },
    { part: "phone", name: phone },
    { part: "birthDate", name: birthDate },
  ];
}

/** Every additional driver's fields, the first's first. */
export const ALL_ADDITIONAL_DRIVER_FIELDS = ADDITIONAL_DRIVER_POSITIONS.flatMap(additionalDriverFields);

export const CARD_FIELDS = ["cardNumber", "cardExpiry", "cardCvc"] as const;
