/** Account forms' zod schemas, shared by actions and by Conform in the browser. Messages are translation keys. */
import { z } from "zod";

export const signInSchema = z.object({
  email: z.string({ required_error: "validation.required" }).trim().email("validation.invalidEmail").max(254, "validation.invalidEmail"),
  password: z.string({ required_error: "validation.required" }).min(1, "validation.required").max(200, "validation.required"),
  stayConnected: z.literal("on").optional(),
  redirectTo: z.string().max(2000).optional(),
});
