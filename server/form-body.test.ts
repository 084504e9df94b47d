import { describe, expect, it } from "vitest";
import { refuseBody, type BodyHeaders } from "./form-body";

const limits = { formBytes: 64 * 1024, uploadBytes: 5 * 1024 * 1024 };
const post = (
  contentType: string | undefined,
  contentLength: string | undefined,
  extra: Partial<BodyHeaders> = {},
): BodyHeaders => ({
  method: "POST",
  path: "/settings",
  contentType,
  contentLength,
  transferEncoding: undefined,
  ...extra,
});

describe("refuseBody", () => {
  it.each<[string, BodyHeaders, number | null]>([
    ["a form", post("application/x-www-form-urlencoded", "12"), null],
    ["a form with a charset", post("application/x-www-form-urlencoded;charset=UTF-8", "12"), null],
    ["an upload", post("multipart/form-data; boundary=x", "900"), null],
    ["an empty post", post(undefined, "0"), null],
    ["a GET", { ...post("application/json", "10"), method: "GET" }, null],
    ["JSON", post("application/json", "10"), 415],
    ["text", post("text/plain", "10"), 415],
    ["a chunked body without a type", post(undefined, undefined, { transferEncoding: "chunked" }), 415],
    ["a look-alike type", post("multipart/form-data-ish", "10"), 415],
    [
      "a chunked form (no declared length)",
      post("application/x-www-form-urlencoded", undefined, { transferEncoding: "chunked" }),
      411,
    ],
    ["a form at the limit", post("application/x-www-form-urlencoded", String(64 * 1024)), null],
    ["a form one byte over", post("application/x-www-form-urlencoded", String(64 * 1024 + 1)), 413],
    ["a 50 MB form", post("application/x-www-form-urlencoded", String(50 * 1024 * 1024)), 413],
    [
      "an upload over the cap, answered by the form itself",
      post("multipart/form-data; boundary=x", String(6 * 1024 * 1024)),
      null,
    ],
    [
      "an upload at twice the cap plus framing",
      post("multipart/form-data; boundary=x", String(10 * 1024 * 1024 + 64 * 1024)),
      null,
    ],
    [
      "an upload past twice the cap",
      post("multipart/form-data; boundary=x", String(10 * 1024 * 1024 + 64 * 1024 + 1)),
      413,
    ],
    [
      "a multipart post to a form without a file, within a text form's cap",
      post("multipart/form-data; boundary=x", "900", { path: "/sign-in" }),
      null,
    ],
    [
      "a 1 MB multipart post to a form without a file",
      post("multipart/form-data; boundary=x", String(1024 * 1024), { path: "/sign-in" }),
      413,
    ],
    [
      "an upload at checkout",
      post("multipart/form-data; boundary=x", String(4 * 1024 * 1024), { path: "/checkout" }),
      null,
    ],
    [
      "an upload posted with JavaScript (the route's data URL)",
      post("multipart/form-data; boundary=x", String(4 * 1024 * 1024), { path: "/settings.data" }),
      null,
    ],
    [
      "a 1 MB multipart post to another route's data URL",
      post("multipart/form-data; boundary=x", String(1024 * 1024), { path: "/sign-in.data" }),
      413,
    ],
    ["Stripe's webhook", post("application/json", "3000", { path: "/webhooks/stripe" }), null],
    ["a form to the webhook", post("application/x-www-form-urlencoded", "30", { path: "/webhooks/stripe" }), 415],
    ["a huge webhook body", post("application/json", String(50 * 1024 * 1024), { path: "/webhooks/stripe" }), 413],
    // Any gateway's webhook takes JSON (the route answers 404 for one that is not configured).
    ["another gateway's webhook", post("application/json", "3000", { path: "/webhooks/payPal" }), null],
    ["JSON anywhere else", post("application/json", "30", { path: "/webhooks/stripe/x" }), 415],
  ])("%s", (_name, request, expected) => {
    expect(refuseBody(request, limits)).toBe(expected);
  });
});
