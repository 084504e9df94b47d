/**
 * The one way an account is found by its e-mail address (issue 49: ten statements spelt it each their own way): case
 * and the spaces around it do not matter, as the unique index on lower(email) has it, so the lookup uses that index.
 */
import { sql, type SQL } from "drizzle-orm";
import { users } from "#db/schema";

export const hasEmail = (email: string): SQL => sql`lower(${users.email}) = lower(${email.trim()})`;
