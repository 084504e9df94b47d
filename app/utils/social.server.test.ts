import { exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { appleClientSecret, configuredSocialProviders, socialProviderOrigins } from "./social.server";

describe("social sign-in configuration", () => {
  it("offers only configured providers and lets forms reach their sign-in pages", () => {
    const env = parseEnv({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      APPLE_CLIENT_ID: "com.example.web",
      APPLE_CLIENT_SECRET: "jwt",
    });
    expect(socialProviderOrigins(env)).toEqual(["https://accounts.google.com", "https://appleid.apple.com"]);
    const withFacebook = parseEnv({ FACEBOOK_CLIENT_ID: "id", FACEBOOK_CLIENT_SECRET: "secret" });
    expect(socialProviderOrigins(withFacebook)).toEqual(["https://www.facebook.com"]);
    expect(configuredSocialProviders()).toEqual([]);
  });

  it("refuses a half-configured provider at start", () => {
    expect(() => parseEnv({ FACEBOOK_CLIENT_ID: "id" })).toThrow(/FACEBOOK_CLIENT_SECRET: is required/);
    expect(() => parseEnv({ APPLE_CLIENT_ID: "com.example.web", APPLE_TEAM_ID: "TEAM" })).toThrow(
      /APPLE_CLIENT_SECRET/,
    );
  });

  it("signs Apple's client secret with the team's key (ES256, one hour)", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const pem = (await exportPKCS8(privateKey)).replace(/\n/g, "\\n");
    const env = parseEnv({
      APPLE_CLIENT_ID: "com.example.web",
      APPLE_TEAM_ID: "TEAM123",
      APPLE_KEY_ID: "KEY456",
      APPLE_PRIVATE_KEY: pem,
    });
    const secret = await appleClientSecret(env);
    const { payload, protectedHeader } = await jwtVerify(secret, publicKey, {
      audience: "https://appleid.apple.com",
      issuer: "TEAM123",
      subject: "com.example.web",
    });
    expect(protectedHeader).toMatchObject({ alg: "ES256", kid: "KEY456" });
    expect(payload.exp! - payload.iat!).toBe(3600);
    // Reused while it is valid.
    expect(await appleClientSecret(env)).toBe(secret);
  });
});
