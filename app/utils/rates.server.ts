/**
 * Exchange rates from the base currency (USD) to the display currencies (spec §7, §8, §9).
 * Providers are tried in the configured order: a known provider error (malformed query, currency not found,
 * invalid API key, invalid base currency, paid plan required, no results) moves to the next one, any other
 * failure is raised. Each call has a short time-out; a provider that just failed is skipped for a while; an
 * optional cache (off by default, 3600 s) keeps results; the dated built-in table is the last resort and the only
 * source when no provider is configured, so the storefront works offline.
 */
import { BASE_CURRENCY, DISPLAY_CURRENCIES } from "~/domain/money";
import { type Currency } from "~/domain/enums";

export type RatesTable = Record<Currency, number>;

export interface Rates {
  rates: RatesTable;
  /** Where the figures come from: a provider's name, or 'built-in'. */
  source: string;
  /** The day the built-in table was compiled; null for live rates. */
  asOf: string | null;
}

/** Mid-market rates compiled on the date below, used when no provider answers. */
export const BUILT_IN_RATES: Rates = {
  rates: { USD: 1, EUR: 0.8634, GBP: 0.7612, AUD: 1.5387 },
  source: "built-in",
  asOf: "2026-11-02",
};

export const KNOWN_PROVIDER_ERRORS = [
  "malformedQuery",
  "currencyNotFound",
  "invalidApiKey",
  "invalidBaseCurrency",
  "paidPlanRequired",
  "noResults",
] as const;
export type KnownProviderErrorKind = (typeof KNOWN_PROVIDER_ERRORS)[number];

/** A provider's documented refusal: the next provider is tried. */
export class KnownProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: KnownProviderErrorKind,
  ) {
    super(`${provider}: ${kind}`);
    this.name = "KnownProviderError";
  }
}

export interface RateProvider {
  name: string;
  fetchRates(base: Currency, symbols: readonly Currency[], signal: AbortSignal): Promise<Partial<RatesTable>>;
}

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`unreadable answer (HTTP ${response.status})`);
  }
}

/** ExchangeRate-API v6: GET {url}/v6/{key}/latest/{base}. */
export function exchangeRateApiProvider(baseUrl: string, apiKey: string): RateProvider {
  const errorKinds: Record<string, KnownProviderErrorKind> = {
    "malformed-request": "malformedQuery",
    "unsupported-code": "currencyNotFound",
    "invalid-key": "invalidApiKey",
    "inactive-account": "invalidApiKey",
    "base-code-only-on-pro": "invalidBaseCurrency",
    "quota-reached": "paidPlanRequired",
    "plan-upgrade-required": "paidPlanRequired",
  };
  return {
    name: "exchangerate-api",
    async fetchRates(base, symbols, signal) {
      const body = (await getJson(
        `${baseUrl.replace(/\/$/, "")}/v6/${encodeURIComponent(apiKey)}/latest/${base}`,
        signal,
      )) as {
        result?: string;
        "error-type"?: string;
        conversion_rates?: Record<string, number>;
      };
      if (body.result === "error") {
        const kind = errorKinds[body["error-type"] ?? ""];
        if (kind) throw new KnownProviderError("exchangerate-api", kind);
        throw new Error(`exchangerate-api: ${body["error-type"] ?? "unknown error"}`);
      }
      const rates = pickRates(body.conversion_rates, symbols);
      if (!rates) throw new KnownProviderError("exchangerate-api", "noResults");
      return rates;
    },
  };
}

/** Fixer-style API (fixer.io, exchangeratesapi.io): GET {url}/latest?access_key=&base=&symbols=. */
export function fixerProvider(baseUrl: string, apiKey: string): RateProvider {
  const errorKinds: Record<string, KnownProviderErrorKind> = {
    "101": "invalidApiKey",
    invalid_access_key: "invalidApiKey",
    missing_access_key: "invalidApiKey",
    "105": "paidPlanRequired",
    base_currency_access_restricted: "paidPlanRequired",
    function_access_restricted: "paidPlanRequired",
    "201": "invalidBaseCurrency",
    invalid_base_currency: "invalidBaseCurrency",
    "202": "currencyNotFound",
    invalid_currency_codes: "currencyNotFound",
    "106": "noResults",
    no_rates_available: "noResults",
    "103": "malformedQuery",
    invalid_api_function: "malformedQuery",
  };
  return {
    name: "fixer",
    async fetchRates(base, symbols, signal) {
      const url = new URL(`${baseUrl.replace(/\/$/, "")}/latest`);
      url.searchParams.set("access_key", apiKey);
      url.searchParams.set("base", base);
      url.searchParams.set("symbols", symbols.join(","));
      const body = (await getJson(url.toString(), signal)) as {
        success?: boolean;
        error?: { code?: number | string; type?: string };
        rates?: Record<string, number>;
      };
      if (body.success === false) {
        const kind = errorKinds[body.error?.type ?? ""] ?? errorKinds[String(body.error?.code ?? "")];
        if (kind) throw new KnownProviderError("fixer", kind);
        throw new Error(`fixer: ${body.error?.type ?? body.error?.code ?? "unknown error"}`);
      }
      const rates = pickRates(body.rates, symbols);
      if (!rates) throw new KnownProviderError("fixer", "noResults");
      return rates;
    },
  };
}

