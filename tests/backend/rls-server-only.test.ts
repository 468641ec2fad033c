/// <reference types="node" />
// What only the server's role may do in supabase/migrations, through supabase-js over HTTP against the
// real local backend (see global-setup.ts): write payments, and run the SQL functions of the plans and
// the monthly count. Also canaries for the @supabase/lite quirks that lite-quirks.ts works around.
import type { Tables } from "../../src/config/database.types";
import {
  createAnonClient,
  createServiceClient,
  PG,
  signUpUser,
  type Client,
  type TestUser,
  permissionDenied,
} from "./helpers";
import { isLiteRawCheckViolation, normalizeCheckViolation } from "./lite-quirks";

let anon: Client;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  anon = createAnonClient();
  [alice, bob] = await Promise.all([signUpUser("alice"), signUpUser("bob")]);
});

describe("payments (written by api/checkout alone)", () => {
  let alicesPayment: Tables<"payments">;

  beforeAll(async () => {
    const { data, error } = await createServiceClient()
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
    const { data, error } = await user.client.from("payments").select("*");
    expect(error).toBeNull();
    return data ?? [];
  }

  it("lets a user read their own payments", async () => {
    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("hides a user's payments from everyone else, even asked for by id", async () => {
    expect(await ownPayments(bob)).toEqual([]);
    const peek = await bob.client.from("payments").select("*").eq("id", alicesPayment.id);
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
  });

  it("refuses a user recording a payment, even their own (42501)", async () => {
    const insert = await alice.client
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
    const update = await alice.client
      .from("payments")
      .update({ amount_cents: 0, tier: "$30/month" })
      .eq("id", alicesPayment.id)
      .select();
    expect(update.error?.code).toBe(PG.insufficientPrivilege);
    expect(update.error?.message).toBe(permissionDenied("payments"));

    const removal = await alice.client.from("payments").delete().eq("id", alicesPayment.id).select();
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);
    expect(removal.error?.message).toBe(permissionDenied("payments"));

    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("gives anon nothing: no reads and no writes (42501)", async () => {
    const payments = anon.from("payments");
    const read = await payments.select("*");
    expect(read.error?.code).toBe(PG.insufficientPrivilege);
    expect(read.data).toBeNull();

    const insert = await anon.from("payments").insert({
      user_id: alice.user.id,
      tier: "$5/month",
      amount_cents: 1,
      card_last4: null,
      provider: "x",
      provider_reference: null,
    });
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);
    expect(insert.status).toBe(401);

    const removal = await anon.from("payments").delete().eq("id", alicesPayment.id);
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);
    expect(await ownPayments(alice)).toEqual([alicesPayment]);
  });

  it("keeps at most the last four digits of a card, even from the server's role (23514)", async () => {
    const { error, status } = normalizeCheckViolation(
      await createServiceClient().from("payments").insert({
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

      const checkout = await client().rpc("complete_checkout", {
        p_user_id: alice.user.id,
        p_tier: "$30/month",
        p_amount_cents: 0,
        // No card: SQL null, which the generated argument types (never null) cannot say.
        p_card_last4: null as never,
        p_provider: "self-service",
      });
      expect(checkout.error?.code).toBe(PG.insufficientPrivilege);
      expect(checkout.error?.message).toBe("permission denied for function complete_checkout");
      expect(checkout.status).toBe(expectedStatus);

      const limit = await client().rpc("hit_rate_limit", {
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
    const raw = await createServiceClient()
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
    const reservations = await alice.client.from("usage_reservations").select("*");
    expect(reservations.error?.code).toBe(PG.insufficientPrivilege);
    expect(reservations.error?.message).toBe(permissionDenied("usage_reservations"));
  });
});
