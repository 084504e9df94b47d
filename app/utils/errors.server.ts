/**
 * What a thrown error means for the answer and for the log. Database and body-parsing errors arrive wrapped
 * (drizzle's DrizzleQueryError holds the driver's error as `cause`), so each question walks the cause chain.
 * The log never receives a query's parameter values: they carry e-mail addresses, phone numbers, birth dates and
 * password hashes (decision 013).
 */

/** The error and every `cause` below it. */
function* causeChain(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    yield current;
    current = "cause" in current ? current.cause : undefined;
  }
}

const stringProperty = (value: object, key: string): string | undefined => {
  const property = (value as Record<string, unknown>)[key];
  return typeof property === "string" ? property : undefined;
};

/** The SQLSTATE (or Node system error code) of a database error, however deeply wrapped. */
export function sqlState(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = stringProperty(link, "code");
    if (code) return code;
  }
  return undefined;
}

/**
 * The database refused a write because the car is already held for that time (decision 027): car_occupancy's
 * exclusion constraint (23P01, another booking or a block), or a deadlock between two writers racing for it (40P01),
 * one of whom it rolled back. Every writer of a rental's period answers "the car is taken" to it.
 */
export function isCarTaken(error: unknown): boolean {
  const state = sqlState(error);
  return state === "23P01" || state === "40P01";
}

// Connection exceptions (class 08), the server shutting down or starting (57P01–57P03), a statement time-out
// (57014), no connection slot left (53300); and what Node and node-postgres raise when the server does not answer.
const UNAVAILABLE_CODES =
  /^(08...|57P0[123]|57014|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)$/;
/** What a request that waited its whole turn for a pooled connection is told (db.server.ts's queue): a 503. */
export const POOL_WAIT_EXCEEDED = "timeout exceeded when waiting for a pooled connection";

const UNAVAILABLE_MESSAGES = [
  "Query read timeout",
  "timeout exceeded when trying to connect",
  POOL_WAIT_EXCEEDED,
  "timeout expired",
  "Connection terminated",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
];

/** What a request is told when too many password checks already wait their turn (password.server.ts): a 503. */
export const PASSWORD_CHECKS_BUSY = "too many password checks waiting";

/** This instance is too busy with costly work (password hashes) to take this one now: 503, try again in seconds. */
export function isBusy(error: unknown): boolean {
  return [...causeChain(error)].some((link) => stringProperty(link, "message") === PASSWORD_CHECKS_BUSY);
}

/** The database did not answer, or refused to work: the request may succeed later (503), it is not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of causeChain(error)) {
    const code = stringProperty(link, "code");
    if (code && UNAVAILABLE_CODES.test(code)) return true;
    const message = stringProperty(link, "message") ?? "";
    if (UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))) return true;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store (a NUL byte: 22021; a character outside the encoding: 22P05), or a value outside its
 * type's range that a hand-made request slipped past validation (22003 numeric out of range, 22007/22008 dates,
 * 22P02 a malformed number or id): the client's input, never our fault (400).
 */
const UNSTORABLE_INPUT_CODES = new Set(["22021", "22P05", "22003", "22007", "22008", "22P02"]);
export function isUnstorableInput(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && UNSTORABLE_INPUT_CODES.has(code);
}

/** A request body that is not the form it claims to be (a broken multipart body, a wrong content type). */
export function isMalformedBody(error: unknown): boolean {
  for (const link of causeChain(error)) {
    const message = stringProperty(link, "message") ?? "";
    // undici's Request.formData() and @remix-run/node's multipart parser (checked by errors.server.test.ts).
    if (
      link instanceof TypeError &&
      (message.startsWith("Failed to parse body as FormData") || message.startsWith("Content-Type was not one of"))
    )
      return true;
    if (message.startsWith("malformed multipart-form")) return true;
  }
  return false;
}

/**
 * Quoted values in a driver's message (`invalid input syntax for type uuid: "…"`) may be the user's input, and an
 * SMTP server's refusal names the recipient (`550 <ada@example.com>: no such user`).
 */
const redactQuoted = (message: string) => message.replace(/"[^"]*"/g, '"…"').replace(EMAIL_ADDRESS, "[address]");
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** An error's cause chain on one line, without its stack (for recurring lines such as a mail's retry). */
export const describeErrorBriefly = (error: unknown): string => describeError(error).split("\n")[0]!;

/**
 * One line, safe for the log: the error's kind, SQLSTATE and message, with any query's parameters left out (a
 * failed query is named by its SQL text alone) and quoted values redacted; the stack is kept for bugs.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error))
    return typeof error === "string" ? redactQuoted(error) : `non-error thrown: ${typeof error}`;
  const parts: string[] = [];
  for (const link of causeChain(error)) {
    const name = stringProperty(link, "name") ?? "Error";
    const code = stringProperty(link, "code");
    const rawMessage = stringProperty(link, "message") ?? "";
    const query = stringProperty(link, "query");
    // drizzle's wrapper repeats the SQL and then lists the parameters: keep the SQL only.
    const message =
      query !== undefined && rawMessage.startsWith("Failed query:")
        ? `failed query: ${query.slice(0, 300)}`
        : redactQuoted(rawMessage);
    parts.push(`${name}${code ? ` [${code}]` : ""}: ${message}`);
  }
  // Only the frames: a stack's first lines repeat the message, which for a failed query lists its parameters.
  const stack = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, 5)
    .join("\n");
  return `${parts.join(" ← caused by ")}${stack ? `\n${stack}` : ""}`;
}

/** Logs an unexpected error under a scope ("sign-up") and what was being done, never with a failed query's values. */
export function logError(scope: string, error: unknown, doing?: string): void {
  console.error(`[${scope}] ${doing ? `${doing}: ` : ""}${describeError(error)}`);
}
