/**
 * The payment form's field rules (SPEC 5 and 9), as pure functions: what each field keeps while the
 * visitor types, and what the form accepts when it is sent.
 */

export const CARD_NUMBER_DIGITS = 16;
export const EXPIRY_DIGITS = 4;
export const CVC_DIGITS = 3;

/** Digits only, at most `max` of them ("4242-4242 x" -> "42424242"). */
export function digitsOnly(value: string, max = Number.POSITIVE_INFINITY): string {
  return value.replace(/\D/g, "").slice(0, max);
}

/** A card number's digits shown in groups of four ("4242424242" -> "4242 4242 42"). */
export function formatCardNumber(digits: string): string {
  return digitsOnly(digits, CARD_NUMBER_DIGITS).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The expiry's digits with a slash after the first two ("1228" -> "12/28", "1" -> "1"). */
export function formatExpiry(digits: string): string {
  const d = digitsOnly(digits, EXPIRY_DIGITS);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** Where the caret goes in `formatted` so that `digitCount` digits are before it. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (formatted[i] >= "0" && formatted[i] <= "9") {
      seen += 1;
      if (seen === digitCount) return i + 1;
    }
  }
  return formatted.length;
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type ExpiryState = "incomplete" | "invalid-month" | "expired" | "valid";

/**
 * MMYY digits against today: a card is good until the end of its expiry month, so "this month" is
 * still valid. Two-digit years are 20YY.
 */
export function expiryState(digits: string, now: Date = new Date()): ExpiryState {
  if (!/^\d{4}$/.test(digits)) return "incomplete";
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return "invalid-month";
  const year = 2000 + Number(digits.slice(2));
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return "expired";
  return "valid";
}

export type PaymentFields = { cardNumber: string; expiry: string; cvc: string; name: string };
export type PaymentField = keyof PaymentFields;
export const PAYMENT_FIELDS: readonly PaymentField[] = ["cardNumber", "expiry", "cvc", "name"];

export const PAYMENT_MESSAGES = {
  missing: "Please fill out all fields",
  cardLength: "Check the card number: it should be 16 digits.",
  cardInvalid: "This card number isn't valid. Check it and try again.",
  expiryFormat: "Enter the expiry as MM/YY.",
  expired: "This card has expired.",
  cvc: "Check the CVC: it should be 3 digits.",
} as const;

/** What an empty field says at the field itself (the form's toast still says "Please fill out all fields"). */
export const EMPTY_FIELD_MESSAGES: Readonly<Record<PaymentField, string>> = {
  cardNumber: "Enter the card number.",
  expiry: "Enter the expiry date as MM/YY.",
  cvc: "Enter the 3-digit CVC from the back of the card.",
  name: "Enter the name as it appears on the card.",
};

export type PaymentCheck =
  { ok: true } | { ok: false; missing: PaymentField[]; errors: Partial<Record<PaymentField, string>> };

/** What is wrong with a filled field's value, or null when it is good (a name only has to be there). */
function formatError(field: PaymentField, value: string, now: Date): string | null {
  switch (field) {
    case "cardNumber":
      if (value.length !== CARD_NUMBER_DIGITS) return PAYMENT_MESSAGES.cardLength;
      return luhnValid(value) ? null : PAYMENT_MESSAGES.cardInvalid;
    case "expiry": {
      const expiry = expiryState(value, now);
      if (expiry === "expired") return PAYMENT_MESSAGES.expired;
      return expiry === "valid" ? null : PAYMENT_MESSAGES.expiryFormat;
    }
    case "cvc":
      return /^\d{3}$/.test(value) ? null : PAYMENT_MESSAGES.cvc;
    case "name":
      return null;
  }
}

const isEmpty = (value: string) => value.trim() === "";

/**
 * The whole form when it is sent. Any empty field (a name of only spaces counts as empty) stops it
 * first with "Please fill out all fields"; otherwise every field with a wrong value gets its message.
 */
export function checkPayment(fields: PaymentFields, now: Date = new Date()): PaymentCheck {
  const missing = PAYMENT_FIELDS.filter((field) => isEmpty(fields[field]));
  if (missing.length > 0) return { ok: false, missing, errors: {} };
  const errors = paymentFieldErrors(fields, now);
  return Object.keys(errors).length > 0 ? { ok: false, missing: [], errors } : { ok: true };
}

/**
 * Every field's problem at once, for the form to show at each field on submit: an empty field says
 * what to enter, a filled one that is wrong says what is wrong with it.
 */
export function paymentFieldErrors(
  fields: PaymentFields,
  now: Date = new Date(),
): Partial<Record<PaymentField, string>> {
  const errors: Partial<Record<PaymentField, string>> = {};
  for (const field of PAYMENT_FIELDS) {
    const error = isEmpty(fields[field])
      ? EMPTY_FIELD_MESSAGES[field]
      : formatError(field, fields[field], now);
    if (error) errors[field] = error;
  }
  return errors;
}
