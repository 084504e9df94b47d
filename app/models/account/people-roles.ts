import type { UserRole } from "~/domain/enums";

/** The people list's role filter and page size (issue 51), shared by its loader and its page. */
export const PEOPLE_PAGE_SIZE = 30;
/** Every account, or one kind of account. */
export const PEOPLE_ROLES = ["all", "user", "supplier", "staff", "admin"] as const;
export type PeopleRole = (typeof PEOPLE_ROLES)[number];

/** What an account's state is called on the people's pages, most pressing first. */
export function accountState(account: { suspended: boolean; hasPassword: boolean; verified: boolean }) {
  if (account.suspended) return "suspended" as const;
  if (!account.hasPassword) return "notActivated" as const;
  return account.verified ? ("active" as const) : ("notValidated" as const);
}

/** The audit trail's record for an account: drivers' rows keep the name they always had; any other account's is "account". */
export const accountAuditRecord = (role: UserRole) => (role === "user" ? ("driver" as const) : ("account" as const));
