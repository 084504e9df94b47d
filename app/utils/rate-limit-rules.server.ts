/**
 * Every rate limit the storefront applies, in one table (decision 005 explains the store and why each exists).
 * Names are the counters' keys: renaming one starts its counts afresh.
 */
import { getEnv } from "./env.server";
import type { RateLimitRule } from "./rate-limit.server";

const HOUR = 3600;
const QUARTER_HOUR = 15 * 60;
const perHour = (name: string, limit: number): RateLimitRule => ({ name, limit, windowSeconds: HOUR });

export const RATE_LIMITS = {
  /** Sign-in attempts from one address; counted before the password is checked, a success is forgiven. */
  signInPerIp: { name: "sign-in:ip", limit: 100, windowSeconds: QUARTER_HOUR },
  /** Failed sign-ins on one account, whatever the address (password guessing spread over many IPs). */
  signInFailuresPerAccount: { name: "sign-in:account-failures", limit: 8, windowSeconds: QUARTER_HOUR },
  /**
   * Second-factor codes typed for one account (sign-in, turning it off, new recovery codes): a million six-digit
   * codes must not be walked through, so as few tries as passwords get.
   */
  secondFactorPerAccount: { name: "second-factor:account", limit: 8, windowSeconds: QUARTER_HOUR },
  /** New accounts from one address (configurable: a campus or an office shares one address). */
  get signUpPerIp(): RateLimitRule {
    return perHour("sign-up:ip", getEnv().SIGN_UPS_PER_HOUR);
  },
  /** Attempts to register one address (each one mails it, or probes whether it is taken). */
  signUpPerAddress: perHour("sign-up:address", 5),
  /** The current-password check answers "right or wrong": a signed-in browser must not be a guessing tool. */
  changePasswordPerAccount: { name: "change-password:account", limit: 10, windowSeconds: QUARTER_HOUR },
  /** Reset links asked for from one address, and for one account (each one sends an e-mail). */
  forgotPasswordPerIp: perHour("forgot-password:ip", 20),
  forgotPasswordPerAccount: perHour("forgot-password:account", 5),
  /** "Find my booking" links asked for from one address, and to one mailbox (each match mails it). */
  findBookingPerIp: perHour("find-booking:ip", 20),
  findBookingPerAddress: perHour("find-booking:address", 5),
  /** Validation e-mails sent again, from one address and to one account. */
  resendValidationPerIp: perHour("resend-validation:ip", 20),
  resendValidationPerAccount: perHour("resend-validation:account", 5),
  /** Activation e-mails (accounts created at checkout) sent again. */
  resendActivationPerIp: perHour("resend-activation:ip", 20),
  resendActivationPerAccount: perHour("resend-activation:account", 5),
  /** Contact messages from one address and one sender (each one mails the team). */
  contactPerIp: perHour("contact:ip", 5),
  contactPerSender: perHour("contact:sender", 3),
  /** Review posts from one address (decision 034): each booking takes one, and a text is free to write. */
  reviewPerIp: perHour("review:ip", 20),
  /** Newsletter sign-ups from one address (each one may mail a confirmation). */
  newsletterPerIp: perHour("newsletter:ip", 5),
  /** Decoding a picture costs up to ~0.6 CPU-second (a 40-megapixel image): an account may send only so many. */
  uploadsPerAccount: perHour("upload:account", 20),
  /** Saved amendments by one account: each one notifies and mails the supplier and the driver. */
  amendmentsPerAccount: perHour("amend:account", 10),
  /** Booking attempts (not quotes) from one address: generous for a family booking several cars, tight for a script. */
  get checkoutPerIp(): RateLimitRule {
    return perHour("checkout:ip", getEnv().CHECKOUT_ATTEMPTS_PER_HOUR);
  },
} satisfies Record<string, RateLimitRule>;
