/**
 * A local OpenID provider for the tests (oidc-provider with its development login pages): it stands in for
 * Google and Apple (OpenID Connect) and Facebook (OAuth 2.0 + a profile endpoint) so social sign-in is tested end
 * to end without the internet. Any login is
 * accepted; the login becomes the subject and the e-mail address, verified unless it starts with "unverified".
 */
import Provider from "oidc-provider";

export const TEST_OIDC_PROVIDERS = ["google", "facebook", "apple"];

/** Starts the provider on 127.0.0.1:`port` with one client per provider calling back to `appOrigin`. */
export async function startTestOidcProvider({ port, appOrigin }) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: TEST_OIDC_PROVIDERS.map((name) => ({
      client_id: `rentacar-${name}`,
      client_secret: `rentacar-${name}-secret`,
      redirect_uris: [`${appOrigin}/auth/${name}/callback`],
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    scopes: ["openid", "email", "profile", "name"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], name: ["name"] },
    // Claims asked for by scope go into the ID token itself, as the real providers do.
    conformIdTokenClaims: false,
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id.includes("@") ? id : `${id}@example.com`,
        email_verified: !id.startsWith("unverified"),
        name: "Olivia Provider",
      }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["rentacar-test-oidc-cookie-key"] },
  });
  provider.proxy = false;
  const server = await new Promise((resolve) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    issuer,
    env: {
      ...Object.fromEntries(
        TEST_OIDC_PROVIDERS.flatMap((name) => {
          const prefix = name.toUpperCase();
          return [
            [`${prefix}_CLIENT_ID`, `rentacar-${name}`],
            [`${prefix}_CLIENT_SECRET`, `rentacar-${name}-secret`],
          ];
        }),
      ),
      GOOGLE_ISSUER: issuer,
      APPLE_ISSUER: issuer,
      // Facebook is plain OAuth 2.0 with a profile API: the provider's own endpoints stand in for Facebook's.
      FACEBOOK_AUTHORIZATION_URL: `${issuer}/auth`,
      FACEBOOK_TOKEN_URL: `${issuer}/token`,
      FACEBOOK_PROFILE_URL: `${issuer}/me`,
      FACEBOOK_SCOPE: "openid email profile",
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
