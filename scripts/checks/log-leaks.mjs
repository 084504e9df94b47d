/**
 * What must never appear in the server's log (decision 013): one-time tokens and signatures, password hashes, a
 * failed query's parameter values, e-mail addresses, phone numbers and birth dates, and payment secrets.
 */
export const LEAKS = [
  {
    what: "a token, signature or address in a query string",
    pattern: /[?&](token|signature|code|state|email|payerid|unsubscribe)=(?!%5Bredacted%5D|\[redacted\])[^&\s]+/i,
  },
  { what: "a password hash", pattern: /scrypt\$\d+\$/ },
  { what: "a failed query's parameter values", pattern: /^params: /m },
  { what: "an e-mail address", pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/ },
  { what: "a phone number", pattern: /\+\d{2,3}[ \d]{7,}\d/ },
  { what: "a birth date", pattern: /\b(19\d\d|200\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b/ },
  { what: "a payment secret", pattern: /\b(sk|rk)_(test|live)_[A-Za-z0-9]+|whsec_[A-Za-z0-9]+/ },
];

/** Each offending line with what it leaks (at most `limit`). */
export function findLeaks(text, limit = 20) {
  const found = [];
  for (const [index, line] of text.split("\n").entries()) {
    for (const leak of LEAKS) {
      if (leak.pattern.test(line)) found.push({ line: index + 1, what: leak.what, text: line.slice(0, 300) });
    }
    if (found.length >= limit) break;
  }
  return found;
}
