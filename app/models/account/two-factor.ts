/**
 * The pure rules of two-factor sign-in (decision 043): how a typed code is read, and recovery codes' shape.
 */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits nobody misreads (no 0/o, 1/l/i), lower case: 10 of them carry ~50 bits. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** What was typed: an app's six digits (spaces and dashes as apps print them allowed), or a recovery code. */
export type TypedCode = { kind: "app"; digits: string } | { kind: "recovery"; code: string } | null;

export function readTypedCode(typed: string): TypedCode {
  const compact = typed.trim().toLowerCase().replace(/[\s-]/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "app", digits: compact };
  if (compact.length === 10 && [...compact].every((letter) => RECOVERY_ALPHABET.includes(letter)))
    return { kind: "recovery", code: compact };
  return null;
}

/**
 * A fresh set of recovery codes, as shown to their owner ("abcde-fghjk"); stored only as keyed hashes. `randomBelow`
 * is the server's cryptographic random integer (`crypto.randomInt`).
 */
export function newRecoveryCodes(randomBelow: (bound: number) => number): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomBelow(RECOVERY_ALPHABET.length)]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** The key as an app's manual entry shows it: groups of four, for a person to type. */
export const groupedKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, "$1 ");
