/// <reference types="node" />
// POST /api/checkout (api/checkout.ts) against the real local backend of global-setup.ts: over HTTP
// through the Vite server that mounts api/ exactly as `npm run dev` does (the real 1.5 s check once),
// and the handler called directly with the same backend and a provider that does not wait, for the
// rest. The plan, the payment rows and the rate limit are real rows in the test database throughout.
import type { SupabaseClient } from "@supabase/supabase-js";
import handler, {
  alreadyOnPlanMessage,
  handleCheckout,
  MAX_BODY_BYTES,
  MESSAGES,
  RATE_LIMIT,
  validateCheckout,
  type CheckoutDeps,
} from "../../api/checkout";
import {
  DECLINED_TEST_CARD,
  PAYMENT_CHECK_DELAY_MS,
  simulatedProvider,
  type ChargeInput,
  type PaymentProvider,
} from "../../api/_lib/payments";
import {
  createAnonClient,
  PG,
  PUBLISHABLE_KEY,
  secretKey,
  signUpUser,
  supabaseUrl,
  type Client,
  type TestUser,
} from "./helpers";

const ENDPOINT = "/api/checkout";
const CARD_NUMBER = "4242424242424242";
const CVC = "987";
/** A card good until December, two years from now (MMYY). */
const EXPIRY = `12${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
const CARD = { number: CARD_NUMBER, expiry: EXPIRY, cvc: CVC, name: "Ada Lovelace" };

type PaymentRow = {
  id: string;
  user_id: string;
  tier: string;
  amount_cents: number;
  card_last4: string | null;
  provider: string;
  provider_reference: string | null;
  created_at: string;
};

type PaymentsDatabase = {
  public: {
    Tables: {
      payments: {
        Row: PaymentRow;
        Insert: Partial<PaymentRow>;
        Update: Partial<PaymentRow>;
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: { [_ in never]: never };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

/** helpers.ts's clients know the original tables only; `payments` came with the checkout migration. */
const withPayments = (client: Client) => client as unknown as SupabaseClient<PaymentsDatabase>;

async function accessToken(user: TestUser): Promise<string> {
  const { data, error } = await user.client.auth.getSession();
  if (error || !data.session) throw new Error(`No session for ${user.email}`);
  return data.session.access_token;
}

type Shopper = TestUser & { token: string };

async function shopper(label: string): Promise<Shopper> {
  const user = await signUpUser(label);
  return { ...user, token: await accessToken(user) };
}

/** The tier the user reads from their own row (no row: Freemium, as the app reads it). */
async function tierOf(user: TestUser): Promise<string> {
  const { data, error } = await user.client.from("subscriptions").select("tier").eq("user_id", user.user.id);
  expect(error).toBeNull();
  expect(data?.length ?? 0).toBeLessThanOrEqual(1);
  return data?.[0]?.tier ?? "Freemium";
}

/** The payments the user can read (row-level security: their own). */
async function paymentsOf(user: TestUser): Promise<PaymentRow[]> {
  const { data, error } = await withPayments(user.client).from("payments").select("*").order("created_at");
  expect(error).toBeNull();
  return data ?? [];
}

type SendOptions = { token?: string | null; method?: string; contentType?: string; body?: BodyInit | null };

function send(options: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? "POST";
  return fetch(`${supabaseUrl()}${ENDPOINT}`, { method, headers, body: options.body ?? null });
}

function post(body: unknown, token: string | null): Promise<Response> {
  return send({ token, body: JSON.stringify(body) });
}

type Answer = {
  error?: string;
  fields?: Record<string, string>;
  ok?: boolean;
  tier?: string;
  paymentId?: unknown;
};

async function answerOf(response: Response): Promise<Answer> {
  return (await response.json()) as Answer;
}

/** Waits, if the current fixed window ends within `marginMs`, until the next one starts. */
async function clearOfWindowEdge(windowSeconds: number, marginMs = 5_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

function forgeSubject(token: string, subject: string): string {
  const [header, body, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: subject })).toString("base64url");
  return [header, forged, signature].join(".");
}

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
    const peek = await withPayments(bob.client).from("payments").select("*").eq("id", payment.id);
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
    const anon = await withPayments(createAnonClient()).from("payments").select("*");
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

describe("the simulated provider (api/_lib/payments.ts)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const input = (number: string): ChargeInput => ({
    userId: "u",
    tier: "$5/month",
    amountCents: 500,
    currency: "usd",
    card: { ...CARD, number },
  });

  it("answers after the spec's 1.5 s: accepted for a good card, declined for 4000 0000 0000 0002", async () => {
    vi.useFakeTimers();
    const provider = simulatedProvider({ reference: () => "sim_ref" });
    const outcomes: unknown[] = [];
    void provider.charge(input(CARD_NUMBER)).then((outcome) => outcomes.push(outcome));
    void provider
      .charge(input("4000 0000 0000 0002".replace(/ /g, "")))
      .then((outcome) => outcomes.push(outcome));

    await vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS - 1);
    expect(outcomes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual([
      { ok: true, reference: "sim_ref" },
      { ok: false, reason: "declined" },
    ]);
    expect(PAYMENT_CHECK_DELAY_MS).toBe(1500);
  });
});

describe("validateCheckout", () => {
  const NOW = new Date(2026, 10, 24);

  it("keeps the digits of the number, expiry and CVC, as the form does, and trims the name", () => {
    expect(
      validateCheckout(
        {
          tier: "$5/month",
          card: { number: "4242-4242 4242 4242", expiry: "11/26", cvc: " 123", name: "  Ada " },
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      input: { tier: "$5/month", card: { number: CARD_NUMBER, expiry: "1126", cvc: "123", name: "Ada" } },
    });
  });

  it("accepts a card that expires this month and refuses last month's", () => {
    const card = (expiry: string) => ({ tier: "$5/month", card: { ...CARD, expiry } });
    expect(validateCheckout(card("1126"), NOW).ok).toBe(true);
    expect(validateCheckout(card("1026"), NOW)).toEqual({
      ok: false,
      error: "This card has expired.",
      fields: { expiry: "This card has expired." },
    });
  });

  it("treats card fields that are not text as missing, and ignores a card sent with Freemium", () => {
    expect(validateCheckout({ tier: "$5/month", card: { ...CARD, number: 4242424242424242 } }, NOW)).toEqual({
      ok: false,
      error: "Please fill out all fields",
      fields: { cardNumber: "Please fill out all fields" },
    });
    expect(validateCheckout({ tier: "Freemium", card: { number: "1" } }, NOW)).toEqual({
      ok: true,
      input: { tier: "Freemium", card: null },
    });
  });

  it.each([[null], ["Freemium"], [5], [[]]])("refuses a body of %j", (body) => {
    expect(validateCheckout(body, NOW)).toEqual({ ok: false, error: MESSAGES.notAnObject });
  });
});
