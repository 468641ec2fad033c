/// <reference types="node" />
// The subscriptions table of supabase/migrations through supabase-js over HTTP against the real local
// backend (see global-setup.ts): each user reads their own row, and only the server's role (the secret
// key, as api/checkout uses it) ever writes one. A command a role has no privilege for is 42501.
import {
  createAnonClient,
  createServiceClient,
  PG,
  signUpUser,
  TIERS,
  type Client,
  type TestUser,
  permissionDenied,
} from "./helpers";
import { normalizeCheckViolation } from "./lite-quirks";

let anon: Client;
let alice: TestUser;
let bob: TestUser;
/** A user who never gets a subscription row. */
let carol: TestUser;

beforeAll(async () => {
  anon = createAnonClient();
  [alice, bob, carol] = await Promise.all([signUpUser("alice"), signUpUser("bob"), signUpUser("carol")]);
});

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
