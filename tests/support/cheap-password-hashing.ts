/**
 * Server tests hash passwords at a cheap cost (scrypt N=2^10, 1 MiB, where the product uses 2^17 and 128 MiB):
 * where the hash is not the subject, its real cost made sign-up and sign-in tests take seconds on a busy machine.
 * `app/utils/password.server.test.ts` unmocks it to check the real cost; stored hashes name their cost, so
 * verifying is unchanged.
 */
import { vi } from "vitest";
import type * as passwords from "~/utils/password.server";

vi.mock("~/utils/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  const cheap = { N: 2 ** 10, r: 8, p: 1 };
  return { ...actual, hashPassword: (password: string, params = cheap) => actual.hashPassword(password, params) };
});
