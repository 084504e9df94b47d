/**
 * The platform's settings form (decision 043): the rental rules every search and booking applies, and the rules of
 * operators' sign-in. One schema, read by the admin's page and its post.
 */
import { z } from "zod";
import { wholeNumberField } from "~/domain/number-fields";

export const platformSchema = z
  .object({
    minPickupHours: wholeNumberField(0, 720),
    minRentalHours: wholeNumberField(1, 720),
    earliestHour: wholeNumberField(0, 23),
    latestHour: wholeNumberField(0, 23),
    operatorsNeedTwoFactor: z
      .literal("on")
      .optional()
      .transform((ticked) => ticked === "on"),
    staffIdleHours: wholeNumberField(1, 720),
  })
  .refine((values) => values.earliestHour <= values.latestHour, {
    path: ["latestHour"],
    message: "manage:platform.latestBeforeEarliest",
  });

export type PlatformFormInput = z.input<typeof platformSchema>;
export type PlatformSettings = z.output<typeof platformSchema>;
