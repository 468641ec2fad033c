// The payment page before paying: reaching it, the card fields' formatting, and the form's own checks.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server } from "../../msw/server";
import { storeSession, subscriptionHandler } from "../../msw/supabase";
import { renderApp } from "../../utils";
import { checkoutServer, field, fill, openPayment, paymentTestSetup, VALID } from "./payment-kit";

paymentTestSetup();

describe("reaching the payment page", () => {
  it("without a plan sends the visitor to /pricing", async () => {
    storeSession();
    const { router } = renderApp("/payment");
    expect(await screen.findByRole("heading", { level: 1, name: "Pricing" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pricing");
  });

  it.each([
    ["Freemium (nothing to pay)", { plan: "Freemium", price: 0 }],
    ["an unknown plan", { plan: "$1/month", price: 1 }],
    ["a price that is not the plan's", { plan: "$30/month", price: 3 }],
  ])("with %s sends the visitor to /pricing", async (_label, state) => {
    const { router } = await openPayment(state);
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(screen.getByRole("heading", { level: 1, name: "Pricing" })).toBeInTheDocument();
  });

  it("signed out, goes to the login screen first", async () => {
    const { router } = renderApp("/payment");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?redirect=%2Fpayment");
  });

  it("shows the title, the order summary, the demo note and the four labelled card fields", async () => {
    await openPayment({ plan: "$30/month", price: 30 });
    expect(await screen.findByRole("heading", { level: 1, name: "Complete Payment" })).toBeInTheDocument();
    const summary = screen.getByRole("heading", { name: "Order summary" }).closest("[data-slot=card]");
    expect(summary).toHaveTextContent("Premium ($30/month)");
    expect(summary).toHaveTextContent("130 converts per month");
    expect(summary).toHaveTextContent("$30 per month");
    expect(screen.getByText(/No real payment is made and no card is charged\./)).toBeInTheDocument();
    const expected = [
      ["Card number", "cc-number", "numeric"],
      ["Expiry (MM/YY)", "cc-exp", "numeric"],
      ["CVC", "cc-csc", "numeric"],
      ["Name on card", "cc-name", null],
    ] as const;
    for (const [label, autocomplete, inputMode] of expected) {
      const input = field(label);
      expect(input).toHaveAttribute("autocomplete", autocomplete);
      if (inputMode) expect(input).toHaveAttribute("inputmode", inputMode);
      expect(input).toBeRequired();
    }
    expect(screen.getByRole("button", { name: "Pay $30" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Choose another plan" })).toHaveAttribute("href", "/pricing");
  });

  it("tells a user already on that plan there is nothing to pay", async () => {
    server.use(subscriptionHandler("$10/month"));
    await openPayment();
    expect(await screen.findByRole("heading", { name: "You're already on Standard" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay $10" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Pricing" })).toHaveAttribute("href", "/pricing");
  });
});

describe("card fields", () => {
  it("the card number keeps digits only, at most 16, shown in groups of four", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.type(field("Card number"), "4242-4242 abcd 4242.4242 9999");
    expect(field("Card number")).toHaveValue("4242 4242 4242 4242");
    await user.clear(field("Card number"));
    await user.paste("4111 1111 1111 1111 22");
    expect(field("Card number")).toHaveValue("4111 1111 1111 1111");
  });

  it("the expiry keeps digits only, at most 4, with a slash after the first two", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    const expiry = field("Expiry (MM/YY)");
    await user.type(expiry, "1");
    expect(expiry).toHaveValue("1");
    await user.type(expiry, "2");
    expect(expiry).toHaveValue("12");
    await user.type(expiry, "/x3");
    expect(expiry).toHaveValue("12/3");
    await user.type(expiry, "099");
    expect(expiry).toHaveValue("12/30");
    await user.type(expiry, "{Backspace}{Backspace}");
    expect(expiry).toHaveValue("12");
  });

  it("the CVC keeps digits only, at most 3", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.type(field("CVC"), "1a2b345");
    expect(field("CVC")).toHaveValue("123");
  });

  it("deleting in the middle of the card number keeps the caret where it was", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    const card = field("Card number") as HTMLInputElement;
    await user.type(card, "42424242");
    expect(card).toHaveValue("4242 4242");
    // Caret after the 6th digit ("4242 42|42"); Backspace removes that digit and the rest moves up.
    card.setSelectionRange(7, 7);
    await user.keyboard("{Backspace}");
    expect(card).toHaveValue("4242 442");
    expect(card.selectionStart).toBe(6);
    await user.keyboard("9");
    expect(card).toHaveValue("4242 4942");
    expect(card.selectionStart).toBe(7);
    // Across a group boundary: typing after the 4th digit lands after the space.
    card.setSelectionRange(4, 4);
    await user.keyboard("1");
    expect(card).toHaveValue("4242 1494 2");
    expect(card.selectionStart).toBe(6);
  });
});

describe("sending the form", () => {
  it.each([
    ["every field empty", {}],
    ["no card number", { ...VALID, card: "" }],
    ["no expiry", { ...VALID, expiry: "" }],
    ["no CVC", { ...VALID, cvc: "" }],
    ["a name of only spaces", { ...VALID, name: "   " }],
  ])('with %s says "Please fill out all fields" and sends nothing', async (_label, values) => {
    const { calls } = checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await fill(user, values);
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $10" })).toBeEnabled();
    expect(calls).toHaveLength(0);
  });

  it("with every field empty says at each field what to enter, with the toast", async () => {
    const { calls } = checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    const expected = [
      ["Card number", "Enter the card number."],
      ["Expiry (MM/YY)", "Enter the expiry date as MM/YY."],
      ["CVC", "Enter the 3-digit CVC from the back of the card."],
      ["Name on card", "Enter the name as it appears on the card."],
    ] as const;
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAttribute("aria-invalid", "true");
      expect(field(label)).toHaveAccessibleDescription(message);
    }
    expect(field("Card number")).toHaveFocus();
    expect(calls).toHaveLength(0);
    // Typing in a field clears its own message only.
    await user.type(field("Card number"), "4");
    expect(field("Card number")).not.toHaveAttribute("aria-invalid");
    expect(field("CVC")).toHaveAttribute("aria-invalid", "true");
  });

  it("with some fields empty and others wrong, marks both kinds at once", async () => {
    checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await fill(user, { card: "4242", cvc: "12" });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    expect(field("Card number")).toHaveAccessibleDescription(
      "Check the card number: it should be 16 digits.",
    );
    expect(field("Expiry (MM/YY)")).toHaveAccessibleDescription("Enter the expiry date as MM/YY.");
    expect(field("CVC")).toHaveAccessibleDescription("Check the CVC: it should be 3 digits.");
    expect(field("Name on card")).toHaveAccessibleDescription("Enter the name as it appears on the card.");
    expect(field("Card number")).toHaveFocus();
  });

  it("puts the cursor in the first empty field", async () => {
    checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await fill(user, { card: VALID.card, expiry: VALID.expiry });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(field("CVC")).toHaveFocus();
  });

  it.each([
    [
      "a card number of 15 digits",
      { card: "424242424242424" },
      "Card number",
      "Check the card number: it should be 16 digits.",
    ],
    [
      "a card number failing the Luhn check",
      { card: "4242424242424241" },
      "Card number",
      "This card number isn't valid. Check it and try again.",
    ],
    ["an expiry of 3 digits", { expiry: "123" }, "Expiry (MM/YY)", "Enter the expiry as MM/YY."],
    ["month 13", { expiry: "1330" }, "Expiry (MM/YY)", "Enter the expiry as MM/YY."],
    ["month 00", { expiry: "0030" }, "Expiry (MM/YY)", "Enter the expiry as MM/YY."],
    ["an expiry in the past", { expiry: "0120" }, "Expiry (MM/YY)", "This card has expired."],
    ["a CVC of 2 digits", { cvc: "12" }, "CVC", "Check the CVC: it should be 3 digits."],
  ])(
    "with %s explains what is wrong next to the field and sends nothing",
    async (_label, change, label, message) => {
      const { calls } = checkoutServer();
      await openPayment();
      const user = userEvent.setup({ delay: null });
      await fill(user, { ...VALID, ...change });
      await user.click(screen.getByRole("button", { name: "Pay $10" }));
      const input = field(label);
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(message);
      expect(input).toHaveFocus();
      expect(screen.getAllByText(/^(Check|This card|Enter the expiry)/)).toHaveLength(1);
      expect(calls).toHaveLength(0);
      // Correcting the field clears its message.
      await user.type(input, "{Backspace}");
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      expect(input).not.toHaveAttribute("aria-invalid");
    },
  );

  it("shows every wrong field's message at once", async () => {
    checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    await fill(user, { card: "1234567812345678", expiry: "0120", cvc: "1", name: "Ada" });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(screen.getByText("This card number isn't valid. Check it and try again.")).toBeInTheDocument();
    expect(screen.getByText("This card has expired.")).toBeInTheDocument();
    expect(screen.getByText("Check the CVC: it should be 3 digits.")).toBeInTheDocument();
    expect(field("Card number")).toHaveFocus();
    // The form is complete now: the earlier "fill out all fields" complaint is gone.
    await waitFor(() => expect(screen.queryByText("Please fill out all fields")).not.toBeInTheDocument());
  });
});
