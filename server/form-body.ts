/**
 * What a request body may be before any of it is read. Every post this site takes is an HTML form (or Stripe's
 * signed JSON webhook); other bodies are refused (415). A body must declare its length (browsers always do for a
 * form; 411 otherwise), and a declared length over the limit is refused at once (413) — Node's parser holds a body to
 * its declared length, so nothing larger is ever buffered. One oversized post can no longer stall an instance.
 */
import type { Socket } from "node:net";
import { SAFE_METHODS } from "./csrf";

const FORM_BODY = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*(;|$)/i;
const JSON_BODY = /^application\/json\s*(;|$)/i;

/** Paths whose forms carry a file (the driver's license at checkout, the avatar and license in settings, a fleet file). */
export const UPLOAD_PATHS = new Set(["/checkout", "/settings", "/manage/cars/import"]);
/**
 * Operator pages that take a file (decision 027): a car's or a place's picture, a supplier's logo and contracts, a
 * person's licence put on file by an admin.
 */
const UPLOAD_PATH_PATTERN = /^\/manage\/(cars|places|suppliers|users)\/[0-9a-f-]{36}$/i;
const takesUploads = (path: string) => UPLOAD_PATHS.has(path) || UPLOAD_PATH_PATTERN.test(path);
/** Paths that take a JSON body: any gateway's webhook (`/webhooks/<gateway>`), verified by its signature. */
export const WEBHOOK_PATH = /^\/webhooks\/[A-Za-z]{1,40}$/;
/** Stripe's events are a few kilobytes; this leaves room for large checkout sessions. */
export const WEBHOOK_MAX_BYTES = 512 * 1024;
/** Room for the multipart framing and the form's text fields around an upload. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface BodyLimits {
  /** URL-encoded forms. */
  formBytes: number;
  /** The upload cap of one file (UPLOAD_MAX_BYTES). */
  uploadBytes: number;
}

export interface BodyHeaders {
  method: string;
  path: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}

/** null when the body may be read; otherwise the status to refuse it with. */
export function refuseBody(request: BodyHeaders, limits: BodyLimits): 411 | 413 | 415 | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const hasBody =
    request.transferEncoding !== undefined || (request.contentLength !== undefined && request.contentLength !== "0");
  if (!hasBody) return null;
  const type = request.contentType ?? "";
  const webhook = WEBHOOK_PATH.test(request.path);
  if (webhook ? !JSON_BODY.test(type) : !FORM_BODY.test(type)) return 415;
  if (request.contentLength === undefined || !/^\d+$/.test(request.contentLength)) return 411;
  const length = Number(request.contentLength);
  // Up to twice the upload cap, the form itself says 'at most N MB' in place (the upload reader refuses the file
  // without buffering it); beyond that the post is refused here. A form without a file field may still come as
  // multipart (a script, another client): everywhere else it gets the small cap of a text form.
  // With JavaScript, Remix posts a form to its route's data URL (`/settings.data`): the same route.
  const uploads = MULTIPART.test(type) && takesUploads(request.path.replace(/\.data$/, ""));
  const limit = webhook
    ? WEBHOOK_MAX_BYTES
    : uploads
      ? 2 * limits.uploadBytes + MULTIPART_OVERHEAD_BYTES
      : limits.formBytes;
  return length > limit ? 413 : null;
}

/**
 * How a refused post's connection is closed: a lingering close, as nginx does. What the client is still sending is
 * discarded (never buffered) for a moment, so its TCP stack does not reset the connection before it has read the
 * answer; then the connection is cut. Closing at once, with unread data waiting, makes the kernel send a reset that can
 * destroy the answer. The discarding is bounded in time, in bytes and in connections at once: 40 uploads of 10 MB
 * discarded in full kept the health check waiting for seconds.
 */
export const LINGER = { ms: 2_000, bytes: 256 * 1024, atOnce: 8 };

let lingering = 0;

/**
 * Cuts a refused post's connection once its answer has left. Destroying a socket while the client's unread bytes wait
 * in its receive buffer makes the kernel send a reset, and a reset can reach the client before it has read the answer
 * (a client on loopback, still sending, once saw the connection close with no answer, 13 ms in). So reading stops, the
 * answer is flushed and followed by a FIN, and only a second later is the socket destroyed (at once if the client
 * closes first): the client has the answer and its end before any reset. Nothing more is read meanwhile, so the
 * client's sending stalls against a full window instead of being received.
 */
function cut(request: NodeJS.ReadableStream, socket: Pick<Socket, "destroy" | "end" | "pause" | "once">) {
  request.pause();
  socket.pause();
  const fallback = setTimeout(() => socket.destroy(), 1_000);
  fallback.unref();
  socket.once("close", () => clearTimeout(fallback));
  socket.end();
}

/** Closes the connection of a refused post (its answer already sent) within LINGER's bounds. */
export function closeAfterRefusal(
  request: NodeJS.ReadableStream & { socket: Pick<Socket, "destroy" | "end" | "pause" | "once"> },
  limits: typeof LINGER = LINGER,
) {
  let discarded = 0;
  let done = false;
  const finish = (cutConnection: boolean) => {
    if (done) return;
    done = true;
    lingering--;
    clearTimeout(timer);
    if (cutConnection) cut(request, request.socket);
  };
  lingering++;
  const timer = setTimeout(() => finish(true), lingering > limits.atOnce ? 0 : limits.ms);
  timer.unref();
  request.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.bytes) finish(true);
  });
  request.once("end", () => finish(false));
  request.once("close", () => finish(false));
  request.resume();
}
