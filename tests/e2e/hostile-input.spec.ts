import { expect, test } from "@playwright/test";

// Every route that takes a post, as a hostile client would send it. Sign-out comes last: it ends the session.
const FORM_ROUTES = [
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/reset-password?token=abc",
  "/activate?token=abc",
  "/contact",
  "/newsletter",
  "/currency",
  "/language",
  "/resend-validation",
  "/settings",
  "/settings?upload=avatar",
  "/settings?upload=license",
  "/change-password",
  "/checkout?car=00000000-0000-4000-8000-000000000000&pickup=tunis&dropoff=tunis&from=2031-05-01T10:00&to=2031-05-04T10:00",
  "/bookings",
  "/notifications",
  "/booking/amend?b=00000000-0000-4000-8000-000000000000",
  "/auth/google",
  "/",
  "/search",
  "/sign-out",
];

/** Bodies that claim to be multipart forms and are not. */
const BROKEN_MULTIPART: Array<[string, string]> = [
  ["multipart/form-data; boundary=x", "garbage"],
  ["multipart/form-data", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile\r\n--x--'],
  ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nprofile'],
  ["multipart/form-data; boundary=x", "--x\r\n\r\n\r\n--x--"],
  [
    "multipart/form-data; boundary=x",
    '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  ],
];

/** Every text field any form has, each holding a NUL byte (which PostgreSQL cannot store in text). */
const NUL = "\u0000";
const NUL_FIELDS: Record<string, string> = Object.fromEntries(
  [
    "email",
    "password",
    "confirmPassword",
    "currentPassword",
    "fullName",
    "phone",
    "location",
    "bio",
    "subject",
    "message",
    "redirectTo",
    "token",
    "driverEmail",
    "driverPhone",
    "driverFullName",
    "q",
    "status",
  ].map((name) => [name, `a${NUL}b`]),
);
const NUL_FORMS: Array<Record<string, string>> = [
  NUL_FIELDS,
  {
    ...NUL_FIELDS,
    intent: "profile",
    fullName: `Alex${NUL}Martin`,
    phone: "+33612345678",
    language: "en",
    birthDate: "1990-01-01",
    bio: `bio${NUL}`,
    location: `Tunis${NUL}`,
  },
  // No valid address anywhere: a form that passed would count against the per-address and per-IP limits other tests use.
  {
    subject: `Hello${NUL}`,
    message: `A message long enough to be accepted${NUL} by the form.`,
    email: "not-an-address",
  },
  { email: `nul${NUL}@example.com` },
  { intent: `profile${NUL}`, lng: `fr${NUL}`, currency: `EUR${NUL}` },
];

async function postEverywhere(send: (route: string) => Promise<void>) {
  for (const route of FORM_ROUTES) await send(route);
}

test(
  "malformed multipart bodies and NUL bytes get a 400 or a form error, never a 500, signed in or not",
  { tag: "@js-on-only" },
  async ({ playwright, baseURL }) => {
    // @js-on-only: one run is enough: raw requests, no pages
    const results: Array<{ status: number; route: string; body: string }> = [];
    for (const signedIn of [false, true]) {
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "Accept-Language": "fr-FR" },
        maxRedirects: 0,
      });
      if (signedIn) {
        const signIn = await request.post("/sign-in", {
          form: { email: "driver@rentacar.example", password: "drive-safely-2026" },
        });
        expect(signIn.status()).toBe(302);
      }
      for (const [contentType, body] of BROKEN_MULTIPART) {
        await postEverywhere(async (route) => {
          const response = await request.post(route, {
            headers: { "Content-Type": contentType },
            data: Buffer.from(body, "latin1"),
          });
          results.push({
            status: response.status(),
            route: `${signedIn ? "signed in" : "visitor"} multipart ${route}`,
            body: await response.text(),
          });
        });
      }
      for (const fields of NUL_FORMS) {
        await postEverywhere(async (route) => {
          const response = await request.post(route, {
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            data: new URLSearchParams(fields).toString(),
          });
          results.push({
            status: response.status(),
            route: `${signedIn ? "signed in" : "visitor"} NUL ${route}`,
            body: await response.text(),
          });
        });
      }
      // NUL bytes in a page's query string too.
      for (const path of [
        "/search?pickup=tun%00is&from=2031-05-01T10:00&to=2031-05-04T10:00",
        "/?pickup=%00",
        "/bookings?q=%00&status=%00",
        "/notifications?page=%00",
        "/booking?b=%00",
        "/checkout?car=%00&pickup=%00",
      ]) {
        const response = await request.get(path);
        results.push({
          status: response.status(),
          route: `${signedIn ? "signed in" : "visitor"} GET ${path}`,
          body: await response.text(),
        });
      }
      await request.dispose();
    }
    const failures = results
      .filter((result) => result.status >= 500)
      .map((result) => `${result.status} ${result.route}`);
    expect(failures).toEqual([]);
    // Where a body could not be read, the visitor is told so in their language.
    const unreadable = results.filter((result) => result.status === 400 && result.body.includes("Demande incomprise"));
    expect(unreadable.length).toBeGreaterThan(10);
    console.log(
      `hostile input: ${results.length} requests, ${failures.length} answers ≥ 500, ${results.filter((result) => result.status === 400).length} × 400`,
    );
  },
);
