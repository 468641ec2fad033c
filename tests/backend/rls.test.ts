/// <reference types="node" />
// Table privileges, row-level security and constraints of supabase/migrations, exercised through
// supabase-js over HTTP against the real local backend (see global-setup.ts): anon, freshly signed-up
// users, and the server's own role (the secret key, service_role) where only the server may write.
// A command a role has no privilege for is refused with 42501 "permission denied for table ..." before
// any policy is looked at; a row a policy refuses is 42501 "new row violates row-level security".
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  createAnonClient,
  createServiceClient,
  PG,
  signUpUser,
  TIERS,
  ISSUE_TYPES,
  type Client,
  type TestUser,
} from "./helpers";
import { isLiteRawCheckViolation, normalizeCheckViolation } from "./lite-quirks";

/** The 42501 of a missing table privilege (hosted and, with server/backend/plugin.ts, local). */
const permissionDenied = (table: string) => `permission denied for table ${table}`;

const SEED_TITLES = [
  "Getting Started",
  "How to Use Our AI Conversions",
  "Subscription Plans",
  "Troubleshooting Common Issues",
];

let anon: Client;
let alice: TestUser;
let bob: TestUser;
/** A third user who never gets a subscription row. */
let carol: TestUser;

beforeAll(async () => {
  anon = createAnonClient();
  [alice, bob, carol] = await Promise.all([signUpUser("alice"), signUpUser("bob"), signUpUser("carol")]);
});

async function readHelpArticles(client: Client) {
  const { data, error } = await client.from("help_articles").select("id, title, content").order("id");
  expect(error).toBeNull();
  return data ?? [];
}

describe("help_articles", () => {
  it("lets anon read the four seed articles in id order", async () => {
    const articles = await readHelpArticles(anon);

    expect(articles.map((article) => article.title)).toEqual(SEED_TITLES);
    expect(articles.map((article) => article.id)).toEqual([1, 2, 3, 4]);
    for (const article of articles) expect(article.content.trim().length).toBeGreaterThan(80);
  });

  it("lets a signed-in user read the same articles", async () => {
    expect(await readHelpArticles(alice.client)).toEqual(await readHelpArticles(anon));
  });

  it("names the plans consistently, with their prices and monthly conversions", async () => {
    const plans = (await readHelpArticles(anon)).find((article) => article.title === "Subscription Plans");

    expect(plans?.content).toContain("Freemium plan with 3 conversions per month");
    expect(plans?.content).toContain("Basic ($5/month) gives you 20 conversions per month");
    expect(plans?.content).toContain("Standard ($10/month) 40");
    expect(plans?.content).toContain("Premium ($30/month) 130");
    expect(plans?.content).not.toMatch(/\bPro\b/);
  });

  // PostgREST answers 42501 with 401 for anon and 403 for a signed-in user.
  it.each([
    ["anon", () => anon, 401],
    ["a signed-in user", () => alice.client, 403],
  ])("refuses inserts by %s (42501)", async (_who, client, expectedStatus) => {
    const { data, error, status } = await client()
      .from("help_articles")
      .insert({ title: "Injected", content: "Should never be stored." })
      .select();

    expect(data).toBeNull();
    expect(error?.code).toBe(PG.insufficientPrivilege);
    // No insert privilege: refused before row-level security is asked.
    expect(error?.message).toBe(permissionDenied("help_articles"));
    expect(status).toBe(expectedStatus);
    expect((await readHelpArticles(anon)).map((article) => article.title)).toEqual(SEED_TITLES);
  });

  it.each([
    ["anon", () => anon],
    ["a signed-in user", () => alice.client],
  ])("lets %s neither update nor delete an article (42501)", async (_who, client) => {
    const before = await readHelpArticles(anon);

    // No update or delete privilege: refused outright, whatever the rows.
    const update = await client().from("help_articles").update({ title: "Defaced" }).eq("id", 1).select();
    expect(update.error?.code).toBe(PG.insufficientPrivilege);
    expect(update.error?.message).toBe(permissionDenied("help_articles"));
    expect(update.data).toBeNull();

    const removal = await client().from("help_articles").delete().gte("id", 1).select();
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);
    expect(removal.error?.message).toBe(permissionDenied("help_articles"));
    expect(removal.data).toBeNull();

    expect(await readHelpArticles(anon)).toEqual(before);
  });
});

