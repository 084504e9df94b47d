import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/hooks/nonce";
import { finishedDocument, withErrorTitle } from "~/utils/document-stream.server";
import { errorTitlePrefix } from "~/utils/i18n.server";
import { isPrivateRoute, pageHeadersOf, PRIVATE_PAGE, RETRY_AFTER_SECONDS } from "~/utils/responses.server";
import { logError } from "~/utils/errors.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // Routes here export no `headers`: a document keeps the cookies its actions and loaders set, a refused post's
  // Retry-After (429) is carried over from them, and the 503 page says when to come back.
  const { actionHeaders, loaderHeaders } = remixContext.staticHandlerContext;
  const retryAfter = [...Object.values(actionHeaders), ...Object.values(loaderHeaders)]
    .find((headers) => headers.has("Retry-After"))
    ?.get("Retry-After");
  if (retryAfter && responseStatusCode >= 400) responseHeaders.set("Retry-After", retryAfter);
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After"))
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  // What the page's own loader or action set for it (pageHeadersOf), then the private pages' rule over it.
  for (const [name, value] of pageHeadersOf(remixContext.staticHandlerContext)) responseHeaders.set(name, value);
  if (remixContext.staticHandlerContext.matches.some((match) => isPrivateRoute(match.route.id)))
    responseHeaders.set("Cache-Control", PRIVATE_PAGE);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the document is out: a pending timer keeps the render's request (what `abort` belongs to) alive for
    // its six seconds, long enough for the collector to move it into the old generation and collect it the costly way.
    let abortTimer: ReturnType<typeof setTimeout> | undefined = undefined;
    const stopAbortTimer = () => clearTimeout(abortTimer);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // The whole document at once, for everyone: no route defers data, so waiting costs only the serialisation of
        // data that is already there, and streaming would append the data scripts after </html> (invalid HTML).
        onAllReady() {
          shellRendered = true;
          // Gathered into one body: written, compressed and sent once instead of in a hundred 2 KiB pieces.
          const body = finishedDocument();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", (error) => {
            stopAbortTimer();
            reject(error);
          });
          body.on("end", () => {
            stopAbortTimer();
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const document = Buffer.concat(chunks);
            // A document answering a post is a browser without JavaScript; at 400 and over, the post was refused.
            const refused = request.method === "POST" && responseStatusCode >= 400;
            resolve(
              new Response(refused ? withErrorTitle(document, errorTitlePrefix) : document, {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          stopAbortTimer();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by handleError; before it they reject above.
          if (shellRendered) logError("render", error);
        },
      },
    );
    abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * A page's data fetched by the browser (`/path.data`) is never stored: the browser asks for it on each navigation
 * anyway, and a private page's data must be as private as its document.
 */
export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE_PAGE);
  return response;
}

/** Logs server errors once, with the request that caused them; aborted requests are not errors. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError("error", error, `${request.method} ${new URL(request.url).pathname}`);
}
