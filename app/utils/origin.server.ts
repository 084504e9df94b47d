import { getEnv } from "./env.server";

/** The site's public origin for links in e-mails: APP_URL when configured, else the request's own. */
export function publicOrigin(request: Request): string {
  return getEnv().APP_URL ? new URL(getEnv().APP_URL!).origin : new URL(request.url).origin;
}
