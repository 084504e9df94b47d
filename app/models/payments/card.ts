/**
 * Card fields of the offline sandbox gateway (spec §5: 'Invalid card number', 'Invalid expiry date', 'Invalid Card
 * Validation Code'). Real gateways (Stripe, PayPal) take card details on their own pages: these never see a real card.
 */

/** The digits of a card number as people type it (spaces and dashes allowed). */
export const cardDigits = (text: string) => text.replace(/[\s-]/g, "");

/** Luhn checksum over 12 to 19 digits. */
export function isValidCardNumber(text: string): boolean {
  const digits = cardDigits(text);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' (or 'MM/YYYY'), not before the current month and at most 20 years ahead. */
export function isValidCardExpiry(text: string, now: Date): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = year * 12 + (month - 1);
  return expiry >= current && expiry <= current + 20 * 12;
}

/** Three or four digits. */
export const isValidCardCvc = (text: string) => /^\d{3,4}$/.test(text.trim());
