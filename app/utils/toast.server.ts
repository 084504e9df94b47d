import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { cookiesAreSecure, getEnv } from "./env.server";

/** A message shown once after a redirect: a translation key and its parameters, translated at render. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  messageKey: z.string().min(1),
  params: z.record(z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const TOAST_KEY = "toast";

// A cookie of its own, so that flashing a message to a signed-out visitor creates no database session.
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "__toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    secrets: [getEnv().SESSION_SECRET],
  },
});

/** Headers that flash `toast` for the next page the browser shows. */
export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

/** A redirect: typed so that it adds nothing to what `useActionData` may hold. */
type Redirect = ReturnType<typeof redirect>;

/**
 * The end of most successful form posts: back to `to` with a message for the next page. `cookies` are extra
 * Set-Cookie values sent with it (a new session, a language choice).
 */
export async function redirectWithToast(
  to: string,
  toast: ToastInput,
  cookies: readonly string[] = [],
): Promise<Redirect> {
  const headers = await createToastHeaders(toast);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** Reads and consumes the flashed toast; the returned Set-Cookie header clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("__toast=")) return { toast: null, setCookie: null };
  const session = await toastStorage.getSession(cookieHeader);
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await toastStorage.destroySession(session),
  };
}
