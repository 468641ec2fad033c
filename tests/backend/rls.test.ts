/// <reference types="node" />
// Table privileges, row-level security and constraints of supabase/migrations for help_articles and
// support_requests, exercised through supabase-js over HTTP against the real local backend (see
// global-setup.ts) as anon and freshly signed-up users (rls-subscriptions and rls-server-only: the rest).
// A command a role has no privilege for is refused with 42501 "permission denied for table ..." before
// any policy is looked at; a row a policy refuses is 42501 "new row violates row-level security".
import { randomUUID } from "node:crypto";
import { SUPPORT_DESCRIPTION_MAX_LENGTH } from "../../src/config/support";
import {
  createAnonClient,
  createServiceClient,
  PG,
  signUpUser,
  ISSUE_TYPES,
  type Client,
  type TestUser,
  permissionDenied,
} from "./helpers";
import { normalizeCheckViolation } from "./lite-quirks";

const SEED_TITLES = [
  "Getting Started",
  "How to Use Our AI Conversions",
  "Subscription Plans",
  "Troubleshooting Common Issues",
];

let anon: Client;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  anon = createAnonClient();
  [alice, bob] = await Promise.all([signUpUser("alice"), signUpUser("bob")]);
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

describe("support_requests (written by api/submit-support alone, after its rate limit)", () => {
  /** The server's role, as api/submit-support inserts once the rate limit let the request through. */
  const server = () => createServiceClient();

  it("refuses a user's own insert straight to /rest/v1 (42501), so the handler's rate limit cannot be walked around", async () => {
    const description = `Straight to the table ${randomUUID()}`;
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        alice.client.from("support_requests").insert({ user_id: alice.user.id, description }).select(),
      ),
    );
    for (const { data, error, status } of attempts) {
      expect(data).toBeNull();
      expect(error?.code).toBe(PG.insufficientPrivilege);
      expect(error?.message).toBe(permissionDenied("support_requests"));
      expect(status).toBe(403);
    }
    const stored = await server().from("support_requests").select("id").eq("description", description);
    expect(stored.data).toEqual([]);
  });

  it.each<[string, Record<string, string>]>([
    ["another user's name", {}],
    ["a backdated created_at", { created_at: "2001-01-01T00:00:00Z" }],
    ["its own id", { id: randomUUID() }],
  ])("refuses a user's insert with %s too (42501)", async (label, extra) => {
    const owner = label === "another user's name" ? bob.user.id : alice.user.id;
    const { error, status } = await alice.client
      .from("support_requests")
      .insert({ user_id: owner, description: "Chosen columns.", ...extra });
    expect(error?.code).toBe(PG.insufficientPrivilege);
    expect(status).toBe(403);
  });

  it("stores what the server files, with Technical Issue as the default type and the database's id and time", async () => {
    const before = Date.now();
    const { data, error, status } = await server()
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
    expect(Math.abs(Date.parse(data?.created_at ?? "") - before)).toBeLessThan(60_000);
  });

  it.each(ISSUE_TYPES)("accepts the issue type %s", async (type) => {
    const { data, error } = await server()
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: `A question about ${type}.`, type })
      .select("type")
      .single();

    expect(error).toBeNull();
    expect(data?.type).toBe(type);
  });

  it("refuses an unknown issue type, even from the server's role (23514)", async () => {
    const { error, status } = normalizeCheckViolation(
      await server()
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
    [
      `longer than ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters`,
      "x".repeat(SUPPORT_DESCRIPTION_MAX_LENGTH + 1),
    ],
  ])("refuses a description that is %s, even from the server's role (23514)", async (_case, description) => {
    const { error, status } = normalizeCheckViolation(
      await server().from("support_requests").insert({ user_id: alice.user.id, description }),
    );

    expect(error?.code).toBe(PG.checkViolation);
    expect(error?.message).toContain("support_requests_description_check");
    expect(status).toBe(400);
  });

  it("refuses a request without a description (23502)", async () => {
    const { error, status } = await server()
      .from("support_requests")
      .insert({ user_id: alice.user.id } as { user_id: string; description: string });

    expect(error?.code).toBe(PG.notNullViolation);
    expect(status).toBe(400);
  });

  it(`accepts a description of exactly ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters`, async () => {
    const { error } = await server()
      .from("support_requests")
      .insert({ user_id: alice.user.id, description: "y".repeat(SUPPORT_DESCRIPTION_MAX_LENGTH) });

    expect(error).toBeNull();
  });

  it("shows each user only their own requests", async () => {
    const marker = randomUUID();
    const filed = await server()
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
    const filed = await server()
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
