/**
 * "Find my booking" (decision 023) through its routes: the same answer whether or not a booking matches, a one-time
 * link mailed to the driver only, a GET that uses nothing, and a browser that then sees, cancels and amends that
 * booking (and no other booking of the same driver).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { formPost, readOutbox, routeArgs, useAppDatabase } from "../../tests/support/app-test";
import { workAfterAnswerDone } from "~/utils/after-answer.server";
import { bookingReference } from "~/models/booking/booking";
import { loader as bookingLoader } from "./booking";
import { loader as amendLoader } from "./booking_.amend/route";
import { action as bookingsAction, loader as bookingsLoader } from "./bookings/route";
import { action as findAction } from "./find-booking";
import { action as openAction, loader as openLoader } from "./find-booking_.open";

const outbox = await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("find-booking"),
);

const ORIGIN = "http://localhost";
type Result = Response | { data: unknown; init: ResponseInit | null };

async function run(work: () => Promise<unknown>): Promise<{ status: number; headers: Headers; body: unknown }> {
  try {
    const result = (await work()) as Result;
    if (result instanceof Response) return { status: result.status, headers: result.headers, body: null };
    if (result && typeof result === "object" && "init" in result)
      return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), body: result.data };
    return { status: 200, headers: new Headers(), body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, body: null };
    throw thrown;
  }
}

/** Posts the form; the lookup and the mail happen after the answer, so this waits for them too. */
async function find(fields: Record<string, string>, clientIp = "192.0.2.30") {
  const answer = await run(() => findAction(routeArgs(formPost(`${ORIGIN}/find-booking`, fields), clientIp)));
  await workAfterAnswerDone();
  return answer;
}
/** The distinct booking links the mails carry (each mail has it in its text and its HTML). */
const linksIn = (mails: string[]) => [
  ...new Set(
    mails.flatMap((mail) =>
      [...mail.matchAll(/\/find-booking\/open\?token=([A-Za-z0-9_-]+)/g)].map((match) => match[1]!),
    ),
  ),
];
const withCookie = (path: string, cookie: string, init: RequestInit = {}) =>
  new Request(`${ORIGIN}${path}`, { ...init, headers: { Origin: ORIGIN, Cookie: cookie, ...init.headers } });

describe("Find my booking", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let bookingId: string;
  let otherId: string;

  it("mails a one-time link to the driver when reference and address match, and answers the same when not", async () => {
    catalogue = await insertMinimalCatalogue(app.database.db);
    const [booking, other] = await app.database.db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-04-01T10:00:00Z", "2031-04-04T10:00:00Z", "pending"),
        bookingValues(catalogue, "2031-05-01T10:00:00Z", "2031-05-04T10:00:00Z", "pending"),
      ])
      .returning();
    bookingId = booking!.id;
    otherId = other!.id;
    const reference = bookingReference(bookingId);

    const before = (await readOutbox(outbox)).length;
    const wrongAddress = await find({ reference, email: "someone-else@example.com" });
    const wrongReference = await find({ reference: "00000000", email: catalogue.driver.email });
    expect((await readOutbox(outbox)).length).toBe(before);
    const right = await find({
      reference: ` #${reference.toLowerCase()} `,
      email: catalogue.driver.email.toUpperCase(),
    });
    // One answer for all three: where it leads and what it says.
    for (const answer of [wrongAddress, wrongReference, right]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/find-booking");
    }
    expect(
      new Set([wrongAddress, wrongReference, right].map((answer) => answer.headers.get("Set-Cookie")!.length)).size,
    ).toBe(1);
    const mails = (await readOutbox(outbox)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${catalogue.driver.email}$`, "m"));
    expect(mails[0]).toContain(`Your link to booking ${reference}`);
    expect(linksIn(mails)).toHaveLength(1);
  });

  it("refuses a malformed reference with a message, and limits requests per address", async () => {
    const bad = await find({ reference: "not-a-ref", email: "x@example.com" });
    expect(bad.status).toBe(400);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push(
        (await find({ reference: "ABCDEF12", email: "flood@example.com" }, `198.51.100.${attempt}`)).status,
      );
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("opens the booking in the browser that follows the link, once; that browser may cancel and amend it, and nothing else", async () => {
    await find({ reference: bookingReference(bookingId), email: catalogue.driver.email }, "192.0.2.31");
    const token = linksIn(await readOutbox(outbox)).pop()!;

    // Opening the link's page uses nothing (a mail scanner may fetch it).
    for (let visit = 0; visit < 2; visit++) {
      const page = await run(() => openLoader(routeArgs(new Request(`${ORIGIN}/find-booking/open?token=${token}`))));
      expect(page.body).toMatchObject({ token, reference: bookingReference(bookingId) });
    }
    const opened = await run(() => openAction(routeArgs(formPost(`${ORIGIN}/find-booking/open`, { token }))));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/booking?b=${bookingId}`);
    const cookie = opened.headers
      .get("Set-Cookie")!
      .split(/,(?=\s*__)/)
      .map((part) => part.trim().split(";")[0]!)
      .filter((part) => part.startsWith("__bookings="))
      .join("; ");
    expect(cookie).toMatch(/^__bookings=/);

    // Used once: a second post, or another browser, gets "not valid any more".
    expect((await run(() => openAction(routeArgs(formPost(`${ORIGIN}/find-booking/open`, { token }))))).status).toBe(
      410,
    );

    // This browser sees the booking, lists it alone, may amend it; the driver's other booking stays out of reach.
    expect((await run(() => bookingLoader(routeArgs(withCookie(`/booking?b=${bookingId}`, cookie))))).status).toBe(200);
    expect((await run(() => bookingLoader(routeArgs(withCookie(`/booking?b=${otherId}`, cookie))))).status).toBe(302);
    const list = await run(() => bookingsLoader(routeArgs(withCookie("/bookings", cookie))));
    expect((list.body as { list: { rows: Array<{ id: string }> } }).list.rows.map((row) => row.id)).toEqual([
      bookingId,
    ]);
    expect((await run(() => amendLoader(routeArgs(withCookie(`/booking/amend?b=${bookingId}`, cookie))))).status).toBe(
      200,
    );
    expect((await run(() => amendLoader(routeArgs(withCookie(`/booking/amend?b=${otherId}`, cookie))))).status).toBe(
      302,
    );

    const cancel = (id: string) =>
      run(() =>
        bookingsAction(
          routeArgs(
            withCookie("/bookings", cookie, {
              method: "POST",
              body: new URLSearchParams([
                ["bulkAction", "cancelRequest"],
                ["id", id],
                ["confirmed", "yes"],
              ]),
            }),
          ),
        ),
      );
    await cancel(otherId);
    await cancel(bookingId);
    const status = async (id: string) =>
      (await app.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]!.status;
    expect(await status(bookingId)).toBe("cancelled");
    expect(await status(otherId)).toBe("pending");
  });

  it("an expired link opens nothing", async () => {
    await find({ reference: bookingReference(otherId), email: catalogue.driver.email }, "192.0.2.32");
    const token = linksIn(await readOutbox(outbox)).pop()!;
    await app.database.db
      .update(schema.tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.tokens.bookingId, otherId));
    const page = await run(() => openLoader(routeArgs(new Request(`${ORIGIN}/find-booking/open?token=${token}`))));
    expect(page.body).toMatchObject({ token: null });
    expect((await run(() => openAction(routeArgs(formPost(`${ORIGIN}/find-booking/open`, { token }))))).status).toBe(
      410,
    );
  });
});
