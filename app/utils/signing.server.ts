/**
 * Values the server hands a browser and must get back unchanged, and keyed hashes of values it must not keep in
 * clear: both keyed by SESSION_SECRET (rotating it voids what was signed and starts hashed counters afresh).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "./env.server";

const mac = (text: string) => createHmac("sha256", getEnv().SESSION_SECRET).update(text).digest("base64url");

/** A keyed hash of `text`, 32 characters: the same text gives the same hash, and no list of guesses finds it. */
export const keyedHash = (text: string) => mac(`hash:${text}`).slice(0, 32);

/** `value` with its signature, to be read back by `readSignedValue`. */
export function signValue(purpose: string, value: string): string {
  return `${Buffer.from(value, "utf8").toString("base64url")}.${mac(`${purpose}:${value}`)}`;
}

/** The value `signValue` signed for `purpose`, or null when the text is anything else. */
export function readSignedValue(purpose: string, signed: unknown): string | null {
  if (typeof signed !== "string" || signed.length > 2048) return null;
  const [encoded, signature, ...rest] = signed.split(".");
  if (!encoded || !signature || rest.length) return null;
  const value = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(mac(`${purpose}:${value}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
