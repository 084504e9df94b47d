import { describe, expect, it } from "vitest";
// A plain ES module, shared with scripts/checks/check-server-log.mjs.
import { findLeaks } from "../scripts/checks/log-leaks.mjs";
import { redactUrl } from "./redact";

const leaksOf = (line: string) => (findLeaks(line) as Array<{ what: string }>).map((leak) => leak.what);

describe("the server-log leak check", () => {
  it.each([
    ["GET /activate?token=abcDEF123 200 3.1ms", "a token, signature or address in a query string"],
    ["POST /reset-password?token=x&lng=fr 302 9ms", "a token, signature or address in a query string"],
    [
      "[sign-up] Error: Failed query: insert into users\nparams: Ada,ada@example.com",
      "a failed query's parameter values",
    ],
    ["row: scrypt$131072$8$1$c2FsdA$aGFzaA", "a password hash"],
    ['[mail] to driver@rentacar.example: "Welcome"', "an e-mail address"],
    ["phone +33 6 12 34 56 78 refused", "a phone number"],
    ["birth date 1988-09-30", "a birth date"],
    ["STRIPE_SECRET_KEY=sk_test_abc123", "a payment secret"],
  ])("catches %j", (line, what) => {
    expect(leaksOf(line)).toContain(what);
  });

  it.each([
    ["GET /search?pickup=tunis&from=2026-12-01T10:00&to=2026-12-04T10:00 200 31.2ms"],
    [`GET ${redactUrl("/activate?token=abcDEF123&lng=fr")} 200 3.1ms`],
    [`GET ${redactUrl("/newsletter/unsubscribe?email=a@b.example&signature=ff")} 200 2ms`],
    ["[server] listening on http://127.0.0.1:3100 (ready in 812 ms)"],
    ["    at file:///work/main/node_modules/@remix-run/server-runtime/dist/server.js:325:7"],
    ["[database] GET /search (loader of routes/search) answered 503: Error: Query read timeout"],
  ])("lets %j through", (line) => {
    expect(leaksOf(line)).toEqual([]);
  });
});
