import { signInHref } from "~/models/navigation/links";
import type { SignInMethod, UserRole } from "~/domain/enums";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signInSchema } from "./account-forms";
import { findSessionUser, verifyCredentials } from "./accounts.server";
import { browserBookings, forgetBrowserBookings } from "~/utils/checkout-cookie.server";
import type { Viewer } from "~/models/booking/booking-access";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { getSession, sessionStorage } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RequestContext } from "~/utils/request-memo.server";
import { describeBrowser } from "~/domain/user-agent";
import { holdPendingSignIn } from "~/utils/pending-sign-in.server";
import { getVisitor } from "./visitor.server";
import { hasTwoFactor } from "./two-factor.server";
import { recordSignIn } from "./sign-ins.server";

/** Where a sign-in halfway types its second factor. */
export const SECOND_FACTOR_PATH = "/sign-in/code";

/** A refusal the sign-in form shows: a translation key. */
export class SignInRefused extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
    this.name = "SignInRefused";
  }
}

export const authenticator = new Authenticator<{ userId: string; fullName: string; role: UserRole }>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = signInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new SignInRefused("errors.incorrectCredentials");
    const db = await getDb();
    const check = await verifyCredentials(db, parsed.data.email, parsed.data.password);
    if (!check.ok) {
      // The account's owner and the admins see refused attempts beside the sign-ins (issue 51).
      if (check.accountId) {
        const outcome = check.error === "errors.accountSuspended" ? "suspended" : "wrongPassword";
        await recordSignIn(db, request, check.accountId, "password", outcome);
      }
      throw new SignInRefused(check.error);
    }
    return { userId: check.userId, fullName: check.fullName, role: check.role };
  }),
  "form",
);

/**
 * Whether the request's session was started with 'stay connected' (read before a password change ends every session
 * of the account, so the renewed one keeps the choice).
 */
export async function staysConnected(request: Request): Promise<boolean> {
  return (await getSession(request)).get("stayConnected") === true;
}

/**
 * Starts a session for `userId`: always a new session id (the old session is destroyed), persistent for the
 * configured days when 'stay connected' is ticked, ending with the browser otherwise.
 */
export async function startUserSession(
  request: Request,
  userId: string,
  persistent: boolean,
  method: SignInMethod,
): Promise<string[]> {
  const previous = await getSession(request);
  // Removes the old row; the new cookie below replaces the old one in the browser.
  if (previous.id) await sessionStorage.destroySession(previous);
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  session.set("seenAt", Date.now());
  session.set("browser", describeBrowser(request.headers.get("User-Agent")));
  // Kept in the session, so a renewed session (a password change) can keep the choice.
  if (persistent) session.set("stayConnected", true);
  const maxAge = persistent ? getEnv().SESSION_STAY_CONNECTED_DAYS * 24 * 60 * 60 : undefined;
  await recordSignIn(await getDb(), request, userId, method, "signedIn");
  // A visitor's bookings remembered by this browser are not the signed-in driver's to see (decision 011).
  return [await sessionStorage.commitSession(session, maxAge ? { maxAge } : undefined), await forgetBrowserBookings()];
}

/**
 * The end of every post that signs someone in (sign-in, sign-up, activation, a password reset or change, social
 * sign-in): a fresh session, the welcome `toast`, and on to `to`, with any other `cookies` to set. An account with
 * two-factor sign-in gets no session yet: it is sent to type its code (decision 043), unless `secondFactorPassed`
 * (the code page itself, or a signed-in account renewing its session after a password change).
 */
export async function redirectSignedIn(
  request: Request,
  userId: string,
  options: {
    to: string;
    toast: Parameters<typeof redirectWithToast>[1];
    /** How the person proved who they are, for their sign-in history. */
    method: SignInMethod;
    stayConnected?: boolean;
    cookies?: readonly string[];
    secondFactorPassed?: boolean;
  },
) {
  const stayConnected = options.stayConnected ?? false;
  if (!options.secondFactorPassed && (await hasTwoFactor(await getDb(), userId))) {
    const pending = await holdPendingSignIn({ userId, to: options.to, stayConnected });
    throw redirect(SECOND_FACTOR_PATH, { headers: [["Set-Cookie", pending]] });
  }
  const session = await startUserSession(request, userId, stayConnected, options.method);
  return redirectWithToast(options.to, options.toast, [...session, ...(options.cookies ?? [])]);
}

/** The signed-in user (id and role), or a redirect to sign in that comes back here afterwards. */
export async function requireViewer(
  request: Request,
  context: RequestContext,
): Promise<{ id: string; role: UserRole }> {
  const id = await requireUserId(request, context);
  const { user } = await getVisitor(request, context);
  return { id, role: user!.role };
}

/**
 * Who acts on bookings: the signed-in user, or, nobody being signed in, the driver of the bookings this browser holds
 * (it booked them, or followed a "Find my booking" link: decision 023), for those bookings only (`onlyIds`).
 * Otherwise a redirect to sign in.
 */
export async function requireBookingViewer(
  request: Request,
  context: RequestContext,
): Promise<{ viewer: Viewer; onlyIds: string[] | null }> {
  const { user } = await getVisitor(request, context);
  const held = await browserBookings(request, user !== null);
  // A suspended or deleted account's bookings are acted on by no one through a browser's cookie.
  if (held && (await findSessionUser(await getDb(), held.driverId)))
    return { viewer: { id: held.driverId, role: "user" }, onlyIds: held.ids };
  return { viewer: await requireViewer(request, context), onlyIds: null };
}

/**
 * The signed-in user's id, or a redirect to sign in that comes back here afterwards. The account is looked up
 * (once per request, shared with the other loaders): a suspended or deleted one is signed out, not let through.
 */
export async function requireUserId(request: Request, context: RequestContext): Promise<string> {
  const { user } = await getVisitor(request, context);
  if (user) return user.id;
  const url = new URL(request.url);
  throw redirect(signInHref(`${url.pathname}${url.search}`));
}
