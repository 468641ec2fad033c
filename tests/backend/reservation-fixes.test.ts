/// <reference types="node" />
// The two reservation bugs the real server showed (issue 25), each forced to happen:
// - a result that arrives after its reservation expired, when another request tidied reservations
//   away in between, was not counted (finish_conversion answered finished: false);
// - a finish and a reservation for the same user took their locks in opposite orders (reservation then
//   usage row, usage row then reservations): interleaved, the server answered 40P01 deadlock detected
//   and the result went uncounted.
// The second is forced on separate connections with the database's own locks: a third connection
// holds the user's usage row while the reservation and then the finish queue up behind it.
import postgres from "postgres";
import { inject } from "vitest";
import { signUpUser, type TestUser } from "./helpers";
import { at, finish, reserve, rpc, status, useUp, NOV } from "./usage-helpers";

let sql: postgres.Sql;

beforeAll(() => {
  sql = postgres(inject("databaseUrl"), { max: 4, onnotice: () => undefined });
});

afterAll(async () => {
  await sql.end();
});

/** Waits until `count` backends wait for a lock (bounded: 10 s, then the test fails). */
async function waitForLockWaiters(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [{ waiting }] = await sql<{ waiting: number }[]>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    if (waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Fewer than ${count} queries waited for a lock within 10 s.`);
}

const month = (iso: string) => `${iso.slice(0, 7)}-01`;

describe("a result delivered is always counted", () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await signUpUser("late-result");
  });

  it("counts a result that arrives after its reservation expired and another request came in between", async () => {
    const late = await reserve(user, NOV, 300);
    // 400 s later the reservation has expired; a new request reserves (and used to delete it).
    const next = await reserve(user, at(NOV, 400), 300);
    expect(next.reservation_id).not.toBeNull();

    const finished = await finish(late.reservation_id!, 1, at(NOV, 401));
    expect(finished.finished).toBe(true);
    expect(await status(user, at(NOV, 401))).toMatchObject({ used: 1, reserved: 1 });
  });

  it("never counts one result twice, however often its commit is sent", async () => {
    const reserved = await reserve(user);
    expect((await finish(reserved.reservation_id!, 1)).finished).toBe(true);
    expect((await finish(reserved.reservation_id!, 1)).finished).toBe(false);
    expect(await status(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("tidies away only reservations that expired more than a day ago", async () => {
    const old = await reserve(user, NOV, 300);
    await reserve(user, at(NOV, 300 + 86_400 + 1), 300);
    expect((await finish(old.reservation_id!, 1, at(NOV, 300 + 86_400 + 2))).finished).toBe(false);
  });

  it("lets a finish and a reservation for the same user queue on its usage row without a deadlock", async () => {
    await useUp(user, 1);
    const expired = await reserve(user, NOV, 300);
    const holder = await sql.reserve();
    try {
      await holder`begin`;
      await holder`select used from public.usage
        where user_id = ${user.user.id} and month = ${month(NOV)} for update`;
      // The reservation queues first, then the finish of the result that was on its way.
      const reserving = sql`select * from public.reserve_conversion(
        ${user.user.id}::uuid, 300, '[]'::jsonb, ${at(NOV, 400)}::timestamptz)`;
      const reservingDone = reserving.execute().then(
        (rows) => ({ ok: true as const, rows }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await waitForLockWaiters(1);
      const finishing = sql`select * from public.finish_conversion(
        ${expired.reservation_id}::uuid, 1, ${at(NOV, 401)}::timestamptz)`;
      const finishingDone = finishing.execute().then(
        (rows) => ({ ok: true as const, rows }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await waitForLockWaiters(2);
      await holder`commit`;

      const [reserved, finished] = await Promise.all([reservingDone, finishingDone]);
      const failure = [reserved, finished].find((outcome) => !outcome.ok);
      expect(failure && "error" in failure ? String(failure.error) : null).toBeNull();
      expect(finished.ok && finished.rows[0]?.finished).toBe(true);
      expect(reserved.ok && reserved.rows[0]?.reservation_id).toBeTruthy();
    } finally {
      await holder`rollback`.catch(() => undefined);
      holder.release();
    }
    expect(await status(user, at(NOV, 401))).toMatchObject({ used: 2, reserved: 1 });
  });
});

describe("finish_and_record: the end of a call and its record in one database call", () => {
  const call = (user: TestUser, tool: string) => ({
    user_id: user.user.id,
    tier: "Freemium",
    tool,
    model: "gemini-nano-banana-2.1",
    kind: "image",
    image_size: "1K",
    counted: true,
    failure: null,
    http_status: 200,
    prompt_tokens: 300,
    candidates_tokens: 1290,
    thoughts_tokens: null,
    cost_usd_micros: 39_150,
    cost_basis: "tokens",
  });
  const recorded = (user: TestUser) =>
    sql<{ tool: string; cost_usd_micros: string }[]>`
      select tool, cost_usd_micros::text from public.ai_calls where user_id = ${user.user.id}`;
  const finishAndRecord = (id: string, row: object) =>
    rpc<{ finished: boolean }>("finish_and_record", {
      p_reservation_id: id,
      p_count: 1,
      p_call: row,
      p_now: NOV,
    });

  it("counts the result and records the call", async () => {
    const user = await signUpUser("finish-record");
    const reserved = await reserve(user);
    expect((await finishAndRecord(reserved.reservation_id!, call(user, "hulk"))).finished).toBe(true);
    expect(await status(user)).toMatchObject({ used: 1, reserved: 0 });
    expect(await recorded(user)).toEqual([{ tool: "hulk", cost_usd_micros: "39150" }]);
  });

  it("still counts the result when the table refuses the record", async () => {
    const user = await signUpUser("finish-record-refused");
    const reserved = await reserve(user);
    // A tool name the table's check refuses: the record is dropped with a warning, the count stands.
    expect((await finishAndRecord(reserved.reservation_id!, call(user, "Not A Tool!"))).finished).toBe(true);
    expect(await status(user)).toMatchObject({ used: 1, reserved: 0 });
    expect(await recorded(user)).toEqual([]);
  });
});
