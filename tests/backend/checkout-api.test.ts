/// <reference types="node" />
// POST /api/checkout (api/checkout.ts) over HTTP against the real local backend of global-setup.ts,
// through the Vite server that mounts api/ exactly as `npm run dev` does (the real 1.5 s check once).
// The plan, the payment rows and the rate limit are real rows in the test database throughout.
import { MAX_BODY_BYTES, MESSAGES, RATE_LIMIT } from "../../api/checkout";
import { PAYMENT_CHECK_DELAY_MS } from "../../api/_lib/payments";
import { createAnonClient, PG, PUBLISHABLE_KEY, forgeSubject } from "./helpers";
import {
  CARD_NUMBER,
  CVC,
  CARD,
  shopper,
  tierOf,
  paymentsOf,
  send,
  post,
  answerOf,
  clearOfWindowEdge,
  type SendOptions,
} from "./checkout-helpers";

describe("POST /api/checkout on the running server", () => {
  it("a paid plan: waits for the check, moves the plan and records the payment with the last four digits only", async () => {
    const [alice, bob] = await Promise.all([shopper("checkout-alice"), shopper("checkout-bob")]);
    const started = Date.now();

    const response = await post({ tier: "$10/month", card: CARD }, alice.token);

    const elapsed = Date.now() - started;
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await answerOf(response);
    expect(body).toEqual({
      ok: true,
      tier: "$10/month",
      paymentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: "Payment successful! Your subscription is now active.",
    });
    // The spec's simulated check runs on the server.
    expect(elapsed).toBeGreaterThanOrEqual(PAYMENT_CHECK_DELAY_MS - 50);
    expect(await tierOf(alice)).toBe("$10/month");

    const payments = await paymentsOf(alice);
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment).toEqual({
      id: body.paymentId,
      user_id: alice.user.id,
      tier: "$10/month",
      amount_cents: 1000,
      card_last4: "4242",
      provider: "simulated",
      provider_reference: expect.stringMatching(/^sim_/),
      created_at: expect.any(String),
    });
    expect(Math.abs(Date.parse(payment.created_at) - Date.now())).toBeLessThan(60_000);
    // No column holds the card number or the CVC (the row has exactly the columns above).
    for (const value of Object.values(payment)) {
      expect(String(value)).not.toContain(CARD_NUMBER);
      expect(value).not.toBe(CVC);
    }

    // Nobody else sees it: another user, filtering on it, and anon (no privilege at all).
    expect(await paymentsOf(bob)).toEqual([]);
    const peek = await bob.client.from("payments").select("*").eq("id", payment.id);
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
    const anon = await createAnonClient().from("payments").select("*");
    expect(anon.error?.code).toBe(PG.insufficientPrivilege);
    expect(anon.data).toBeNull();

    // Choosing the same plan again is refused before anything is charged.
    const again = await post({ tier: "$10/month", card: CARD }, alice.token);
    expect(again.status).toBe(409);
    expect(await answerOf(again)).toEqual({ error: "You're already on the Standard plan." });
    expect(await paymentsOf(alice)).toHaveLength(1);
  });

  it.each<[string, (token: string, otherUserId: string) => string | null]>([
    ["no token", () => null],
    ["a random string", () => "not-a-token"],
    ["the publishable key", () => PUBLISHABLE_KEY],
    ["a token with a forged signature", (t) => `${t.slice(0, t.lastIndexOf(".") + 1)}AAAA`],
    ["a token naming another user", (t, other) => forgeSubject(t, other)],
  ])("refuses %s with 401 and changes nothing", async (_label, token) => {
    const [carol, dave] = await Promise.all([shopper("checkout-carol"), shopper("checkout-dave")]);

    const response = await post({ tier: "$5/month", card: CARD }, token(carol.token, dave.user.id));

    expect(response.status).toBe(401);
    expect(await answerOf(response)).toEqual({ error: MESSAGES.unauthorized });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect([await tierOf(carol), await tierOf(dave)]).toEqual(["Freemium", "Freemium"]);
    expect([...(await paymentsOf(carol)), ...(await paymentsOf(dave))]).toEqual([]);
  });

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await send({ method, body: method === "GET" ? null : "{}" });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await answerOf(response)).toEqual({ error: MESSAGES.methodNotAllowed });
  });

  it("refuses bodies it cannot read: not declared as JSON (415), not JSON (400), too large (413), not an object, an unknown plan", async () => {
    const erin = await shopper("checkout-erin");
    const cases: [SendOptions, number, string][] = [
      [
        { contentType: "text/plain", body: JSON.stringify({ tier: "$5/month", card: CARD }) },
        415,
        MESSAGES.unsupportedMediaType,
      ],
      [{ body: "{ tier: $5 " }, 400, MESSAGES.notJson],
      [
        { body: JSON.stringify({ tier: "$5/month", card: { ...CARD, name: "x".repeat(MAX_BODY_BYTES) } }) },
        413,
        MESSAGES.tooLarge,
      ],
      [{ body: JSON.stringify([{ tier: "$5/month" }]) }, 400, MESSAGES.notAnObject],
      [{ body: JSON.stringify({ tier: "$20/month", card: CARD }) }, 400, MESSAGES.unknownTier],
    ];
    for (const [options, status, error] of cases) {
      const response = await send({ token: erin.token, ...options });
      expect([response.status, await answerOf(response)]).toEqual([status, { error }]);
    }
    expect(MESSAGES.unknownTier).toBe("The plan must be one of: Freemium, $5/month, $10/month, $30/month.");
    expect(await tierOf(erin)).toBe("Freemium");
    expect(await paymentsOf(erin)).toEqual([]);
  });

  it.each([
    [
      "a card number failing the Luhn check",
      { number: "4242424242424241" },
      { cardNumber: "This card number isn't valid. Check it and try again." },
    ],
    [
      "a card number of 15 digits",
      { number: "424242424242424" },
      { cardNumber: "Check the card number: it should be 16 digits." },
    ],
    ["an expired card", { expiry: "0120" }, { expiry: "This card has expired." }],
    ["month 13", { expiry: "1330" }, { expiry: "Enter the expiry as MM/YY." }],
    ["a CVC of 2 digits", { cvc: "12" }, { cvc: "Check the CVC: it should be 3 digits." }],
    [
      "several wrong fields",
      { number: "1234567812345678", cvc: "1" },
      {
        cardNumber: "This card number isn't valid. Check it and try again.",
        cvc: "Check the CVC: it should be 3 digits.",
      },
    ],
    [
      "missing fields",
      { cvc: "", name: "   " },
      { cvc: "Please fill out all fields", name: "Please fill out all fields" },
    ],
  ])("refuses %s with 400 and the field's message; nothing is charged", async (_label, change, fields) => {
    const frank = await shopper("checkout-frank");

    const response = await post({ tier: "$5/month", card: { ...CARD, ...change } }, frank.token);

    expect(response.status).toBe(400);
    const body = await answerOf(response);
    expect(body.fields).toEqual(fields);
    // The first wrong field's message, or the spec's "Please fill out all fields".
    expect(body.error).toBe(Object.values(fields)[0]);
    expect(await tierOf(frank)).toBe("Freemium");
    expect(await paymentsOf(frank)).toEqual([]);
  });

  it("refuses a paid plan without any card with the spec's message for every field", async () => {
    const gina = await shopper("checkout-gina");

    const response = await post({ tier: "$30/month" }, gina.token);

    expect(response.status).toBe(400);
    const missing = "Please fill out all fields";
    expect(await answerOf(response)).toEqual({
      error: missing,
      fields: { cardNumber: missing, expiry: missing, cvc: missing, name: missing },
    });
    expect(await tierOf(gina)).toBe("Freemium");
  });

  it("limits each user to 10 attempts a minute (429 with Retry-After), counted in the database", async () => {
    expect(RATE_LIMIT).toEqual({ bucket: "checkout", max: 10, windowSeconds: 60 });
    const [hank, ivy] = await Promise.all([shopper("checkout-hank"), shopper("checkout-ivy")]);
    await clearOfWindowEdge(60);

    // Ten attempts that are refused for their body still count.
    const statuses = await Promise.all(Array.from({ length: 10 }, () => post({}, hank.token)));
    expect(statuses.map((response) => response.status)).toEqual(Array(10).fill(400));

    const limited = await post({ tier: "$5/month", card: CARD }, hank.token);
    expect(limited.status).toBe(429);
    expect(await answerOf(limited)).toEqual({ error: MESSAGES.tooManyAttempts });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await tierOf(hank)).toBe("Freemium");

    // Per user: someone else is not held back.
    const other = await post({}, ivy.token);
    expect(other.status).toBe(400);
  });
});
