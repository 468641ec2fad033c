/// <reference types="node" />
// The conversion count and rate limits of supabase/migrations (20261124000000_server_plans_and_usage.sql),
// called as the api/ handlers call them (the secret key, service_role) against the real local backend,
// with the clock moved through p_now. What the browser roles may not do: usage-access.test.ts.
import { TIERS as APP_TIERS } from "../../src/config/tiers";
import { signUpUser, type TestUser } from "./helpers";
import {
  service,
  rpc,
  NOV,
  at,
  reserve,
  finish,
  status,
  setTier,
  useUp,
  type Reserved,
} from "./usage-helpers";

describe("reserve, then commit or release", () => {
  it("counts a committed conversion and gives a released one back", async () => {
    const user = await signUpUser("usage-commit");
    const first = await reserve(user);
    expect(first).toMatchObject({ tier: "Freemium", monthly_limit: 3, used: 0, reserved: 1, remaining: 2 });

    expect(await finish(first.reservation_id!, 1)).toMatchObject({
      finished: true,
      used: 1,
      reserved: 0,
      remaining: 2,
    });

    const second = await reserve(user);
    expect(second.remaining).toBe(1);
    expect(await finish(second.reservation_id!, 0)).toMatchObject({
      finished: true,
      used: 1,
      reserved: 0,
      remaining: 2,
    });

    // The user reads their own month through the API: one conversion, in November (UTC).
    const { data } = await user.client.from("usage").select("month, used");
    expect(data).toEqual([{ month: "2026-11-01", used: 1 }]);
  });

  it("refuses a fourth Freemium conversion without reserving anything", async () => {
    const user = await signUpUser("usage-limit");
    await useUp(user, 3);

    const refused = await reserve(user);
    expect(refused).toMatchObject({ reservation_id: null, used: 3, reserved: 0, remaining: 0 });
    expect(await status(user)).toMatchObject({ used: 3, reserved: 0, remaining: 0 });
  });

  it("counts a reservation that is still held against the limit", async () => {
    const user = await signUpUser("usage-held");
    await useUp(user, 2);
    const last = await reserve(user);
    expect(last.reservation_id).not.toBeNull();

    expect((await reserve(user)).reservation_id).toBeNull();
    await finish(last.reservation_id!, 0);
    expect((await reserve(user)).reservation_id).not.toBeNull();
  });

  it("never counts a reservation twice", async () => {
    const user = await signUpUser("usage-twice");
    const held = await reserve(user);
    await finish(held.reservation_id!, 1);

    expect(await finish(held.reservation_id!, 1)).toMatchObject({ finished: false });
    expect((await status(user)).used).toBe(1);
  });

  it("refuses nonsense counts and lifetimes", async () => {
    const user = await signUpUser("usage-args");
    const { error } = await service()("reserve_conversion", { p_user_id: user.user.id, p_ttl_seconds: 0 });
    expect(error?.code).toBe("22023");
    const held = await reserve(user);
    const { error: countError } = await service()("finish_conversion", {
      p_reservation_id: held.reservation_id,
      p_count: -1,
    });
    expect(countError?.code).toBe("22023");
  });
});

describe("a reservation left behind by a crash", () => {
  it("stops counting once it expires, so the user is never blocked for good", async () => {
    const user = await signUpUser("usage-expiry");
    await useUp(user, 2);
    const stranded = await reserve(user, NOV, 60);
    expect(stranded.remaining).toBe(0);

    expect((await reserve(user, at(NOV, 59))).reservation_id).toBeNull();
    const later = await reserve(user, at(NOV, 61));
    expect(later.reservation_id).not.toBeNull();
    expect(later).toMatchObject({ used: 2, reserved: 1, remaining: 0 });
  });

  it("still counts a result that arrives after its reservation expired", async () => {
    const user = await signUpUser("usage-late");
    const slow = await reserve(user, NOV, 60);

    expect(await finish(slow.reservation_id!, 1, at(NOV, 600))).toMatchObject({ finished: true, used: 1 });
  });
});

