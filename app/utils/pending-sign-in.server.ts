/**
 * A sign-in halfway (decision 043): the password (or the provider, or the reset link) was right and the account asks
 * for a second factor. The browser holds who, where to and "stay connected" in a signed, httpOnly, SameSite=Lax
 * cookie for five minutes; no session exists until the code is typed, so nothing of the account opens before.
 */
import { createCookie } from "@remix-run/node";
import { cookiesAreSecure, getEnv } from "./env.server";

const PENDING_SECONDS = 5 * 60;

const pendingCookie = createCookie("__sign_in_pending", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookiesAreSecure(),
  secrets: [getEnv().SESSION_SECRET],
  maxAge: PENDING_SECONDS,
});

export interface PendingSignIn {
  userId: string;
  to: string;
  stayConnected: boolean;
}

export async function pendingSignIn(request: Request, now = Date.now()): Promise<PendingSignIn | null> {
  const value: unknown = await pendingCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { userId, to, stayConnected, until } = value as Partial<PendingSignIn & { until: number }>;
  // The cookie's own max age ends it in the browser; `until` ends a copy replayed after it.
  if (typeof userId !== "string" || typeof to !== "string" || typeof until !== "number" || until < now) return null;
  return { userId, to, stayConnected: stayConnected === true };
}

export const holdPendingSignIn = (pending: PendingSignIn, now = Date.now()): Promise<string> =>
  pendingCookie.serialize({ ...pending, until: now + PENDING_SECONDS * 1000 });

export const forgetPendingSignIn = (): Promise<string> => pendingCookie.serialize("", { maxAge: 0 });
