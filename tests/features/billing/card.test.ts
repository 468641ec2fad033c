// The payment form's card rules (features/billing/card.ts): formatting, Luhn, expiry and the checks.
import { describe, expect, it } from "vitest";
import {
  caretAfterDigits,
  checkPayment,
  paymentFieldErrors,
  digitsOnly,
  expiryState,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  PAYMENT_MESSAGES,
} from "@/features/billing/card";

/** 15 November 2026, local time. */
const NOW = new Date(2026, 10, 15, 12, 0, 0);

describe("digitsOnly", () => {
  it.each([
    ["4242 4242-4242.4242", 16, "4242424242424242"],
    ["4242424242424242999", 16, "4242424242424242"],
    ["12/28", 4, "1228"],
    ["1a2b3c4d5", 3, "123"],
    ["abc", 16, ""],
    ["", 16, ""],
  ])("%j keeping at most %i digits gives %j", (input, max, expected) => {
    expect(digitsOnly(input, max)).toBe(expected);
  });
});

describe("formatCardNumber", () => {
  it.each([
    ["", ""],
    ["4", "4"],
    ["4242", "4242"],
    ["42424", "4242 4"],
    ["4242424242424242", "4242 4242 4242 4242"],
  ])("shows %j as %j", (digits, expected) => {
    expect(formatCardNumber(digits)).toBe(expected);
  });
});

describe("formatExpiry", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["12", "12"],
    ["123", "12/3"],
    ["1228", "12/28"],
    ["12/28", "12/28"],
    ["122834", "12/28"],
    ["ab12", "12"],
  ])("keeps digits only, at most 4, with a slash after the first two: %j -> %j", (input, expected) => {
    expect(formatExpiry(input)).toBe(expected);
  });
});

describe("caretAfterDigits", () => {
  it("puts the caret after the n-th digit, past the separators before it", () => {
    expect(caretAfterDigits("4242 4242 42", 0)).toBe(0);
    expect(caretAfterDigits("4242 4242 42", 4)).toBe(4);
    expect(caretAfterDigits("4242 4242 42", 5)).toBe(6);
    expect(caretAfterDigits("12/3", 3)).toBe(4);
    expect(caretAfterDigits("12/3", 9)).toBe(4);
  });
});

describe("luhnValid", () => {
  it.each(["4242424242424242", "4111111111111111", "5555555555554444", "378282246310005", "79927398713"])(
    "accepts the valid number %s",
    (digits) => {
      expect(luhnValid(digits)).toBe(true);
    },
  );

  it.each(["4242424242424241", "1234567812345678", "4111111111111112", "79927398710", "", "4242 4242"])(
    "rejects %j",
    (digits) => {
      expect(luhnValid(digits)).toBe(false);
    },
  );
});

describe("expiryState (today: 15 November 2026)", () => {
  it.each([
    ["1126", "valid"], // this month: good until its last day
    ["1226", "valid"],
    ["0127", "valid"],
    ["1299", "valid"],
    ["1026", "expired"],
    ["1225", "expired"],
    ["0100", "expired"],
    ["1327", "invalid-month"],
    ["0027", "invalid-month"],
    ["", "incomplete"],
    ["12", "incomplete"],
    ["122", "incomplete"],
  ] as const)("%j is %s", (digits, expected) => {
    expect(expiryState(digits, NOW)).toBe(expected);
  });

  it("uses the real clock by default", () => {
    const next = new Date();
    const mm = String(next.getMonth() + 1).padStart(2, "0");
    const yy = String(next.getFullYear() % 100).padStart(2, "0");
    expect(expiryState(`${mm}${yy}`)).toBe("valid");
  });
});

describe("checkPayment", () => {
  const valid = { cardNumber: "4242424242424242", expiry: "1228", cvc: "123", name: "Ada Lovelace" };

  it("accepts a complete, valid card", () => {
    expect(checkPayment(valid, NOW)).toEqual({ ok: true });
  });

  it.each(["cardNumber", "expiry", "cvc", "name"] as const)(
    "stops on a missing %s before anything else",
    (field) => {
      expect(checkPayment({ ...valid, cardNumber: "1", [field]: "" }, NOW)).toEqual({
        ok: false,
        missing: [field],
        errors: {},
      });
    },
  );

  it("counts a name of only spaces as missing and lists every missing field in form order", () => {
    expect(checkPayment({ cardNumber: "", expiry: "", cvc: "1", name: "   " }, NOW)).toEqual({
      ok: false,
      missing: ["cardNumber", "expiry", "name"],
      errors: {},
    });
  });

  it("names every wrong field with its own message", () => {
    expect(checkPayment({ ...valid, cardNumber: "424242", expiry: "1325", cvc: "12" }, NOW)).toEqual({
      ok: false,
      missing: [],
      errors: {
        cardNumber: PAYMENT_MESSAGES.cardLength,
        expiry: PAYMENT_MESSAGES.expiryFormat,
        cvc: PAYMENT_MESSAGES.cvc,
      },
    });
  });

  it("rejects a 16-digit number failing the Luhn check and an expiry in the past", () => {
    expect(checkPayment({ ...valid, cardNumber: "4242424242424241", expiry: "1026" }, NOW)).toEqual({
      ok: false,
      missing: [],
      errors: { cardNumber: PAYMENT_MESSAGES.cardInvalid, expiry: PAYMENT_MESSAGES.expired },
    });
  });
});

describe("paymentFieldErrors", () => {
  it("says what to enter in each empty field and what is wrong with each filled one", () => {
    expect(paymentFieldErrors({ cardNumber: "", expiry: "0120", cvc: "12", name: "  " }, NOW)).toEqual({
      cardNumber: "Enter the card number.",
      expiry: PAYMENT_MESSAGES.expired,
      cvc: PAYMENT_MESSAGES.cvc,
      name: "Enter the name as it appears on the card.",
    });
  });

  it("is empty for a complete, valid card", () => {
    expect(
      paymentFieldErrors({ cardNumber: "4242424242424242", expiry: "1228", cvc: "123", name: "Ada" }, NOW),
    ).toEqual({});
  });
});
