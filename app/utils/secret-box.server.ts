/**
 * Secrets the app must read back but a copy of the database alone must not reveal (authenticator keys, decision 043):
 * AES-256-GCM under a key derived from TWO_FACTOR_KEY, or from the session secret when none is set, so `npm start`
 * works with nothing configured. Changing that key makes the stored secrets unreadable: their owners enrol again.
 * `keyedHash` is the same key's HMAC, for values only ever compared (recovery codes).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "./env.server";

const VERSION = "v1";

function derivedKey(purpose: string): Buffer {
  const { TWO_FACTOR_KEY, SESSION_SECRET } = getEnv();
  return Buffer.from(hkdfSync("sha256", TWO_FACTOR_KEY ?? SESSION_SECRET, "rental-storefront", purpose, 32));
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("secret-box"), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    sealed.toString("base64url"),
  ].join(".");
}

/** The plain secret, or null when it was sealed under another key or altered. */
export function openSecret(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", derivedKey("secret-box"), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function keyedHash(value: string): string {
  return createHmac("sha256", derivedKey("keyed-hash")).update(value).digest("base64url");
}
