import { getEnv, type Env } from "./env.server";

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The site's public origin for links in e-mails and sign-in callbacks: APP_URL when configured. Without it, the
 * request's own origin only when it names this machine (a local run); any other Host header could be the
 * sender's invention — a reset link pointing elsewhere — so links then point at http://localhost:PORT.
 */
export function publicOrigin(request: Request, env: Env = getEnv()): string {
  if (env.APP_URL) return new URL(env.APP_URL).origin;
  const own = new URL(request.url);
  return LOOPBACK_HOST.test(own.hostname) ? own.origin : `http://localhost:${env.PORT}`;
}

/** The same origin where no request is at hand (the maintenance jobs' refund notices). */
export function configuredOrigin(env: Env = getEnv()): string {
  return env.APP_URL ? new URL(env.APP_URL).origin : `http://localhost:${env.PORT}`;
}
