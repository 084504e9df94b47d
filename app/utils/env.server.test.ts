import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GATEWAY_CONFIGURATION_VARIABLES, parseGatewaySettings } from "~/models/payments/gateways/gateway.server";
import { CONFIGURATION_VARIABLES, DEVELOPMENT_SESSION_SECRET, parseEnv, withSessionSecret } from "./env.server";

const dir = mkdtempSync(path.join(tmpdir(), "rentacar-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configuration", () => {
  it("names every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "99999", DATABASE_URL: "mysql://x", SEARCH_PAGINATION: "endless" })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SEARCH_PAGINATION/,
    );
  });

  it("makes and keeps a private random session secret for an embedded-database production start", () => {
    const file = path.join(dir, "nested", "session-secret");
    const env = withSessionSecret(parseEnv({ NODE_ENV: "production", SESSION_SECRET_FILE: file }));
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The next start reads the same one back: sessions survive restarts.
    expect(withSessionSecret(parseEnv({ NODE_ENV: "production", SESSION_SECRET_FILE: file })).SESSION_SECRET).toBe(
      env.SESSION_SECRET,
    );
    expect(readFileSync(file, "utf8").trim()).toBe(env.SESSION_SECRET);
  });

  it("uses a configured secret as given and leaves development alone", () => {
    const given = "a-configured-secret-of-at-least-32-characters";
    expect(withSessionSecret(parseEnv({ NODE_ENV: "production", SESSION_SECRET: given })).SESSION_SECRET).toBe(given);
    expect(withSessionSecret(parseEnv({ SESSION_SECRET_FILE: path.join(dir, "unused") })).SESSION_SECRET).toBe(
      DEVELOPMENT_SESSION_SECRET,
    );
  });

  it("refuses a short secret file, and PostgreSQL instances without a shared secret", () => {
    const file = path.join(dir, "short");
    writeFileSync(file, "too-short");
    expect(() => withSessionSecret(parseEnv({ NODE_ENV: "production", SESSION_SECRET_FILE: file }))).toThrow(
      /at least 32 characters/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/rent" })).toThrow(
      /SESSION_SECRET: must be set/,
    );
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/rent", SESSION_SECRET: "x".repeat(32) }),
    ).toThrow(/APP_URL: must be set/);
    expect(
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/rent",
        SESSION_SECRET: "x".repeat(32),
        APP_URL: "https://rent.example",
      }).APP_URL,
    ).toBe("https://rent.example");
  });

  it("trusts X-Forwarded-For only as far as the proxies configured, never its left-most (client-written) entry", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8"]);
    expect(parseEnv({ TRUST_PROXY: "2001:db8::/32" }).TRUST_PROXY).toEqual(["2001:db8::/32"]);
    for (const bad of ["everyone", "fe", "10.0.0.1/33", "10.0.0.0/8/1", "256.1.1.1", "::1/129", ","]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("the documented configuration", () => {
  const example = readFileSync(".env.example", "utf8");
  const readme = readFileSync("README.md", "utf8");
  const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

  // The server's own variables and each payment gateway's (its definition holds them).
  const variables: string[] = [...CONFIGURATION_VARIABLES, ...GATEWAY_CONFIGURATION_VARIABLES];

  it("lists every variable the server reads in .env.example and in the README, and nothing else", () => {
    expect(GATEWAY_CONFIGURATION_VARIABLES).toContain("STRIPE_SECRET_KEY");
    expect(variables.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !variables.includes(name!))).toEqual([]);
    expect(variables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it("gives in .env.example values that pass validation", () => {
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]!.replace(/\\n/g, "\n")]),
    );
    expect(() => parseGatewaySettings(values, parseEnv(values))).not.toThrow();
  });
});
