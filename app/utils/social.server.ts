/**
 * Social sign-in (Google, Facebook, Apple) through OpenID Connect: the authorization-code flow with PKCE, a state
 * and a nonce bound to this browser by a short-lived signed cookie, and the ID token checked by openid-client
 * (signature from the provider's keys, issuer, audience, expiry, nonce). A provider is offered only when it is
 * configured; its discovery document is fetched on first use, so an offline machine starts fine.
 */
import { createCookie, type Cookie } from "@remix-run/node";
import { importPKCS8, SignJWT } from "jose";
import * as oidc from "openid-client";
import { SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/enums";
import { cookiesAreSecure, getEnv, type Env } from "./env.server";
import { describeError } from "./errors.server";

interface ProviderSettings {
  clientId: string;
  /** Apple's secret is a short-lived JWT signed with the team's key; the others are static. */
  clientSecret: () => Promise<string>;
  scope: string;
  /** OpenID Connect: endpoints from the issuer's discovery document, identity from the verified ID token. */
  issuer?: string;
  /**
   * Plain OAuth 2.0 (Facebook: its discovery document has no token endpoint and its ID tokens no verified flag):
   * fixed endpoints, identity from the profile API with the access token.
   */
  oauth?: { authorizationUrl: string; tokenUrl: string; profileUrl: string };
  /** Apple returns to the site with a cross-site form post when e-mail and name are asked for. */
  responseMode?: "form_post";
}

function providerSettings(provider: SocialProvider, env: Env = getEnv()): ProviderSettings | null {
  switch (provider) {
    case "google":
      return env.GOOGLE_CLIENT_ID
        ? {
            issuer: env.GOOGLE_ISSUER,
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: async () => env.GOOGLE_CLIENT_SECRET,
            scope: "openid email profile",
          }
        : null;
    case "facebook":
      return env.FACEBOOK_CLIENT_ID
        ? {
            clientId: env.FACEBOOK_CLIENT_ID,
            clientSecret: async () => env.FACEBOOK_CLIENT_SECRET,
            scope: env.FACEBOOK_SCOPE,
            oauth: {
              authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL,
              tokenUrl: env.FACEBOOK_TOKEN_URL,
              profileUrl: env.FACEBOOK_PROFILE_URL,
            },
          }
        : null;
    case "apple":
      return env.APPLE_CLIENT_ID
        ? {
            issuer: env.APPLE_ISSUER,
            clientId: env.APPLE_CLIENT_ID,
            clientSecret: () => appleClientSecret(env),
            scope: "openid email name",
            responseMode: "form_post",
          }
        : null;
  }
}

/** The providers this deployment offers, in the spec's order. */
export function configuredSocialProviders(): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => providerSettings(provider) !== null);
}

/** The configured providers' origins: their sign-in pages, which the content security policy must let forms reach. */
export function socialProviderOrigins(env: Env = getEnv()): string[] {
  return SOCIAL_PROVIDERS.flatMap((provider) => {
    const settings = providerSettings(provider, env);
    return settings ? [new URL(settings.oauth?.authorizationUrl ?? settings.issuer!).origin] : [];
  });
}

export const isSocialProvider = (value: unknown): value is SocialProvider =>
  SOCIAL_PROVIDERS.includes(value as SocialProvider);

let appleSecret: { value: string; expiresAt: number } | undefined;

/** Apple's client secret: an ES256 JWT from the team's private key, valid one hour and reused meanwhile. */
export async function appleClientSecret(env: Env): Promise<string> {
  if (env.APPLE_CLIENT_SECRET) return env.APPLE_CLIENT_SECRET;
  const now = Math.floor(Date.now() / 1000);
  if (appleSecret && appleSecret.expiresAt - 60 > now) return appleSecret.value;
  const key = await importPKCS8(env.APPLE_PRIVATE_KEY.replace(/\\n/g, "\n"), "ES256");
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: env.APPLE_KEY_ID })
    .setIssuer(env.APPLE_TEAM_ID)
    .setSubject(env.APPLE_CLIENT_ID)
    .setAudience("https://appleid.apple.com")
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
  appleSecret = { value, expiresAt: now + 3600 };
  return value;
}

const isLoopback = (url: URL) => url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

const configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

/** The provider's configuration (discovered once per process for OpenID Connect; a failure is retried next time). */
function providerConfiguration(provider: SocialProvider, settings: ProviderSettings): Promise<oidc.Configuration> {
  let configuration = configurations.get(provider);
  if (!configuration) {
    // The secret is asked for at every token request: Apple's expires after an hour.
    const clientAuth: oidc.ClientAuth = async (_server, _client, body) => {
      body.set("client_id", settings.clientId);
      body.set("client_secret", await settings.clientSecret());
    };
    if (settings.oauth) {
      const { authorizationUrl, tokenUrl } = settings.oauth;
      const server = {
        issuer: new URL(authorizationUrl).origin,
        authorization_endpoint: authorizationUrl,
        token_endpoint: tokenUrl,
      };
      const configured = new oidc.Configuration(server, settings.clientId, {}, clientAuth);
      if (isLoopback(new URL(tokenUrl))) oidc.allowInsecureRequests(configured);
      configuration = Promise.resolve(configured);
    } else {
      const issuer = new URL(settings.issuer!);
      configuration = oidc.discovery(issuer, settings.clientId, {}, clientAuth, {
        // Plain http only for a provider on this machine (the tests' local OpenID provider).
        execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: 5,
      });
    }
    configuration.catch(() => configurations.delete(provider));
    configurations.set(provider, configuration);
  }
  return configuration;
}

