/**
 * The production server behind `npm start`: the Remix build behind Express, with compression,
 * long-cached fingerprinted assets, security headers, a CSRF origin check, /healthz, request logs
 * and a graceful shutdown.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { pingDatabase } from "~/utils/db.server";
import { logError } from "~/utils/errors.server";
import { redisHealth } from "~/utils/rate-limit.server";
import { getEnv } from "~/utils/env.server";
import { recaptchaOrigins } from "~/utils/recaptcha.server";
import { socialProviderOrigins } from "~/utils/social.server";
import {
  getGatewaySettings,
  paymentEmbedOrigins,
  paymentFormOrigins,
  requirePaymentGateway,
} from "~/models/payments/gateways/gateway.server";
import { isCrossSiteRequest, SAFE_METHODS, siteOrigins } from "./server/csrf";
import { closeAfterRefusal, refuseBody } from "./server/form-body";
import { redactUrl } from "./server/redact";
import { guardRoutes } from "./server/route-guards";
import { buildAssets } from "./server/static-assets";
import { crossSiteRefusalPage, refusalPage } from "./server/forbidden-page";
import { originOf, securityHeaders } from "./server/security-headers";
import { scheduleMaintenance } from "./server/maintenance";
import { startMailWorker } from "~/utils/mail-outbox.server";
import { startFleetImportWorker } from "~/models/fleet/fleet-import-jobs.server";
import { startOperatorDigestWorker } from "~/models/messages/operator-digests.server";
import { configuredOrigin } from "~/utils/origin.server";
import { workAfterAnswerDone } from "~/utils/after-answer.server";
import { startDatabase } from "./server/start-database";

const startedAt = performance.now();
installGlobals({ nativeFetch: true });

const log = (message: string) => console.log(`[server] ${message}`);

let env: ReturnType<typeof getEnv>;
let paymentSettings: ReturnType<typeof getGatewaySettings>;
try {
  env = getEnv();
  // Each gateway's own variables, and at least one gateway to take payments with.
  paymentSettings = getGatewaySettings();
  requirePaymentGateway(paymentSettings);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const database = await startDatabase(env, log);
if (env.REDIS_URL) log(`rate limits: Redis, keys under ${env.REDIS_PREFIX}`);
const stopMaintenance = scheduleMaintenance(database.db, log);
// Mail queued by requests (in their transactions) is delivered from here, with retries while SMTP is down.
const mailWorker = startMailWorker(database.db, { log });
// Fleet files posted by operators are read and written from here, batch by batch, carried on after a restart.
const fleetImportWorker = startFleetImportWorker(database, { log });
// Operators who chose summaries by mail get theirs from here, at most one a quarter-hour each (issue 51).
const digestWorker = startOperatorDigestWorker(database.db, () => configuredOrigin(env), { log });
// Every loader and action answers 503 while the database is down and 400 for bodies no form could send.
const build = guardRoutes((await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild);

const app = express();
app.disable("x-powered-by");
// Remix reads the query from the request's URL itself: Express's own parse (qs, on every request) is never used.
app.set("query parser", false);
app.set("trust proxy", env.TRUST_PROXY);
// Brotli's default window is 4 MiB: each response's encoder allocated (and the kernel zeroed) megabytes for pages of
// 20-70 KB, and at 16 requests at once a /search page cost 20-30 % more CPU than one at a time (decision 015). A
// 256 KiB window covers every page the app renders, at the same size (quality 4, compression's own default).
app.use(
  compression({
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  }),
);

if (env.LOG_REQUESTS) {
  app.use((req, res, next) => {
    const start = performance.now();
    res.on("finish", () => {
      if (req.path.startsWith("/build/") || req.path === "/healthz") return;
      const ms = (performance.now() - start).toFixed(1);
      console.log(`${req.method} ${redactUrl(req.originalUrl)} ${res.statusCode} ${ms}ms`);
    });
    next();
  });
}

// Fingerprinted by the Remix compiler: precompressed at build, cached forever, with an asset's own headers.
app.use("/build", buildAssets("public/build"));

// Security headers on every other answer, the health check and the other static files included.
const tileOrigins = originOf(env.MAP_TILE_URL);
const formOrigins = [...socialProviderOrigins(env), ...paymentFormOrigins(paymentSettings)];
const embedOrigins = paymentEmbedOrigins(paymentSettings);
const widgetOrigins = recaptchaOrigins(env);
app.use((req: Request, res: Response, next: NextFunction) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.set(
    securityHeaders(nonce, {
      secure: req.secure,
      imageOrigins: tileOrigins,
      formOrigins,
      widgetOrigins,
      payment: embedOrigins,
    }),
  );
  // A page may send a stricter Referrer-Policy of its own (find-my-booking's one-time link: no-referrer). Remix
  // appends a page's headers to these, which would send both: the page's replaces the default instead.
  const append = res.append.bind(res);
  res.append = ((field: string, value?: string | string[]) =>
    field.toLowerCase() === "referrer-policy" && value !== undefined
      ? res.set(field, value)
      : append(field, value)) as typeof res.append;
  next();
});

// Answers within HEALTHCHECK_TIMEOUT_MS whatever the database does: 503 when it does not answer in time. Redis only
// carries rate limits, which fall back to PostgreSQL, so an instance without it is "degraded" but still serves (200).
const withinHealthTimeout = <T>(probe: Promise<T>, late: T) =>
  Promise.race([probe, new Promise<T>((resolve) => setTimeout(resolve, env.HEALTHCHECK_TIMEOUT_MS, late).unref())]);
app.get("/healthz", async (_req, res) => {
  const [databaseState, redis] = await Promise.all([
    withinHealthTimeout(
      pingDatabase(database.db).then(
        () => "ok" as const,
        (error: unknown) => (logError("healthz", error, "database check failed"), "unavailable" as const),
      ),
      "timed out" as const,
    ),
    withinHealthTimeout(redisHealth(), "unavailable" as const),
  ]);
  const status = databaseState !== "ok" ? "unavailable" : redis === "unavailable" ? "degraded" : "ok";
  res
    .status(databaseState === "ok" ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json({ status, database: databaseState === "ok" ? database.engine : databaseState, redis });
});

// Every file in public/ has an extension: a page's path goes straight to the app instead of costing a failed stat.
const publicFiles = express.static("public", { maxAge: "1h", index: false });
app.use((req: Request, res: Response, next: NextFunction) =>
  path.extname(req.path) ? publicFiles(req, res, next) : next(),
);

const isTrustedProxy = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
app.use((req: Request, res: Response, next: NextFunction) => {
  const fromTrustedProxy = isTrustedProxy(req.socket.remoteAddress, 0);
  const allowedOrigins = siteOrigins({
    protocol: req.protocol,
    host: req.get("host"),
    forwardedHost: req.get("x-forwarded-host"),
    fromTrustedProxy,
    appUrl: env.APP_URL,
  });
  const crossSite = isCrossSiteRequest({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    referer: req.get("referer"),
    allowedOrigins,
    path: req.path,
  });
  if (crossSite) {
    // Refused before the app runs: the request body is never read.
    res
      .status(403)
      .type("html")
      .send(crossSiteRefusalPage(req.get("cookie"), req.get("accept-language")));
    return;
  }
  // This check is the one that decides. Remix's own compares Origin with X-Forwarded-Host or Host alone and would
  // throw (a 500) behind a proxy that rewrites Host, so it is given nothing left to judge (decision 013). An
  // untrusted X-Forwarded-Host is dropped too: it must not shape the URL the app sees.
  if (!SAFE_METHODS.has(req.method)) delete req.headers.origin;
  if (!fromTrustedProxy) delete req.headers["x-forwarded-host"];
  next();
});

// Judged by its headers before a byte of the body is read: a form of the wrong type (415), of no declared length
// (411) or over the limit (413) is refused at once and the connection closed, so the rest is never received.
const bodyLimits = { formBytes: env.FORM_MAX_BYTES, uploadBytes: env.UPLOAD_MAX_BYTES };
app.use((req: Request, res: Response, next: NextFunction) => {
  const refusal = refuseBody(
    {
      method: req.method,
      path: req.path,
      contentType: req.get("content-type"),
      contentLength: req.get("content-length"),
      transferEncoding: req.get("transfer-encoding"),
    },
    bodyLimits,
  );
  if (refusal === null) return next();
  res
    .status(refusal)
    .type("html")
    .send(refusalPage(refusal, req.get("cookie"), req.get("accept-language")));
  closeAfterRefusal(req);
});

app.all(
  "*",
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? "unknown",
      requestScope: {},
    }),
  }),
);

const server = app.listen(env.PORT, env.HOST, () => {
  log(`listening on http://${env.HOST}:${env.PORT} (ready in ${Math.round(performance.now() - startedAt)} ms)`);
  if (!env.APP_URL)
    log("APP_URL is not set: links in e-mails lead to this machine only (set APP_URL to the site's public address)");
});
// An idle kept-alive connection is closed by the client or the proxy in front, never by us first: Node's 5 s default
// closes it as a proxy (or a client's pool) may be sending its next request on it, which then fails with a reset.
// Proxies keep idle connections up to 60 s (nginx's upstream keepalive_timeout, AWS's load balancers).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let shuttingDown = false;
async function shutDown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: finishing in-flight requests`);
  const force = setTimeout(() => {
    log("shutdown timed out; closing remaining connections");
    server.closeAllConnections();
  }, env.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  stopMaintenance();
  const workersStopped = Promise.all([mailWorker.stop(), fleetImportWorker.stop(), digestWorker.stop()]);
  server.close(async () => {
    // An import stops between two batches and leaves its claim for the next start.
    await workersStopped;
    // Work started after its request's answer (refunds, find-my-booking's mail) ends before the database goes.
    await workAfterAnswerDone();
    await database.close().catch((error: unknown) => logError("server", error, "closing the database"));
    log("stopped");
    process.exit(0);
  });
  // Connections that go idle while requests finish are closed as they do, not kept for the keep-alive time.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  closeIdle.unref();
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutDown("SIGTERM"));
process.on("SIGINT", () => void shutDown("SIGINT"));
