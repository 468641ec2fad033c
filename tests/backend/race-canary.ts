/// <reference types="node" />
// The race canary (issue 25): a copy of reserve_conversion without its row lock, made from the
// function's own current definition on the server, so it is the same race with one thing taken away.
// It also pauses 200 ms between reading the user's count and reserving, so that requests that are in
// the database at the same time all read the same count and every overlap shows. Measured on a busy
// 2-core machine through the local backend: 5 to 34 of 40 granted without the pause (the backend's own
// work per request, in one Node process, spreads requests out), 35 to 40 with it. One connection taking
// requests in turn, as PGlite does, would grant exactly 3 either way.
import postgres from "postgres";

/** The canary's name: `test_` so it is plainly not the app's (and the generated types leave it out). */
export const CANARY = "test_race_canary_reserve";

/** The statement that creates or locks the user's usage row; the canary is the function without it. */
const LOCK =
  /\n\s*insert into public\.usage as u \(user_id, month, used\) values \(p_user_id, v_month, 0\)\s*\n\s*on conflict \(user_id, month\) do update set used = u\.used;/;

/** Where the canary reads the count it then acts on. */
const READ = "select * into v_status from public.usage_status(p_user_id, p_now);";

/** Creates the canary next to reserve_conversion, executable by the server's role only. */
export async function createRaceCanary(databaseUrl: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const [{ definition }] = await sql<{ definition: string }[]>`
      select pg_get_functiondef('public.reserve_conversion(uuid, integer, jsonb, timestamptz)'::regprocedure)
        as definition`;
    if (!LOCK.test(definition) || !definition.includes(READ)) {
      throw new Error("reserve_conversion changed: update LOCK and READ in tests/backend/race-canary.ts.");
    }
    const unlocked = definition
      .replace(LOCK, "")
      .replace(READ, `${READ}\n  perform pg_sleep(0.2);`)
      .replace("FUNCTION public.reserve_conversion(", `FUNCTION public.${CANARY}(`);
    await sql.unsafe(unlocked);
    await sql.unsafe(`
      revoke execute on function public.${CANARY}(uuid, integer, jsonb, timestamptz) from public, anon, authenticated;
      grant execute on function public.${CANARY}(uuid, integer, jsonb, timestamptz) to service_role;`);
  } finally {
    await sql.end();
  }
}