/** The browser's half of the flow: what the callback must match, signed, for ten minutes. */
interface PendingSignIn {
  provider: SocialProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectTo: string;
}

let attemptCookie: Cookie | undefined;

/** The attempt's cookie, made once per process (its settings come from the configuration). */
function pendingCookie(): Cookie {
  if (!attemptCookie) {
    const secure = cookiesAreSecure();
    attemptCookie = createCookie("__social", {
      path: "/auth",
      httpOnly: true,
      // Apple's answer is a cross-site POST: only SameSite=None (which needs Secure) lets the cookie ride along.
      sameSite: secure ? "none" : "lax",
      secure,
      maxAge: 600,
      secrets: [getEnv().SESSION_SECRET],
    });
  }
  return attemptCookie;
}

/** Where to send the browser to sign in with `provider`, and the cookie that remembers the attempt. */
export async function startSocialSignIn(
  provider: SocialProvider,
  origin: string,
  redirectTo: string,
): Promise<{ url: string; cookie: string }> {
  const settings = providerSettings(provider);
  if (!settings) throw new Error(`social sign-in with ${provider} is not configured`);
  const configuration = await providerConfiguration(provider, settings);
  const pending: PendingSignIn = {
    provider,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirectTo,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(origin, provider),
    scope: settings.scope,
    state: pending.state,
    ...(settings.oauth ? {} : { nonce: pending.nonce }),
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
    ...(settings.responseMode ? { response_mode: settings.responseMode } : {}),
  });
  return { url: url.href, cookie: await pendingCookie().serialize(pending) };
}

export const callbackUrl = (origin: string, provider: SocialProvider) => `${origin}/auth/${provider}/callback`;

/** Who the provider says signed in. */
export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export type SocialSignInResult =
  { ok: true; identity: SocialIdentity; redirectTo: string } | { ok: false; error: "errors.socialSignInFailed" };

/** A cookie that forgets the attempt (sent with every callback answer). */
export const clearPendingSignIn = () => pendingCookie().serialize("", { maxAge: 0 });

/**
 * The provider's answer (a GET with the code, or Apple's POST): checks it against this browser's pending attempt,
 * exchanges the code and validates the ID token. Anything unexpected — a forged state, a replayed code, a
 * token for another client — ends as one failure message.
 */
export async function finishSocialSignIn(
  provider: SocialProvider,
  request: Request,
  origin: string,
): Promise<SocialSignInResult> {
  const settings = providerSettings(provider);
  const pending = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingSignIn | null;
  if (!settings || !pending || pending.provider !== provider) return { ok: false, error: "errors.socialSignInFailed" };

  const parameters = new URL(request.url).searchParams;
  let appleUser: string | null = null;
  if (request.method === "POST") {
    const form = await request.formData().catch(() => null);
    if (!form) return { ok: false, error: "errors.socialSignInFailed" };
    for (const name of ["code", "state", "error", "iss"]) {
      const value = form.get(name);
      if (typeof value === "string") parameters.set(name, value);
    }
    appleUser = typeof form.get("user") === "string" ? (form.get("user") as string) : null;
  }
  const answer = new URL(callbackUrl(origin, provider));
  for (const [name, value] of parameters) answer.searchParams.set(name, value);

  try {
    const configuration = await providerConfiguration(provider, settings);
    const tokens = await oidc.authorizationCodeGrant(configuration, answer, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      ...(settings.oauth ? {} : { expectedNonce: pending.nonce }),
      idTokenExpected: !settings.oauth,
    });
    const claims = settings.oauth
      ? await fetchProfile(configuration, tokens.access_token, settings.oauth.profileUrl)
      : tokens.claims();
    const subject = claims?.sub ?? claims?.id;
    if (typeof subject !== "string" || !subject) return { ok: false, error: "errors.socialSignInFailed" };
    const email = typeof claims!.email === "string" ? claims!.email.trim() : null;
    return {
      ok: true,
      redirectTo: pending.redirectTo,
      identity: {
        provider,
        subject,
        email,
        emailVerified: emailIsVerified(claims!, Boolean(settings.oauth)),
        name: (typeof claims!.name === "string" && claims!.name.trim()) || appleName(appleUser),
      },
    };
  } catch (error) {
    console.warn(`[social] ${provider} sign-in refused: ${describeError(error)}`);
    return { ok: false, error: "errors.socialSignInFailed" };
  }
}

/** The profile behind an OAuth 2.0 access token (Facebook's Graph API `me`, asked for id, name and e-mail). */
async function fetchProfile(
  configuration: oidc.Configuration,
  accessToken: string,
  profileUrl: string,
): Promise<Record<string, unknown> | null> {
  const response = await oidc.fetchProtectedResource(configuration, accessToken, new URL(profileUrl), "GET");
  if (!response.ok) return null;
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Whether the provider vouches for the address. OpenID Connect says so in `email_verified` (Apple as the string
 * "true"). Facebook's profile API has no such flag: it returns an address only once its owner confirmed it, so an
 * address there counts as verified unless a flag says otherwise (decision 007).
 */
function emailIsVerified(claims: Record<string, unknown>, profileApi: boolean): boolean {
  if (claims.email_verified === true || claims.email_verified === "true") return true;
  if (claims.email_verified === undefined && profileApi) return typeof claims.email === "string";
  return false;
}

/** Apple sends the name once, as JSON in the first form post, never in the ID token. */
function appleName(user: string | null): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
    const name = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(" ").trim();
    return name || null;
  } catch {
    return null;
  }
}
