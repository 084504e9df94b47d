import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeAfterRefusal, type LINGER, refuseBody, type BodyHeaders } from "./form-body";

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
      "a car's picture on its operator page",
      post("multipart/form-data; boundary=x", String(4 * 1024 * 1024), {
        path: "/manage/cars/0b7c1e0e-1111-4444-8888-123456789abc",
      }),
      null,
    ],
    [
      "a place's picture on its operator page",
      post("multipart/form-data; boundary=x", String(4 * 1024 * 1024), {
        path: "/manage/places/0b7c1e0e-1111-4444-8888-123456789abc",
      }),
      null,
    ],
    [
      "a person's licence on their page",
      post("multipart/form-data; boundary=x", String(4 * 1024 * 1024), {
        path: "/manage/users/0b7c1e0e-1111-4444-8888-123456789abc",
      }),
      null,
    ],
    [
      "a 1 MB multipart post to a person's licence address (no form there)",
      post("multipart/form-data; boundary=x", String(1024 * 1024), {
        path: "/manage/users/0b7c1e0e-1111-4444-8888-123456789abc/licence",
      }),
      413,
    ],
    [
      "a 1 MB multipart post to the operators' car list (no file there)",
      post("multipart/form-data; boundary=x", String(1024 * 1024), { path: "/manage/cars" }),
      413,
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

describe("closeAfterRefusal", () => {
  /** A server that refuses every post with 413 and closes as the storefront does; what it read, and what came back. */
  async function refuseUpload(limits: typeof LINGER) {
    let read = 0;
    const server = createServer((request, response) => {
      request.on("data", (chunk: Buffer) => (read += chunk.length));
      response.writeHead(413, { "Content-Type": "text/plain" }).end("too large");
      closeAfterRefusal(request, limits);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const declared = 10 * 1024 * 1024;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let received = "";
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      socket.on("connect", () => {
        socket.write(
          `POST /checkout HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declared}\r\n\r\n`,
        );
        // Sends the whole 10 MB whatever the answer, as a flood does.
        const pump = () => {
          while (sent < declared && !socket.destroyed) {
            sent += chunk.length;
            if (!socket.write(chunk)) return void socket.once("drain", pump);
          }
        };
        pump();
      });
      socket.on("data", (data) => (received += data.toString("utf8")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(received));
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return { read, answer, declared };
  }

  it("discards at most its byte budget of a refused body, then cuts the connection; the answer is out first", async () => {
    const { read, answer, declared } = await refuseUpload({ ms: 60_000, bytes: 256 * 1024, atOnce: 8 });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    // The whole 10 MB would have been read (the time budget is a minute): the byte budget cut it (what the socket had
    // already taken in comes on top: about a megabyte on loopback).
    expect(read).toBeLessThan(declared / 4);
  });

  it("past the connections it may linger on at once, cuts at once", async () => {
    const { read, declared } = await refuseUpload({ ms: 60_000, bytes: declared10(), atOnce: 0 });
    expect(read).toBeLessThan(declared / 4);
  });
});

/** A byte budget larger than the upload, so only the connections-at-once bound can stop the reading. */
const declared10 = () => 20 * 1024 * 1024;
