// Passwords hashed at a test's cost in a server the browser tests start, as the server tests do
// (tests/support/cheap-password-hashing.ts): scrypt at the product's cost (N=2^17, 128 MiB) took 0.9 s of CPU per
// sign-up, sign-in, password change and seeded account on a 2-core machine, one at a time (password.server.ts allows
// a hash per core but one), and the flows make hundreds of them. Every scrypt call of the process runs at N=2^10
// instead, hashing and checking alike, so what it stores it accepts; nothing leaves the run's own database. The
// product's cost is checked where it is the subject (app/utils/password.server.test.ts), and `npm start` as a
// newcomer runs it (tests/e2e/quick-start.spec.ts). Imported first (`node --import`, or before the build), since
// Node's named exports of a built-in module follow the module object only once `syncBuiltinESMExports` is called.
import crypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";

const { scrypt } = crypto;
crypto.scrypt = (password, salt, length, options, callback) =>
  typeof options === "function"
    ? scrypt(password, salt, length, options)
    : scrypt(password, salt, length, { ...options, N: Math.min(options.N ?? 2 ** 14, 2 ** 10) }, callback);
syncBuiltinESMExports();