describe("support_requests", () => {
  it("lets a user file a request for themself, with Technical Issue as the default type", async () => {
    const { data, error, status } = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "The download button does nothing." })
      .select()
      .single();

    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({
      user_id: alice.user.id,
      description: "The download button does nothing.",
      type: "Technical Issue",
    });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(data?.created_at ?? ""))).toBe(false);
  });

  it.each(ISSUE_TYPES)("accepts the issue type %s", async (type) => {
    const { data, error } = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: `A question about ${type}.`, type })
      .select("type")
      .single();

    expect(error).toBeNull();
    expect(data?.type).toBe(type);
  });

  it("refuses a request filed in another user's name (42501)", async () => {
    const { data, error, status } = await alice.client
      .from("support_requests")
      .insert({ user_id: bob.user.id, description: "Pretending to be Bob." })
      .select();

    expect(data).toBeNull();
    expect(error?.code).toBe(PG.insufficientPrivilege);
    // The user may insert, but the policy refuses this row.
    expect(error?.message).toMatch(/row-level security/);
    expect(status).toBe(403);
  });

  it("refuses an unknown issue type (23514)", async () => {
    const { error, status } = normalizeCheckViolation(
      await alice.client
        .from("support_requests")
        .insert({ user_id: alice.user.id, description: "Valid text.", type: "Complaint" }),
    );

    expect(error?.code).toBe(PG.checkViolation);
    expect(error?.message).toContain("support_requests_type_check");
    expect(status).toBe(400);
  });

  it.each([
    ["empty", ""],
    ["whitespace only", " \t\n  "],
    ["longer than 5000 characters", "x".repeat(5001)],
  ])("refuses a description that is %s (23514)", async (_case, description) => {
    const { error, status } = normalizeCheckViolation(
      await alice.client.from("support_requests").insert({ user_id: alice.user.id, description }),
    );

    expect(error?.code).toBe(PG.checkViolation);
    expect(error?.message).toContain("support_requests_description_check");
    expect(status).toBe(400);
  });

  it("refuses a request without a description (23502)", async () => {
    const { error, status } = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id } as { user_id: string; description: string });

    expect(error?.code).toBe(PG.notNullViolation);
    expect(status).toBe(400);
  });

  it("accepts a description of exactly 5000 characters", async () => {
    const { error } = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "y".repeat(5000) });

    expect(error).toBeNull();
  });

  it("shows each user only their own requests", async () => {
    const marker = randomUUID();
    const filed = await bob.client
      .from("support_requests")
      .insert({ user_id: bob.user.id, description: `Bob's request ${marker}`, type: "Billing Question" })
      .select()
      .single();
    expect(filed.error).toBeNull();

    const mine = await alice.client.from("support_requests").select("*");
    expect(mine.error).toBeNull();
    expect(mine.data?.length).toBeGreaterThan(0);
    expect(new Set(mine.data?.map((request) => request.user_id))).toEqual(new Set([alice.user.id]));

    const bobs = await bob.client.from("support_requests").select("*");
    expect(bobs.error).toBeNull();
    expect(bobs.data).toEqual([filed.data]);

    // Filtering on Alice's user_id gets Bob nothing either.
    const peek = await bob.client.from("support_requests").select("*").eq("user_id", alice.user.id);
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
  });

  it("lets a user neither edit nor delete a request once filed (42501)", async () => {
    const filed = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "Original wording." })
      .select()
      .single();
    expect(filed.error).toBeNull();
    const id = filed.data?.id ?? "";

    const update = await alice.client
      .from("support_requests")
      .update({ description: "Edited." })
      .eq("id", id)
      .select();
    expect(update.error?.code).toBe(PG.insufficientPrivilege);
    expect(update.error?.message).toBe(permissionDenied("support_requests"));
    expect(update.status).toBe(403);

    const removal = await alice.client.from("support_requests").delete().eq("id", id).select();
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);
    expect(removal.error?.message).toBe(permissionDenied("support_requests"));
    expect(removal.status).toBe(403);

    const after = await alice.client.from("support_requests").select("*").eq("id", id).single();
    expect(after.data).toEqual(filed.data);
  });

  it("lets a user insert exactly user_id, type and description: the id and the time are the database's", async () => {
    const before = Date.now();
    const { data, error, status } = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, type: "Other", description: "Three columns only." })
      .select()
      .single();

    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);
    // now(), not a time the client chose (a minute of slack for the clocks of test and database).
    expect(Math.abs(Date.parse(data?.created_at ?? "") - before)).toBeLessThan(60_000);
  });

  it.each<[string, Record<string, string>]>([
    ["a backdated created_at", { created_at: "2001-01-01T00:00:00Z" }],
    ["a future created_at", { created_at: "2999-01-01T00:00:00Z" }],
    ["its own id", { id: randomUUID() }],
    ["both", { id: randomUUID(), created_at: "2001-01-01T00:00:00Z" }],
  ])("refuses an insert with %s from a user's client (42501) and stores nothing", async (_label, extra) => {
    const description = `Chosen columns ${randomUUID()}`;
    const { data, error, status } = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, description, ...extra })
      .select();

    expect(data).toBeNull();
    expect(error?.code).toBe(PG.insufficientPrivilege);
    expect(error?.message).toBe(permissionDenied("support_requests"));
    expect(status).toBe(403);
    const stored = await alice.client.from("support_requests").select("id").eq("description", description);
    expect(stored.error).toBeNull();
    expect(stored.data).toEqual([]);
  });

  it("gives anon nothing: no inserts and no reads (42501)", async () => {
    const insert = await anon
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "Anonymous request." })
      .select();
    expect(insert.data).toBeNull();
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.error?.message).toBe(permissionDenied("support_requests"));
    expect(insert.status).toBe(401);

    const read = await anon.from("support_requests").select("*");
    expect(read.error?.code).toBe(PG.insufficientPrivilege);
    expect(read.error?.message).toBe(permissionDenied("support_requests"));
    expect(read.data).toBeNull();
  });
});

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

