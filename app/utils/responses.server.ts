import { data } from "@remix-run/node";

/** A 404 the root error boundary renders as the translated 'Nothing to see here!'. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** A 403 the root error boundary renders as "This page is for suppliers and admins" (decision 027). */
export function forbidden(): Response {
  return new Response("Forbidden", { status: 403, statusText: "Forbidden" });
}

/** A 400 for input no form could have sent (a broken multipart body, a NUL byte): the error page says so. */
export function badRequest(): Response {
  return new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

/** How long a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** A 503 while the database does not answer: the error page asks to try again shortly; nothing was changed. */
export function serviceUnavailable(): Response {
  return new Response("Service Unavailable", {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

/** How soon a visitor turned away as "busy" may try again: a queue of password checks is through in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** The body that tells the error page this 503 is a busy instance, not a database away. */
export const BUSY_BODY = "Busy";

/** A 503 while this instance has more costly work (password checks) waiting than it takes: try again in seconds. */
export function busy(): Response {
  return new Response(BUSY_BODY, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
  });
}

/** A form whose password could not be checked or set for now (too many at once): shown again, 503, back in seconds. */
export function replyBusy<Reply>(
  submission: { reply(options: { formErrors?: string[]; hideFields?: string[] }): Reply },
  hideFields?: string[],
) {
  return data(submission.reply({ formErrors: ["errors.busy"], hideFields }), {
    status: 503,
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Cache-Control of a page with one person's data (bookings, a booking, receipts, .ics, notifications, settings,
 * payment status): never stored by a shared cache, nor kept by the browser for Back or another user of it.
 */
export const PRIVATE_PAGE = "private, no-store";

/** A file to save that names people (a document, an archive of them): never kept by a shared cache, never sniffed. */
export function privateDownload(bytes: Uint8Array, type: string, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": PRIVATE_PAGE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The pages (route ids) sent with PRIVATE_PAGE, documents and data requests alike (entry.server.tsx). */
const PRIVATE_ROUTES: ReadonlySet<string> = new Set([
  "routes/bookings",
  "routes/booking",
  "routes/booking_.amend",
  "routes/notifications",
  "routes/settings",
  "routes/checkout",
  "routes/checkout-session.$sessionId",
  "routes/confirmation.$attemptId",
]);

/** Every operator page is private too (decision 027). */
export const isPrivateRoute = (routeId: string) => PRIVATE_ROUTES.has(routeId) || routeId.startsWith("routes/manage");

/**
 * The headers a page's loader or action sets for the page itself (find-my-booking's one-time link: no-store and no
 * Referer), which its document carries. Remix applies them to a data request's answer, but to a document only through a
 * route's `headers` export, which a route could forget: entry.server.tsx copies them for every route instead.
 */
export const PAGE_HEADER_NAMES = ["Cache-Control", "Referrer-Policy", "Vary"] as const;

type HeadersByRoute = Record<string, Headers>;

/** The page headers of a document: for each name, the deepest matched route's, its action's before its loader's. */
export function pageHeadersOf(context: {
  matches: Array<{ route: { id: string } }>;
  loaderHeaders: HeadersByRoute;
  actionHeaders: HeadersByRoute;
}): Headers {
  const headers = new Headers();
  const deepestFirst = [...context.matches].reverse();
  for (const name of PAGE_HEADER_NAMES) {
    for (const { route } of deepestFirst) {
      const value = context.actionHeaders[route.id]?.get(name) ?? context.loaderHeaders[route.id]?.get(name);
      if (value) {
        headers.set(name, value);
        break;
      }
    }
  }
  return headers;
}
