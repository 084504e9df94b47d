/** The forms of a supplier's team page (decision 044): a new member, and a member's role. */
import { z } from "zod";
import { STAFF_ROLES } from "~/domain/enums";
import { personFields } from "~/domain/person-fields";

// Missing, or not one of the roles: either way the field asks for a choice, in the project's words.
const role = z.enum(STAFF_ROLES, { errorMap: () => ({ message: "validation.required" }) });

export const inviteMemberSchema = z.object({
  fullName: personFields.fullName(),
  email: personFields.email().transform((email) => email.toLowerCase()),
  role,
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const memberRoleSchema = z.object({ member: z.string().uuid(), role });
