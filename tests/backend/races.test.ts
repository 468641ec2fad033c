/// <reference types="node" />
// Races on the real PostgreSQL server (issue 25). Every request goes over HTTP to the local backend,
// which runs it as a transaction on a connection of its own (a pool of 40), so requests fired together
// are decided by the database's locks, not by one connection taking them in turn. The canary first
// proves that: the same race against a copy of reserve_conversion without its row lock must overshoot.
import { CANARY } from "./race-canary";
import { accessToken, signUpUser, type TestUser } from "./helpers";
import { rpc, service, status, useUp, NOV, type Reserved } from "./usage-helpers";
import { CARD, answerOf, paymentsOf, post as checkout } from "./checkout-helpers";
import { ownRows, post as submitSupport, payload } from "./support-helpers";

const FREEMIUM_LIMIT = 3;
const AT_ONCE = 40;

/** Fires `count` calls of `fn` at the same moment and waits for all of them. */
function together<T>(count: number, fn: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => fn(index)));
}

const reserveWith = (fn: string, user: TestUser) =>
  rpc<Reserved>(fn, { p_user_id: user.user.id, p_ttl_seconds: 300, p_now: NOV });

const granted = (answers: Reserved[]) => answers.filter((answer) => answer.reservation_id !== null).length;

describe("the harness is concurrent (canary)", () => {
  it(`overshoots a new Freemium user's ${FREEMIUM_LIMIT} with ${AT_ONCE} requests when the lock is gone`, async () => {
    const user = await signUpUser("race-canary");
    const answers = await together(AT_ONCE, () => reserveWith(CANARY, user));
    // Without the lock each request counts the reservations the others have not committed yet.
    expect(granted(answers), "the races below prove nothing: requests did not overlap").toBeGreaterThan(
      FREEMIUM_LIMIT,
    );
  });
});

describe("races the database decides", () => {
  it(`grants a new Freemium user exactly ${FREEMIUM_LIMIT} of ${AT_ONCE} at once`, async () => {
    const user = await signUpUser("race-new");
    const answers = await together(AT_ONCE, () => reserveWith("reserve_conversion", user));
    expect(granted(answers)).toBe(FREEMIUM_LIMIT);
    expect(await status(user)).toMatchObject({ used: 0, reserved: FREEMIUM_LIMIT, remaining: 0 });
  });

  it(`grants the last conversion once of ${AT_ONCE} at once`, async () => {
    const user = await signUpUser("race-last");
    await useUp(user, FREEMIUM_LIMIT - 1);
    const answers = await together(AT_ONCE, () => reserveWith("reserve_conversion", user));
    expect(granted(answers)).toBe(1);
  });

  it("gives 20 users x 10 at once exactly 3 each", async () => {
    const users = await together(20, (i) => signUpUser(`race-many-${i}`));
    const answers = await together(users.length * 10, (i) =>
      reserveWith("reserve_conversion", users[i % users.length]),
    );
    expect(granted(answers)).toBe(users.length * FREEMIUM_LIMIT);
    for (const user of users) expect((await status(user)).reserved).toBe(FREEMIUM_LIMIT);
  });

  it("counts every result while new reservations race its commit, and never deadlocks", async () => {
    const user = await signUpUser("race-commit");
    const first = await reserveWith("reserve_conversion", user);
    const second = await reserveWith("reserve_conversion", user);
    // Both results come back while 20 more requests race for what is left.
    const [done1, done2, ...others] = await Promise.all([
      rpc<{ finished: boolean }>("finish_conversion", {
        p_reservation_id: first.reservation_id,
        p_count: 1,
        p_now: NOV,
      }),
      rpc<{ finished: boolean }>("finish_conversion", {
        p_reservation_id: second.reservation_id,
        p_count: 1,
        p_now: NOV,
      }),
      ...Array.from({ length: 20 }, () => reserveWith("reserve_conversion", user)),
    ]);
    expect([done1.finished, done2.finished]).toEqual([true, true]);
    expect(granted(others)).toBe(1);
    expect(await status(user)).toMatchObject({ used: 2, reserved: 1, remaining: 0 });
  });

  it("lets exactly the rate limit's number through of 30 at once", async () => {
    const user = await signUpUser("race-rate");
    const hits = await together(30, () =>
      rpc<{ allowed: boolean }>("hit_rate_limit", {
        p_user_id: user.user.id,
        p_bucket: "race",
        p_max: 5,
        p_window_seconds: 3600,
      }),
    );
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(5);
  });

  it("takes one of 10 checkouts started at once for the same user", async () => {
    const user = await signUpUser("race-begin");
    const call = service();
    const answers = await together(10, async () => {
      const { data, error } = await call("begin_checkout", {
        p_user_id: user.user.id,
        p_tier: "$10/month",
        p_ttl_seconds: 120,
      });
      expect(error).toBeNull();
      return (data as { acquired: boolean }[])[0];
    });
    expect(answers.filter((answer) => answer.acquired)).toHaveLength(1);
  });

  it("charges one payment for two checkouts sent at once", async () => {
    const user = await signUpUser("race-pay");
    const token = await accessToken(user);
    const responses = await together(2, () => checkout({ tier: "$10/month", card: CARD }, token));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    expect((await answerOf(responses.find((r) => r.status === 200)!)).tier).toBe("$10/month");
    expect(await paymentsOf(user)).toHaveLength(1);
  });

  it("stores 5 of 12 support requests sent at once, and refuses the rest with 429", async () => {
    const user = await signUpUser("race-support");
    const token = await accessToken(user);
    const responses = await together(12, (i) =>
      submitSupport(payload({ description: `Request ${i}` }), token),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((code) => code === 201)).toHaveLength(5);
    expect(statuses.filter((code) => code === 429)).toHaveLength(7);
    expect(await ownRows(user)).toHaveLength(5);
  });
});
