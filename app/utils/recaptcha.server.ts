/**
 * Optional reCAPTCHA v2 on sign-up and contact (spec §9: off by default, skipped on Safari). On when both keys
 * are set; the answer is verified on the server with a short time-out. Without JavaScript the widget's
 * documented no-script fallback (an iframe and a text area) stands in, so the forms still work.
 */
import { getEnv, type Env } from "./env.server";
import { describeError } from "./errors.server";

/** Safari proper (not the Chromium, Firefox or Edge browsers that mention Safari in their user agent). */
export function isSafari(userAgent: string | null): boolean {
  if (!userAgent) return false;
  return (
    /Safari\//.test(userAgent) &&
    /Version\//.test(userAgent) &&
    !/(Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg|OPR|Android)\//.test(userAgent)
  );
}

const enabled = (env: Env) => Boolean(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY);

/** The site key when this request must show the challenge, else null. */
export function recaptchaSiteKey(request: Request, env: Env = getEnv()): string | null {
  return enabled(env) && !isSafari(request.headers.get("User-Agent")) ? env.RECAPTCHA_SITE_KEY : null;
}

/** The origins the widget loads from, for the content security policy (none when it is off). */
export const recaptchaOrigins = (env: Env = getEnv()) =>
  enabled(env) ? ["https://www.google.com", "https://www.gstatic.com", "https://recaptcha.google.com"] : [];

/** How long a form waits for the provider's answer before counting the check as failed. */
const VERIFY_TIMEOUT_MS = 3000;

/**
 * Whether the form may go on: true when no challenge was required of this request, else whether the provider
 * confirms the answer. A provider that cannot be reached counts as a failed check (never as a pass).
 */
export async function passesRecaptcha(
  request: Request,
  formData: FormData,
  clientIp: string,
  env: Env = getEnv(),
  timeoutMs = VERIFY_TIMEOUT_MS,
): Promise<boolean> {
  if (!recaptchaSiteKey(request, env)) return true;
  const answer = formData.get("g-recaptcha-response");
  if (typeof answer !== "string" || !answer || answer.length > 4000) return false;
  try {
    const response = await fetch(env.RECAPTCHA_VERIFY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: env.RECAPTCHA_SECRET_KEY, response: answer, remoteip: clientIp }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch (error) {
    console.warn(`[recaptcha] verification failed: ${describeError(error)}`);
    return false;
  }
}