function pickRates(
  source: Record<string, number> | undefined,
  symbols: readonly Currency[],
): Partial<RatesTable> | null {
  if (!source) return null;
  const picked: Partial<RatesTable> = {};
  for (const symbol of symbols) {
    const rate = source[symbol];
    if (typeof rate === "number" && Number.isFinite(rate) && rate > 0) picked[symbol] = rate;
  }
  return Object.keys(picked).length > 0 ? picked : null;
}

export interface RateServiceOptions {
  providers: RateProvider[];
  cache: { enabled: boolean; ttlSeconds: number };
  timeoutMs: number;
  /** How long a provider that failed is skipped. */
  cooldownMs: number;
  now?: () => number;
  /** The signal that ends one provider call after `timeoutMs` (tests end it themselves, never by the clock). */
  timeoutSignal?: (ms: number) => AbortSignal;
  log?: (message: string) => void;
}

export class ExchangeRateService {
  private cached: { value: Rates; expiresAt: number } | null = null;
  private inFlight: Promise<Rates> | null = null;
  private readonly skippedUntil = new Map<string, number>();
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly options: RateServiceOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(`[rates] ${message}`));
  }

  /**
   * Asks the providers in order. Known errors fall through to the next provider; any other failure is raised.
   * Returns null when no provider is configured or every one is cooling down or answered with a known error.
   */
  async fetchFromProviders(): Promise<Rates | null> {
    const symbols = DISPLAY_CURRENCIES.filter((currency) => currency !== BASE_CURRENCY);
    for (const provider of this.options.providers) {
      if ((this.skippedUntil.get(provider.name) ?? 0) > this.now()) continue;
      try {
        const signal = (this.options.timeoutSignal ?? AbortSignal.timeout)(this.options.timeoutMs);
        const fetched = await provider.fetchRates(BASE_CURRENCY, symbols, signal);
        if (symbols.some((symbol) => fetched[symbol] === undefined))
          throw new KnownProviderError(provider.name, "currencyNotFound");
        this.skippedUntil.delete(provider.name);
        return {
          rates: { ...BUILT_IN_RATES.rates, ...fetched, [BASE_CURRENCY]: 1 },
          source: provider.name,
          asOf: null,
        };
      } catch (error) {
        this.skippedUntil.set(provider.name, this.now() + this.options.cooldownMs);
        if (error instanceof KnownProviderError) {
          this.log(`${error.message}; trying the next provider`);
          continue;
        }
        throw error;
      }
    }
    return null;
  }

  /** Rates for display: cache, then providers, then the built-in table. Never throws. */
  async getRates(): Promise<Rates> {
    if (this.options.cache.enabled && this.cached && this.cached.expiresAt > this.now()) return this.cached.value;
    // Concurrent requests share one provider call.
    this.inFlight ??= this.lookUp().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async lookUp(): Promise<Rates> {
    let rates: Rates | null = null;
    try {
      rates = await this.fetchFromProviders();
    } catch (error) {
      this.log(`provider failure, using the built-in table: ${error instanceof Error ? error.message : String(error)}`);
    }
    const value = rates ?? BUILT_IN_RATES;
    if (this.options.cache.enabled && rates) {
      this.cached = { value, expiresAt: this.now() + this.options.cache.ttlSeconds * 1000 };
    }
    return value;
  }
}

let service: ExchangeRateService | undefined;

/** The process's rate service, configured from the environment. */
export async function getRateService(): Promise<ExchangeRateService> {
  if (!service) {
    const { getEnv } = await import("./env.server");
    const env = getEnv();
    const providers = env.EXCHANGE_RATE_PROVIDERS.map((name) =>
      name === "fixer"
        ? fixerProvider(env.FIXER_API_URL, env.FIXER_API_KEY)
        : exchangeRateApiProvider(env.EXCHANGERATE_API_URL, env.EXCHANGERATE_API_KEY),
    );
    service = new ExchangeRateService({
      providers,
      cache: { enabled: env.EXCHANGE_RATE_CACHE, ttlSeconds: env.EXCHANGE_RATE_CACHE_TTL },
      timeoutMs: env.EXCHANGE_RATE_TIMEOUT_MS,
      cooldownMs: env.EXCHANGE_RATE_COOLDOWN_SECONDS * 1000,
    });
  }
  return service;
}