describe("limits per plan and the month", () => {
  it("gives each plan the monthly limit the app shows", async () => {
    const user = await signUpUser("usage-plans");
    for (const tier of APP_TIERS) {
      await setTier(user, tier.id);
      expect(await status(user)).toMatchObject({
        tier: tier.id,
        monthly_limit: tier.limit,
        remaining: tier.limit,
      });
    }
  });

  it("raises the limit the moment the plan changes", async () => {
    const user = await signUpUser("usage-upgrade");
    await useUp(user, 3);
    expect((await reserve(user)).reservation_id).toBeNull();

    await setTier(user, "$5/month");
    const reserved = await reserve(user);
    expect(reserved).toMatchObject({ monthly_limit: 20, used: 3, reserved: 1, remaining: 16 });
  });

  it("starts every UTC month afresh", async () => {
    const user = await signUpUser("usage-rollover");
    await useUp(user, 3, "2026-11-30T23:59:59Z");
    expect((await reserve(user, "2026-11-30T23:59:59.500Z")).reservation_id).toBeNull();

    const december = await reserve(user, "2026-12-01T00:00:00Z");
    expect(december).toMatchObject({ used: 0, reserved: 1, remaining: 2 });
    await finish(december.reservation_id!, 1, "2026-12-01T00:00:01Z");
    // November keeps its own count.
    expect(await status(user, "2026-11-20T00:00:00Z")).toMatchObject({ used: 3, remaining: 0 });
    expect(await status(user, "2026-12-02T00:00:00Z")).toMatchObject({ used: 1, remaining: 2 });
  });
});

describe("the last conversion, asked for in parallel", () => {
  it("goes to exactly one of ten requests", async () => {
    const user = await signUpUser("usage-race");
    await useUp(user, 2);

    const attempts = await Promise.all(Array.from({ length: 10 }, () => reserve(user)));
    const granted = attempts.filter((attempt) => attempt.reservation_id !== null);
    expect(granted).toHaveLength(1);
    await finish(granted[0].reservation_id!, 1);
    expect(await status(user)).toMatchObject({ used: 3, reserved: 0, remaining: 0 });
  });
});

describe("rate limits", () => {
  it("are counted by reserve_conversion first, which then reserves nothing", async () => {
    const user = await signUpUser("rate-reserve");
    const limits = [{ bucket: "ai", max: 2, window_seconds: 60 }];
    const args = {
      p_user_id: user.user.id,
      p_ttl_seconds: 300,
      p_rate_limits: limits,
      p_now: "2026-11-15T12:00:30Z",
    };
    for (let i = 0; i < 2; i += 1)
      expect((await rpc<Reserved>("reserve_conversion", args)).retry_after_ms).toBeNull();

    const refused = await rpc<Reserved>("reserve_conversion", args);
    expect(refused).toMatchObject({
      reservation_id: null,
      retry_after_ms: 30_000,
      reserved: 2,
      remaining: 1,
    });
  });

  const hit = (user: TestUser, now: string, bucket = "ai", max = 3) =>
    rpc<{ allowed: boolean; hits: number; retry_after_ms: number }>("hit_rate_limit", {
      p_user_id: user.user.id,
      p_bucket: bucket,
      p_max: max,
      p_window_seconds: 60,
      p_now: now,
    });

  it("allows max requests a window, then says how long to wait", async () => {
    const user = await signUpUser("rate");
    const start = "2026-11-15T12:00:10Z";
    for (let i = 0; i < 3; i += 1) expect((await hit(user, start)).allowed).toBe(true);

    const refused = await hit(user, start);
    expect(refused).toMatchObject({ allowed: false, hits: 4 });
    expect(refused.retry_after_ms).toBe(50_000);
    // Another bucket and the next window are free again.
    expect((await hit(user, start, "checkout")).allowed).toBe(true);
    expect((await hit(user, "2026-11-15T12:01:00Z")).allowed).toBe(true);
  });
});
