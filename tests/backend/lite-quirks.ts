// Known differences between @supabase/lite 0.10 and hosted Supabase/PostgREST that the backend tests
// meet (they run lite's postgres driver on a real PostgreSQL server; `npm run dev` and `npm start` run
// its PGlite driver, which has the same quirks), each with the smallest adapter that lets the tests assert the hosted behaviour.
// Each quirk has a canary test in rls.test.ts ("@supabase/lite 0.10 quirks"): when a lite upgrade fixes
// one, its canary fails, and the adapter (and the canary) should be deleted.
//
// 1. CHECK violations come back as HTTP 500 with code "SUP".
//    PostgREST answers a Postgres check_violation (SQLSTATE 23514) with HTTP 400 and code "23514".
//    lite's REST error mapper passes through SQLSTATE classes 21/22/42 and 23502/23503/23505 from the
//    Postgres path, but not 23514: it falls through to its catch-all, HTTP 500,
//    { code: "SUP", message: 'error: new row for relation "t" violates check constraint "c"' }, where
//    the prefix is the driver's error class: "error" from PGlite, "PostgresError" from postgres.js.
//    The constraint name and message survive, so `normalizeCheckViolation` rewrites exactly that shape
//    into the hosted one and leaves every other response untouched.
//
// 2. Table privileges are re-granted (neutralised). On the first request that needs RLS, lite's PGlite
//    connection runs `GRANT ALL ON ALL TABLES IN SCHEMA public TO anon, authenticated, service_role`,
//    which would undo the migrations' REVOKEs. server/backend/plugin.ts runs that step at boot and
//    replays the migrations' own GRANT and REVOKE statements right after it, so locally, as hosted, a
//    command a role has no privilege for is refused with 42501 "permission denied for table ..." before
//    any policy is asked. No adapter: its canary now asserts that the privileges hold (anon reading
//    support_requests gets 42501); if it fails, the plugin's fix stopped working.
import { PostgrestError } from "@supabase/supabase-js";

type RestResult = { error: PostgrestError | null; status: number };

const LITE_CHECK_VIOLATION =
  /^(?:error|PostgresError): (new row for relation "[^"]+" violates check constraint "[^"]+")$/;

/** Quirk 1: rewrites lite's `500 SUP` answer to a check violation into PostgREST's `400 23514`. */
export function normalizeCheckViolation<R extends RestResult>(result: R): R {
  const match = result.error?.code === "SUP" ? LITE_CHECK_VIOLATION.exec(result.error.message) : null;
  if (!result.error || result.status !== 500 || !match) return result;
  const { details, hint } = result.error;
  const error = new PostgrestError({ message: match[1], details, hint, code: "23514" });
  return { ...result, error, status: 400 };
}

/** Whether a response is lite's raw `500 SUP` check-violation shape (for the canary test). */
export function isLiteRawCheckViolation(result: RestResult): boolean {
  return (
    result.status === 500 && result.error?.code === "SUP" && LITE_CHECK_VIOLATION.test(result.error.message)
  );
}
