/// <reference types="node" />
// Row-level security and constraints of supabase/migrations, exercised through supabase-js over HTTP
// against the real local backend (see global-setup.ts): anon, and two freshly signed-up users A and B.
import { randomUUID } from "node:crypto";
import { createAnonClient, PG, signUpUser, TIERS, ISSUE_TYPES, type Client, type TestUser } from "./helpers";
import { isLiteRawCheckViolation, normalizeCheckViolation } from "./lite-quirks";

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
    // Hosted, where the migration's REVOKE holds, the message is "permission denied" (see lite-quirks.ts).
    expect(error?.message).toMatch(/row-level security/);
    expect(status).toBe(expectedStatus);
    expect((await readHelpArticles(anon)).map((article) => article.title)).toEqual(SEED_TITLES);
  });

  it.each([
    ["anon", () => anon],
    ["a signed-in user", () => alice.client],
  ])("lets %s neither update nor delete an article", async (_who, client) => {
    const before = await readHelpArticles(anon);

    // No update/delete policy: RLS leaves no row to touch, so PostgREST reports zero affected rows
    // (hosted, the REVOKE refuses with 42501 first; see lite-quirks.ts, quirk 2).
    const update = await client().from("help_articles").update({ title: "Defaced" }).eq("id", 1).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);

    const removal = await client().from("help_articles").delete().gte("id", 1).select();
    expect(removal.error).toBeNull();
    expect(removal.data).toEqual([]);

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

  it("lets a user neither edit nor delete a request once filed", async () => {
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
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);

    const removal = await alice.client.from("support_requests").delete().eq("id", id).select();
    expect(removal.error).toBeNull();
    expect(removal.data).toEqual([]);

    const after = await alice.client.from("support_requests").select("*").eq("id", id).single();
    expect(after.data).toEqual(filed.data);
  });

  it("gives anon nothing: no inserts (42501) and no rows", async () => {
    const insert = await anon
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "Anonymous request." })
      .select();
    expect(insert.data).toBeNull();
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.status).toBe(401);

    const read = await anon.from("support_requests").select("*");
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
  });
});

describe("subscriptions", () => {
  async function ownSubscription(user: TestUser) {
    const { data, error } = await user.client.from("subscriptions").select("*").eq("user_id", user.user.id);
    expect(error).toBeNull();
    return data ?? [];
  }

  it("starts with no row (the app reads that as Freemium)", async () => {
    expect(await ownSubscription(alice)).toEqual([]);
    expect(await ownSubscription(bob)).toEqual([]);
  });

  it("lets a user create, upsert and update their own tier, stamping updated_at", async () => {
    const created = await alice.client
      .from("subscriptions")
      .insert({ user_id: alice.user.id, tier: "$10/month" })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ user_id: alice.user.id, tier: "$10/month" });
    expect(await ownSubscription(alice)).toEqual([created.data]);

    const upserted = await alice.client
      .from("subscriptions")
      .upsert({ user_id: alice.user.id, tier: "$30/month" }, { onConflict: "user_id" })
      .select()
      .single();
    expect(upserted.error).toBeNull();
    expect(upserted.data?.tier).toBe("$30/month");
    // The before-update trigger moved updated_at on the conflict path.
    expect(Date.parse(upserted.data?.updated_at ?? "")).toBeGreaterThan(
      Date.parse(created.data?.updated_at ?? ""),
    );

    const updated = await alice.client
      .from("subscriptions")
      .update({ tier: "$10/month" })
      .eq("user_id", alice.user.id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data?.tier).toBe("$10/month");
    expect(Date.parse(updated.data?.updated_at ?? "")).toBeGreaterThan(
      Date.parse(upserted.data?.updated_at ?? ""),
    );

    expect(await ownSubscription(alice)).toEqual([updated.data]);
  });

  it.each(TIERS)("accepts the tier %s", async (tier) => {
    const { data, error } = await bob.client
      .from("subscriptions")
      .upsert({ user_id: bob.user.id, tier }, { onConflict: "user_id" })
      .select("tier")
      .single();

    expect(error).toBeNull();
    expect(data?.tier).toBe(tier);
  });

  it.each(["Pro", "Basic", "Premium", "$20/month", ""])("refuses the tier %j (23514)", async (tier) => {
    const { error, status } = normalizeCheckViolation(
      await alice.client
        .from("subscriptions")
        .upsert({ user_id: alice.user.id, tier }, { onConflict: "user_id" }),
    );

    expect(error?.code).toBe(PG.checkViolation);
    expect(error?.message).toContain("subscriptions_tier_check");
    expect(status).toBe(400);
  });

  it("refuses creating or upserting a row for another user (42501)", async () => {
    const insert = await alice.client
      .from("subscriptions")
      .insert({ user_id: carol.user.id, tier: "$5/month" });
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.status).toBe(403);

    // Bob has a row by now: an upsert onto it is refused as well.
    const upsert = await alice.client
      .from("subscriptions")
      .upsert({ user_id: bob.user.id, tier: "Freemium" }, { onConflict: "user_id" });
    expect(upsert.error?.code).toBe(PG.insufficientPrivilege);

    expect(await ownSubscription(carol)).toEqual([]);
  });

  it("leaves another user's row untouched when a user updates it", async () => {
    const before = await ownSubscription(bob);
    expect(before).toHaveLength(1);

    const update = await alice.client
      .from("subscriptions")
      .update({ tier: "Freemium" })
      .eq("user_id", bob.user.id)
      .select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);

    expect(await ownSubscription(bob)).toEqual(before);
  });

  it("refuses handing one's own row over to another user (42501)", async () => {
    const { error, status } = await alice.client
      .from("subscriptions")
      .update({ user_id: carol.user.id })
      .eq("user_id", alice.user.id);

    expect(error?.code).toBe(PG.insufficientPrivilege);
    expect(status).toBe(403);
    expect(await ownSubscription(alice)).toHaveLength(1);
    expect(await ownSubscription(carol)).toEqual([]);
  });

  it("shows each user only their own row", async () => {
    const bobsView = await bob.client.from("subscriptions").select("*");
    expect(bobsView.error).toBeNull();
    expect(bobsView.data?.map((row) => row.user_id)).toEqual([bob.user.id]);

    const alicesView = await alice.client.from("subscriptions").select("*");
    expect(alicesView.error).toBeNull();
    expect(alicesView.data?.map((row) => row.user_id)).toEqual([alice.user.id]);
  });

  it("does not let a user delete their row (no delete policy)", async () => {
    const removal = await alice.client.from("subscriptions").delete().eq("user_id", alice.user.id).select();
    expect(removal.error).toBeNull();
    expect(removal.data).toEqual([]);
    expect(await ownSubscription(alice)).toHaveLength(1);
  });

  it("gives anon nothing: no rows and no writes (42501)", async () => {
    const read = await anon.from("subscriptions").select("*");
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);

    const insert = await anon.from("subscriptions").insert({ user_id: alice.user.id, tier: "$30/month" });
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.status).toBe(401);

    const update = await anon
      .from("subscriptions")
      .update({ tier: "Freemium" })
      .eq("user_id", alice.user.id)
      .select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
  });
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

  it("quirk 2: re-grants table privileges, so anon reads support_requests as zero rows, not 42501", async () => {
    const { data, error } = await anon.from("support_requests").select("id");

    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
