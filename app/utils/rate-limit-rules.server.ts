/**
 * Every rate limit the storefront applies, in one table (decision 005 explains the store and why each exists).
 * Names are the counters' keys: renaming one starts its counts afresh.
 */
import { getEnv } from "./env.server";
import type { RateLimitRule } from "./rate-limit.server";

const HOUR = 3600;
const QUARTER_HOUR = 15 * 60;

export const RATE_LIMITS = {
  /** Sign-in attempts from one address; counted before the password is checked, a success is forgiven. */
  signInPerIp: { name: "sign-in:ip", limit: 100, windowSeconds: QUARTER_HOUR },
  /** Failed sign-ins on one account, whatever the address (password guessing spread over many IPs). */
  signInFailuresPerAccount: { name: "sign-in:account-failures", limit: 8, windowSeconds: QUARTER_HOUR },
  /** New accounts from one address (configurable: a campus or an office shares one address). */
  get signUpPerIp(): RateLimitRule {
    return { name: "sign-up:ip", limit: getEnv().SIGN_UPS_PER_HOUR, windowSeconds: HOUR };
  },
  /** Attempts to register one address (each one mails it, or probes whether it is taken). */
  signUpPerAddress: { name: "sign-up:address", limit: 5, windowSeconds: HOUR },
  /** The current-password check answers "right or wrong": a signed-in browser must not be a guessing tool. */
  changePasswordPerAccount: { name: "change-password:account", limit: 10, windowSeconds: QUARTER_HOUR },
  /** Reset links asked for from one address, and for one account (each one sends an e-mail). */
  forgotPasswordPerIp: { name: "forgot-password:ip", limit: 20, windowSeconds: HOUR },
  forgotPasswordPerAccount: { name: "forgot-password:account", limit: 5, windowSeconds: HOUR },
  /** Validation e-mails sent again, from one address and to one account. */
  resendValidationPerIp: { name: "resend-validation:ip", limit: 20, windowSeconds: HOUR },
  resendValidationPerAccount: { name: "resend-validation:account", limit: 5, windowSeconds: HOUR },
  /** Activation e-mails (accounts created by an administrator) sent again. */
  resendActivationPerIp: { name: "resend-activation:ip", limit: 20, windowSeconds: HOUR },
  resendActivationPerAccount: { name: "resend-activation:account", limit: 5, windowSeconds: HOUR },
  /** Contact messages from one address and one sender (each one mails the team). */
  contactPerIp: { name: "contact:ip", limit: 5, windowSeconds: HOUR },
  contactPerSender: { name: "contact:sender", limit: 3, windowSeconds: HOUR },
  /** Newsletter sign-ups from one address (each one may mail a confirmation). */
  newsletterPerIp: { name: "newsletter:ip", limit: 5, windowSeconds: HOUR },
  /** Decoding a picture costs up to ~0.6 CPU-second (a 40-megapixel image): an account may send only so many. */
  uploadsPerAccount: { name: "upload:account", limit: 20, windowSeconds: HOUR },
  /** Booking attempts (not quotes) from one address: generous for a family booking several cars, tight for a script. */
  get checkoutPerIp(): RateLimitRule {
    return { name: "checkout:ip", limit: getEnv().CHECKOUT_ATTEMPTS_PER_HOUR, windowSeconds: HOUR };
  },
} satisfies Record<string, RateLimitRule>;
