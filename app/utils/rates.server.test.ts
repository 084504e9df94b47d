import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BUILT_IN_RATES,
  ExchangeRateService,
  exchangeRateApiProvider,
  fixerProvider,
  KnownProviderError,
  type RateServiceOptions,
} from "./rates.server";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A local stand-in for the rate providers: each test scripts its answers; calls are counted per path prefix. */
let server: Server;
let baseUrl: string;
let handler: Handler;
let calls: string[] = [];

const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  calls = [];
});

const exchangeRateApiSuccess = { result: "success", conversion_rates: { USD: 1, EUR: 0.9, GBP: 0.8, AUD: 1.6 } };
const fixerSuccess = { success: true, base: "USD", rates: { EUR: 0.91, GBP: 0.81, AUD: 1.61 } };

function service(overrides: Partial<RateServiceOptions> = {}) {
  let now = 1_000_000;
  const options: RateServiceOptions = {
    providers: [exchangeRateApiProvider(`${baseUrl}/era`, "key-1"), fixerProvider(`${baseUrl}/fixer`, "key-2")],
    cache: { enabled: false, ttlSeconds: 3600 },
    timeoutMs: 300,
    // A local stand-in answers in time however busy the machine: only the test that times out ends the call.
    timeoutSignal: () => new AbortController().signal,
    cooldownMs: 60_000,
    now: () => now,
    log: () => {},
    ...overrides,
  };
  return { rates: new ExchangeRateService(options), advance: (ms: number) => (now += ms) };
}

describe("exchange-rate providers", () => {
  it("uses the first provider when it answers", async () => {
    handler = (_req, res) => json(res, exchangeRateApiSuccess);
    const result = await service().rates.getRates();
    expect(result).toEqual({ rates: { USD: 1, EUR: 0.9, GBP: 0.8, AUD: 1.6 }, source: "exchangerate-api", asOf: null });
    expect(calls).toEqual(["/era/v6/key-1/latest/USD"]);
  });

  it.each([
    ["malformed-request", "malformedQuery"],
    ["unsupported-code", "currencyNotFound"],
    ["invalid-key", "invalidApiKey"],
    ["quota-reached", "paidPlanRequired"],
  ])("moves to the next provider on the known error %s", async (errorType, kind) => {
    handler = (req, res) =>
      req.url!.startsWith("/era")
        ? json(res, { result: "error", "error-type": errorType }, 403)
        : json(res, fixerSuccess);
    await expect(
      exchangeRateApiProvider(`${baseUrl}/era`, "k").fetchRates("USD", ["EUR"], new AbortController().signal),
    ).rejects.toEqual(new KnownProviderError("exchangerate-api", kind as never));
    const result = await service().rates.getRates();
    expect(result.source).toBe("fixer");
    expect(result.rates.EUR).toBe(0.91);
  });

  it.each([
    [{ code: 101, type: "invalid_access_key" }, "invalidApiKey"],
    [{ code: 105, type: "base_currency_access_restricted" }, "paidPlanRequired"],
    [{ code: 201, type: "invalid_base_currency" }, "invalidBaseCurrency"],
    [{ code: 202, type: "invalid_currency_codes" }, "currencyNotFound"],
    [{ code: 106, type: "no_rates_available" }, "noResults"],
  ])("maps the fixer error %o to %s", async (error, kind) => {
    handler = (_req, res) => json(res, { success: false, error });
    await expect(
      fixerProvider(`${baseUrl}/fixer`, "k").fetchRates("USD", ["EUR"], new AbortController().signal),
    ).rejects.toMatchObject({ kind });
  });

  it("treats an answer without the asked currencies as 'no results'", async () => {
    handler = (_req, res) => json(res, { result: "success", conversion_rates: { JPY: 150 } });
    await expect(
      exchangeRateApiProvider(`${baseUrl}/era`, "k").fetchRates("USD", ["EUR"], new AbortController().signal),
    ).rejects.toMatchObject({
      kind: "noResults",
    });
  });

  it("raises any other failure instead of trying the next provider", async () => {
    handler = (req, res) =>
      req.url!.startsWith("/era") ? (res.writeHead(500), res.end("<html>oops</html>")) : json(res, fixerSuccess);
    await expect(service().rates.fetchFromProviders()).rejects.toThrow(/unreadable answer \(HTTP 500\)/);
    expect(calls.filter((url) => url.startsWith("/fixer"))).toEqual([]);
  });

  it("times out a slow provider and falls back to the built-in table", async () => {
    const asked: number[] = [];
    const controller = new AbortController();
    // The stand-in never answers; the time-out fires once the request has reached it, not by the clock.
    handler = () => controller.abort(new DOMException("The operation timed out.", "TimeoutError"));
    const timeoutSignal = (ms: number) => {
      asked.push(ms);
      return controller.signal;
    };
    const result = await service({ timeoutMs: 200, timeoutSignal }).rates.getRates();
    expect(asked).toEqual([200]);
    expect(result).toEqual(BUILT_IN_RATES);
  });

  it("skips a provider that just failed, then tries it again after the cool-down", async () => {
    handler = (req, res) =>
      req.url!.startsWith("/era")
        ? json(res, { result: "error", "error-type": "invalid-key" })
        : json(res, fixerSuccess);
    const { rates, advance } = service();
    await rates.getRates();
    await rates.getRates();
    expect(calls.filter((url) => url.startsWith("/era"))).toHaveLength(1);
    expect(calls.filter((url) => url.startsWith("/fixer"))).toHaveLength(2);
    advance(61_000);
    await rates.getRates();
    expect(calls.filter((url) => url.startsWith("/era"))).toHaveLength(2);
  });

  it("uses only the built-in, dated table when no provider is configured", async () => {
    const result = await service({ providers: [] }).rates.getRates();
    expect(result).toEqual(BUILT_IN_RATES);
    expect(result.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(calls).toEqual([]);
  });

  it("caches for the configured time when the cache is on", async () => {
    handler = (_req, res) => json(res, exchangeRateApiSuccess);
    const { rates, advance } = service({ cache: { enabled: true, ttlSeconds: 3600 } });
    await rates.getRates();
    advance(3_599_000);
    await rates.getRates();
    expect(calls).toHaveLength(1);
    advance(2_000);
    await rates.getRates();
    expect(calls).toHaveLength(2);
  });

  it("asks again every time when the cache is off (the spec's default), sharing concurrent calls", async () => {
    handler = (_req, res) => setTimeout(() => json(res, exchangeRateApiSuccess), 20);
    const { rates } = service();
    await Promise.all([rates.getRates(), rates.getRates(), rates.getRates()]);
    expect(calls).toHaveLength(1);
    await rates.getRates();
    expect(calls).toHaveLength(2);
  });
});
