/// <reference types="node" />
// What the browser roles may not do with the conversion count of supabase/migrations: run its
// functions, or write (or, beyond their own row, read) its tables.
import { createAnonClient, PG, signUpUser, type TestUser } from "./helpers";
import { status, useUp, type Rpc } from "./usage-helpers";

describe("what the browser may do", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUpUser("usage-alice"), signUpUser("usage-bob")]);
    await useUp(alice, 1);
    await useUp(bob, 2);
  });

  it.each([
    "reserve_conversion",
    "finish_conversion",
    "usage_status",
    "hit_rate_limit",
    "begin_checkout",
    "end_checkout",
    "complete_checkout",
  ])("may not run %s, signed in or not (42501)", async (fn) => {
    const args: Record<string, Record<string, unknown>> = {
      reserve_conversion: { p_user_id: alice.user.id },
      finish_conversion: { p_reservation_id: crypto.randomUUID(), p_count: 0 },
      usage_status: { p_user_id: alice.user.id },
      hit_rate_limit: { p_user_id: alice.user.id, p_bucket: "ai", p_max: 1, p_window_seconds: 60 },
      begin_checkout: { p_user_id: alice.user.id, p_tier: "$30/month" },
      end_checkout: { p_user_id: alice.user.id },
      complete_checkout: {
        p_user_id: alice.user.id,
        p_tier: "$30/month",
        p_amount_cents: 0,
        p_card_last4: null,
        p_provider: "browser",
      },
    };
    for (const client of [alice.client, createAnonClient()]) {
      const call = client.rpc.bind(client) as unknown as Rpc;
      const { error } = await call(fn, args[fn]);
      expect(error?.code).toBe(PG.insufficientPrivilege);
    }
    expect((await status(alice)).tier).toBe("Freemium");
  });

  it("reads only its own usage", async () => {
    const { data } = await alice.client.from("usage").select("user_id, used");
    expect(data).toEqual([{ user_id: alice.user.id, used: 1 }]);
    const anon = await createAnonClient().from("usage").select("used");
    expect(anon.error?.code).toBe(PG.insufficientPrivilege);
  });

  it.each([
    [
      "insert",
      (c: TestUser) => c.client.from("usage").insert({ user_id: c.user.id, month: "2026-11-01", used: 0 }),
    ],
    ["update", (c: TestUser) => c.client.from("usage").update({ used: 0 }).eq("user_id", c.user.id)],
    [
      "upsert",
      (c: TestUser) => c.client.from("usage").upsert({ user_id: c.user.id, month: "2026-11-01", used: 0 }),
    ],
    ["delete", (c: TestUser) => c.client.from("usage").delete().eq("user_id", c.user.id)],
  ])("may not %s its own usage row (42501)", async (_what, write) => {
    const { error } = await write(alice);
    expect(error?.code).toBe(PG.insufficientPrivilege);
    expect((await status(alice)).used).toBe(1);
  });

  it.each(["usage_reservations", "rate_limit_hits"])("has no access at all to %s", async (table) => {
    const read = await alice.client.from(table as never).select("*");
    expect(read.error?.code).toBe(PG.insufficientPrivilege);
    const write = await alice.client.from(table as never).insert({ user_id: alice.user.id } as never);
    expect(write.error?.code).toBe(PG.insufficientPrivilege);
  });
});
