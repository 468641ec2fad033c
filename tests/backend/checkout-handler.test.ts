/// <reference types="node" />
// handleCheckout (api/checkout.ts) called directly with the local backend of global-setup.ts and a
// provider that does not wait: the charge, the lock, the rate limit and every refusal, as real rows.
import handler, {
  alreadyOnPlanMessage,
  handleCheckout,
  MESSAGES,
  type CheckoutDeps,
} from "../../api/checkout";
import {
  DECLINED_TEST_CARD,
  simulatedProvider,
  type ChargeInput,
  type PaymentProvider,
} from "../../api/_lib/payments";
import { PUBLISHABLE_KEY, secretKey, supabaseUrl } from "./helpers";
import {
  CARD_NUMBER,
  CVC,
  EXPIRY,
  CARD,
  shopper,
  tierOf,
  paymentsOf,
  answerOf,
  clearOfWindowEdge,
} from "./checkout-helpers";

describe("handleCheckout, called directly against the local backend", () => {
  const target = () => ({ url: supabaseUrl(), publishableKey: PUBLISHABLE_KEY, secretKey: secretKey() });

  /** The simulated provider without its wait, recording every charge. */
  function recordingProvider() {
    const charges: ChargeInput[] = [];
    const inner = simulatedProvider({ delayMs: 0, sleep: async () => undefined });
    const provider: PaymentProvider = {
      name: inner.name,
      charge: (input) => {
        charges.push(input);
        return inner.charge(input);
      },
    };
    return { provider, charges };
  }

  function request(body: unknown, token: string) {
    return new Request("http://app.test/api/checkout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async function call(body: unknown, token: string, deps: Partial<CheckoutDeps> = {}) {
    const response = await handleCheckout(request(body, token), { target: target(), ...deps });
    return { status: response.status, headers: response.headers, body: await answerOf(response) };
  }

  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    // Whatever was logged, never the card number or the CVC.
    const logged = JSON.stringify(consoleError.mock.calls);
    expect(logged).not.toContain(CARD_NUMBER);
    expect(logged).not.toContain(DECLINED_TEST_CARD);
    expect(logged).not.toContain(`"${CVC}"`);
    consoleError.mockRestore();
  });

  it("charges the plan's price from the plans table, once, with the card's digits", async () => {
    const jack = await shopper("direct-jack");
    const { provider, charges } = recordingProvider();

    const result = await call(
      {
        tier: "$30/month",
        card: { number: "4242 4242 4242 4242", expiry: "12/" + EXPIRY.slice(2), cvc: CVC, name: " Ada " },
      },
      jack.token,
      { provider },
    );

    expect(result.status).toBe(200);
    expect(charges).toEqual([
      {
        userId: jack.user.id,
        tier: "$30/month",
        amountCents: 3000,
        currency: "usd",
        card: { number: CARD_NUMBER, expiry: EXPIRY, cvc: CVC, name: "Ada" },
      },
    ]);
    expect(await tierOf(jack)).toBe("$30/month");
    expect((await paymentsOf(jack)).map((p) => [p.tier, p.amount_cents, p.card_last4])).toEqual([
      ["$30/month", 3000, "4242"],
    ]);
  });

  it("charges once when two checkouts for the same plan arrive together: the other is refused with 409", async () => {
    const lee = await shopper("direct-lee");
    const { provider, charges } = recordingProvider();
    // The charge takes a moment, as a real one does, so the second checkout arrives while it runs.
    const slow: PaymentProvider = {
      name: provider.name,
      charge: async (input) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return provider.charge(input);
      },
    };
    const body = {
      tier: "$10/month",
      card: { number: CARD_NUMBER, expiry: EXPIRY, cvc: CVC, name: "Lee" },
    };

    const results = await Promise.all([
      call(body, lee.token, { provider: slow }),
      call(body, lee.token, { provider: slow }),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)?.body).toEqual({
      error: "A payment for your account is already being processed. Please wait a moment.",
    });
    expect(charges).toHaveLength(1);
    expect(await paymentsOf(lee)).toHaveLength(1);
    // The lock is gone with the recorded payment: the next checkout goes ahead.
    expect((await call({ tier: "Freemium" }, lee.token)).status).toBe(200);
  });

  it("gives the checkout lock back after a declined card", async () => {
    const mo = await shopper("direct-mo");
    const { provider } = recordingProvider();
    const declined = await call(
      { tier: "$5/month", card: { number: DECLINED_TEST_CARD, expiry: EXPIRY, cvc: CVC, name: "Mo" } },
      mo.token,
      { provider },
    );
    expect(declined.status).toBe(402);

    const retried = await call(
      { tier: "$5/month", card: { number: CARD_NUMBER, expiry: EXPIRY, cvc: CVC, name: "Mo" } },
      mo.token,
      { provider },
    );
    expect(retried.status).toBe(200);
  });

  it('declines the test card 4000 0000 0000 0002 with 402 "Payment failed. Please try again." and changes nothing', async () => {
    const kim = await shopper("direct-kim");
    const { provider, charges } = recordingProvider();

    const result = await call(
      { tier: "$5/month", card: { ...CARD, number: DECLINED_TEST_CARD } },
      kim.token,
      { provider },
    );

    expect(result.status).toBe(402);
    expect(result.body).toEqual({ error: "Payment failed. Please try again." });
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect(charges).toHaveLength(1);
    expect(await tierOf(kim)).toBe("Freemium");
    expect(await paymentsOf(kim)).toEqual([]);
  });

  it("goes back to Freemium with no card, no charge and no payment row", async () => {
    const lou = await shopper("direct-lou");
    const { provider, charges } = recordingProvider();
    expect((await call({ tier: "$5/month", card: CARD }, lou.token, { provider })).status).toBe(200);
    expect(await tierOf(lou)).toBe("$5/month");

    const result = await call({ tier: "Freemium" }, lou.token, { provider });

    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, tier: "Freemium", paymentId: null, message: MESSAGES.freemium });
    expect(charges).toHaveLength(1);
    expect(await tierOf(lou)).toBe("Freemium");
    expect((await paymentsOf(lou)).map((p) => p.tier)).toEqual(["$5/month"]);
  });

  it("refuses Freemium to a user already on it with 409", async () => {
    const max = await shopper("direct-max");
    const { provider } = recordingProvider();

    const result = await call({ tier: "Freemium" }, max.token, { provider });

    expect(result).toMatchObject({ status: 409, body: { error: alreadyOnPlanMessage("Freemium") } });
    expect(result.body.error).toBe("You're already on the Freemium plan.");
    const rows = await max.client.from("subscriptions").select("tier");
    expect(rows.data).toEqual([]);
  });

  it("puts the caller the token names on the plan, never a user_id from the body", async () => {
    const [nina, oscar] = await Promise.all([shopper("direct-nina"), shopper("direct-oscar")]);
    const { provider } = recordingProvider();

    const result = await call(
      { tier: "$10/month", card: CARD, user_id: oscar.user.id, userId: oscar.user.id },
      nina.token,
      { provider },
    );

    expect(result.status).toBe(200);
    expect([await tierOf(nina), await tierOf(oscar)]).toEqual(["$10/month", "Freemium"]);
    expect(await paymentsOf(oscar)).toEqual([]);
  });

  it("counts attempts in the database: past the limit, 429 with Retry-After and no charge", async () => {
    const pam = await shopper("direct-pam");
    const { provider, charges } = recordingProvider();
    const rateLimit = { max: 2, windowSeconds: 3600 };
    await clearOfWindowEdge(rateLimit.windowSeconds);

    const first = await call({ tier: "$5/month", card: { ...CARD, cvc: "1" } }, pam.token, {
      provider,
      rateLimit,
    });
    const second = await call({ tier: "$5/month", card: CARD }, pam.token, { provider, rateLimit });
    const third = await call({ tier: "$10/month", card: CARD }, pam.token, { provider, rateLimit });

    expect([first.status, second.status, third.status]).toEqual([400, 200, 429]);
    expect(third.body).toEqual({ error: MESSAGES.tooManyAttempts });
    const retryAfter = Number(third.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(charges).toHaveLength(1);
    expect(await tierOf(pam)).toBe("$5/month");
  });

  it("answers 500 and says which variable is missing when there is no secret key, touching nothing", async () => {
    const quinn = await shopper("direct-quinn");
    const fetchSpy = vi.fn<typeof fetch>();

    const response = await handleCheckout(request({ tier: "$5/month", card: CARD }, quinn.token), {
      target: { url: supabaseUrl(), publishableKey: PUBLISHABLE_KEY },
      fetch: fetchSpy,
    });

    expect(response.status).toBe(500);
    expect(await answerOf(response)).toEqual({ error: "Payment failed. Please try again." });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(String(consoleError.mock.calls[0]?.[0])).toContain("SUPABASE_SECRET_KEY");
    expect(await tierOf(quinn)).toBe("Freemium");
  });

  it("the deployed entry point without any Supabase configuration answers 500", async () => {
    vi.stubEnv("SUPABASE_URL", "");
    vi.stubEnv("VITE_SUPABASE_URL", "");
    vi.stubEnv("LOCAL_SERVER_ORIGIN", "");
    try {
      const response = await handler.fetch(request({ tier: "Freemium" }, "t"));
      expect(response.status).toBe(500);
      expect(String(consoleError.mock.calls[0]?.[0])).toContain("SUPABASE_URL is not set");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("answers 500 and logs the charge it could not record (never the card) when the database fails", async () => {
    const rita = await shopper("direct-rita");
    const { provider, charges } = recordingProvider();
    const failingRecord: typeof fetch = async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/rest/v1/rpc/complete_checkout")) {
        return new Response(
          JSON.stringify({ code: "XX000", message: "disk full", details: "card 4242", hint: null }),
          {
            status: 500,
            headers: { "content-type": "application/json" },
          },
        );
      }
      return fetch(input, init);
    };

    const result = await call({ tier: "$5/month", card: CARD }, rita.token, {
      provider,
      fetch: failingRecord,
    });

    expect(result).toMatchObject({ status: 500, body: { error: "Payment failed. Please try again." } });
    expect(charges).toHaveLength(1);
    const logged = JSON.stringify(consoleError.mock.calls);
    expect(logged).toContain("but the checkout was not recorded");
    expect(logged).toContain("XX000 disk full");
    expect(logged).not.toContain("card 4242");
    expect(await tierOf(rita)).toBe("Freemium");
  });
});
