import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism, totalmem } from "node:os";
import { getEnv } from "./env.server";
import { PASSWORD_CHECKS_BUSY } from "./errors.server";
import { SlotQueue } from "./slot-queue.server";

/**
 * Memory-hard password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
 */
const DEFAULT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * Hashes computed at once, and how many may wait: by default one per core but one (the rest serve pages; scrypt also
 * runs on libuv's four threads, which compression and file reads share) and no more than a quarter of the memory
 * holds, with eight waiting per slot (a few seconds). A flood of sign-ins is refused "busy" past that, in
 * milliseconds, instead of queueing for half a minute and starving checkouts of CPU.
 */
export function passwordHashLimits(
  setting: { atOnce: number; waiting: number },
  machine = { cores: availableParallelism(), memoryBytes: totalmem() },
) {
  const byMemory = Math.floor(machine.memoryBytes / 4 / (128 * 1024 * 1024));
  const atOnce = setting.atOnce || Math.max(1, Math.min(machine.cores - 1, byMemory, 3));
  return { atOnce, waiting: setting.waiting || atOnce * 8 };
}

/** How long a check waits its turn at most (a waiting list of eight per slot is through in a few seconds). */
const HASH_WAIT_MS = 15_000;

declare global {
  var __rentacarPasswordHashes: SlotQueue | undefined;
}
function hashSlots(): SlotQueue {
  if (!globalThis.__rentacarPasswordHashes) {
    const env = getEnv();
    const limits = passwordHashLimits({ atOnce: env.PASSWORD_HASHES_AT_ONCE, waiting: env.PASSWORD_HASHES_WAITING });
    globalThis.__rentacarPasswordHashes = new SlotQueue(limits.atOnce, {
      timedOut: PASSWORD_CHECKS_BUSY,
      full: PASSWORD_CHECKS_BUSY,
      maxWaiting: limits.waiting,
    });
  }
  return globalThis.__rentacarPasswordHashes;
}

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return hashSlots().run(
    HASH_WAIT_MS,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string, params: { N: number; r: number; p: number } = DEFAULT_PARAMS) {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