/** What the checkout migration added, in the shape `supabase gen types` emits (helpers.ts predates it). */
type CheckoutDatabase = {
  public: {
    Tables: {
      payments: {
        Row: PaymentRow;
        Insert: Omit<PaymentRow, "id" | "created_at"> & { id?: string; created_at?: string };
        Update: Partial<PaymentRow>;
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      complete_checkout: {
        Args: {
          p_user_id: string;
          p_tier: string;
          p_amount_cents: number;
          p_card_last4: string | null;
          p_provider: string;
          p_provider_reference?: string | null;
        };
        Returns: { tier: string; payment_id: string | null }[];
      };
      hit_rate_limit: {
        Args: { p_user_id: string; p_bucket: string; p_max: number; p_window_seconds: number };
        Returns: { allowed: boolean; hits: number; retry_after_ms: number }[];
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

const withCheckout = (client: Client) => client as unknown as SupabaseClient<CheckoutDatabase>;

describe("subscriptions (changed by api/checkout alone)", () => {
  const server = () => createServiceClient();

  async function ownSubscription(user: TestUser) {
    const { data, error } = await user.client.from("subscriptions").select("*").eq("user_id", user.user.id);
    expect(error).toBeNull();
    return data ?? [];
  }

  /** What api/checkout does through complete_checkout: the server's role sets the tier. */
  async function serverSetsTier(user: TestUser, tier: string) {
    const { data, error } = await server()
      .from("subscriptions")
      .upsert({ user_id: user.user.id, tier }, { onConflict: "user_id" })
      .select()
      .single();
    expect(error).toBeNull();
    return data;
  }

  function expectPermissionDenied(result: {
    error: { code: string; message: string } | null;
    status: number;
  }) {
    expect(result.error?.code).toBe(PG.insufficientPrivilege);
    expect(result.error?.message).toBe(permissionDenied("subscriptions"));
    expect(result.status).toBe(403);
  }

  it("starts with no row (the app reads that as Freemium)", async () => {
    expect(await ownSubscription(alice)).toEqual([]);
    expect(await ownSubscription(carol)).toEqual([]);
  });

  it("refuses a user creating their own row, by insert or upsert (42501): no row appears", async () => {
    expectPermissionDenied(
      await carol.client.from("subscriptions").insert({ user_id: carol.user.id, tier: "$30/month" }).select(),
    );
    expectPermissionDenied(
      await carol.client
        .from("subscriptions")
        .upsert({ user_id: carol.user.id, tier: "$30/month" }, { onConflict: "user_id" })
        .select(),
    );

    expect(await ownSubscription(carol)).toEqual([]);
  });

  it("refuses a user changing their own row, by update or upsert (42501): the row stays as it was", async () => {
    const before = await serverSetsTier(alice, "$5/month");
    expect(await ownSubscription(alice)).toEqual([before]);

    expectPermissionDenied(
      await alice.client
        .from("subscriptions")
        .update({ tier: "$30/month" })
        .eq("user_id", alice.user.id)
        .select(),
    );
    expectPermissionDenied(
      await alice.client
        .from("subscriptions")
        .upsert({ user_id: alice.user.id, tier: "$30/month" }, { onConflict: "user_id" })
        .select(),
    );
    expectPermissionDenied(
      await alice.client
        .from("subscriptions")
        .update({ user_id: carol.user.id })
        .eq("user_id", alice.user.id),
    );

    expect(await ownSubscription(alice)).toEqual([before]);
    expect(await ownSubscription(carol)).toEqual([]);
  });

  it("refuses a user deleting their own row (42501): it stays", async () => {
    const before = await ownSubscription(alice);
    expect(before).toHaveLength(1);

    expectPermissionDenied(
      await alice.client.from("subscriptions").delete().eq("user_id", alice.user.id).select(),
    );

    expect(await ownSubscription(alice)).toEqual(before);
  });

  it("refuses every write to another user's row (42501): it stays as it was", async () => {
    const bobsRow = await serverSetsTier(bob, "$10/month");

    expectPermissionDenied(
      await alice.client.from("subscriptions").insert({ user_id: carol.user.id, tier: "$5/month" }),
    );
    expectPermissionDenied(
      await alice.client
        .from("subscriptions")
        .upsert({ user_id: bob.user.id, tier: "Freemium" }, { onConflict: "user_id" }),
    );
    expectPermissionDenied(
      await alice.client
        .from("subscriptions")
        .update({ tier: "Freemium" })
        .eq("user_id", bob.user.id)
        .select(),
    );
    expectPermissionDenied(await alice.client.from("subscriptions").delete().eq("user_id", bob.user.id));

    expect(await ownSubscription(bob)).toEqual([bobsRow]);
    expect(await ownSubscription(carol)).toEqual([]);
  });

  it("shows each user only their own row", async () => {
    const bobsView = await bob.client.from("subscriptions").select("*");
    expect(bobsView.error).toBeNull();
    expect(bobsView.data?.map((row) => row.user_id)).toEqual([bob.user.id]);

    const alicesView = await alice.client.from("subscriptions").select("*");
    expect(alicesView.error).toBeNull();
    expect(alicesView.data?.map((row) => row.user_id)).toEqual([alice.user.id]);

    const peek = await alice.client.from("subscriptions").select("*").eq("user_id", bob.user.id);
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
  });

  it("gives anon nothing: no reads and no writes (42501)", async () => {
    const before = await ownSubscription(alice);

    const read = await anon.from("subscriptions").select("*");
    expect(read.error?.code).toBe(PG.insufficientPrivilege);
    expect(read.data).toBeNull();

    const insert = await anon.from("subscriptions").insert({ user_id: carol.user.id, tier: "$30/month" });
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.error?.message).toBe(permissionDenied("subscriptions"));
    expect(insert.status).toBe(401);

    const update = await anon
      .from("subscriptions")
      .update({ tier: "Freemium" })
      .eq("user_id", alice.user.id)
      .select();
    expect(update.error?.code).toBe(PG.insufficientPrivilege);
    expect(update.status).toBe(401);

    expect(await ownSubscription(alice)).toEqual(before);
    expect(await ownSubscription(carol)).toEqual([]);
  });

  it.each(TIERS)("lets the server's role set the tier %s", async (tier) => {
    expect((await serverSetsTier(bob, tier))?.tier).toBe(tier);
    expect((await ownSubscription(bob)).map((row) => row.tier)).toEqual([tier]);
  });

  it.each(["Pro", "Basic", "Premium", "$20/month", ""])(
    "refuses the tier %j even from the server's role (23514)",
    async (tier) => {
      const { error, status } = normalizeCheckViolation(
        await server()
          .from("subscriptions")
          .upsert({ user_id: bob.user.id, tier }, { onConflict: "user_id" }),
      );

      expect(error?.code).toBe(PG.checkViolation);
      expect(error?.message).toContain("subscriptions_tier_check");
      expect(status).toBe(400);
    },
  );

  it("stamps updated_at on every change", async () => {
    const first = await serverSetsTier(carol, "$5/month");
    const second = await serverSetsTier(carol, "$10/month");
    expect(Date.parse(second?.updated_at ?? "")).toBeGreaterThan(Date.parse(first?.updated_at ?? ""));
  });
});

describe("payments (written by api/checkout alone)", () => {
  let alicesPayment: PaymentRow;

  beforeAll(async () => {
    const { data, error } = await withCheckout(createServiceClient())
      .from("payments")
      .insert({
        user_id: alice.user.id,
        tier: "$5/month",
        amount_cents: 500,
        card_last4: "4242",
        provider: "simulated",
        provider_reference: "sim_rls_test",
      })
      .select()
      .single();
    expect(error).toBeNull();
    if (!data) throw new Error("The server's role could not record a payment.");
    alicesPayment = data;
  });

  async function ownPayments(user: TestUser) {
    const { data, error } = await withCheckout(user.client).from("payments").select("*");
    expect(error).toBeNull();
    return data ?? [];
  }

  it("lets a user read their own payments", async () => {
    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("hides a user's payments from everyone else, even asked for by id", async () => {
    expect(await ownPayments(bob)).toEqual([]);
    const peek = await withCheckout(bob.client).from("payments").select("*").eq("id", alicesPayment.id);
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
  });

  it("refuses a user recording a payment, even their own (42501)", async () => {
    const insert = await withCheckout(alice.client)
      .from("payments")
      .insert({
        user_id: alice.user.id,
        tier: "$30/month",
        amount_cents: 0,
        card_last4: "0000",
        provider: "self-service",
        provider_reference: null,
      })
      .select();

    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.error?.message).toBe(permissionDenied("payments"));
    expect(insert.status).toBe(403);
    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("refuses a user changing or deleting their own payment (42501): it stays as it was", async () => {
    const update = await withCheckout(alice.client)
      .from("payments")
      .update({ amount_cents: 0, tier: "$30/month" })
      .eq("id", alicesPayment.id)
      .select();
    expect(update.error?.code).toBe(PG.insufficientPrivilege);
    expect(update.error?.message).toBe(permissionDenied("payments"));

    const removal = await withCheckout(alice.client)
      .from("payments")
      .delete()
      .eq("id", alicesPayment.id)
      .select();
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);
    expect(removal.error?.message).toBe(permissionDenied("payments"));

    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("gives anon nothing: no reads and no writes (42501)", async () => {
    const payments = withCheckout(anon).from("payments");
    const read = await payments.select("*");
    expect(read.error?.code).toBe(PG.insufficientPrivilege);
    expect(read.data).toBeNull();

    const insert = await withCheckout(anon).from("payments").insert({
      user_id: alice.user.id,
      tier: "$5/month",
      amount_cents: 1,
      card_last4: null,
      provider: "x",
      provider_reference: null,
    });
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.status).toBe(401);

    const removal = await withCheckout(anon).from("payments").delete().eq("id", alicesPayment.id);
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);
    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("keeps at most the last four digits of a card, even from the server's role (23514)", async () => {
    const { error, status } = normalizeCheckViolation(
      await withCheckout(createServiceClient()).from("payments").insert({
        user_id: bob.user.id,
        tier: "$5/month",
        amount_cents: 500,
        card_last4: "4242424242424242",
        provider: "simulated",
        provider_reference: null,
      }),
    );

    expect(error?.code).toBe(PG.checkViolation);
    expect(error?.message).toContain("payments_card_last4_check");
    expect(status).toBe(400);
    expect(await ownPayments(bob)).toEqual([]);
  });
});

describe("the server's rules (SQL functions only the server's role may run)", () => {
  it.each([
    ["anon", () => anon, 401],
    ["a signed-in user", () => alice.client, 403],
  ])(
    "refuses %s calling complete_checkout or hit_rate_limit (42501)",
    async (_who, client, expectedStatus) => {
      const before = await alice.client.from("subscriptions").select("*").eq("user_id", alice.user.id);

      const checkout = await withCheckout(client()).rpc("complete_checkout", {
        p_user_id: alice.user.id,
        p_tier: "$30/month",
        p_amount_cents: 0,
        p_card_last4: null,
        p_provider: "self-service",
      });
      expect(checkout.error?.code).toBe(PG.insufficientPrivilege);
      expect(checkout.error?.message).toBe("permission denied for function complete_checkout");
      expect(checkout.status).toBe(expectedStatus);

      const limit = await withCheckout(client()).rpc("hit_rate_limit", {
        p_user_id: alice.user.id,
        p_bucket: "checkout",
        p_max: 1000,
        p_window_seconds: 60,
      });
      expect(limit.error?.code).toBe(PG.insufficientPrivilege);
      expect(limit.error?.message).toBe("permission denied for function hit_rate_limit");

      expect(await alice.client.from("subscriptions").select("*").eq("user_id", alice.user.id)).toEqual(
        before,
      );
    },
  );
});

// Canaries for lite-quirks.ts: each pins a known @supabase/lite 0.10 divergence from hosted Supabase.
// When one fails after an upgrade, the quirk is fixed: delete its adapter and this canary.
describe("@supabase/lite 0.10 quirks (see lite-quirks.ts)", () => {
  it("quirk 1: answers a check violation with 500 SUP instead of 400 23514", async () => {
    const raw = await alice.client
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "Valid text.", type: "Complaint" });

    expect(isLiteRawCheckViolation(raw)).toBe(true);
  });

  // Quirk 2 (lite re-grants every table privilege) is undone by server/backend/plugin.ts: this fails
  // the day the migrations' privileges stop holding locally.
  it("quirk 2, neutralised: the migrations' table privileges hold, so anon reading support_requests gets 42501", async () => {
    const anonRead = await anon.from("support_requests").select("id");
    expect(anonRead.error?.code).toBe(PG.insufficientPrivilege);
    expect(anonRead.error?.message).toBe(permissionDenied("support_requests"));
    expect(anonRead.status).toBe(401);
    expect(anonRead.data).toBeNull();

    // A table the browser roles were granted nothing on at all: refused to a signed-in user too.
    const reservations = await withCheckout(alice.client)
      .from("usage_reservations" as "payments")
      .select("*");
    expect(reservations.error?.code).toBe(PG.insufficientPrivilege);
    expect(reservations.error?.message).toBe(permissionDenied("usage_reservations"));
  });
});
