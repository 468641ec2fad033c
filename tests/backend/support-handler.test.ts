/// <reference types="node" />
// handleSubmitSupport (api/submit-support.ts) called directly with Request objects and a fake fetch, for
// what the real backend cannot be made to do: the auth server, the rate limit or the insert refusing or
// failing. The request's own checks are in support-checks.test.ts.
import { handleSubmitSupport } from "../../api/submit-support";
import { payload } from "./support-helpers";
import {
  TARGET,
  TOKEN,
  USER_ID,
  fakeSupabase,
  jsonResponse,
  RPC_PATH,
  workingSupabase,
  unreachableSupabase,
  request,
  answer,
  consoleError,
  watchConsoleErrors,
} from "./support-fakes";

describe("handleSubmitSupport, called directly", () => {
  watchConsoleErrors();

  it("files the row under the user the auth server names, with the server's role after the rate limit", async () => {
    const supabase = workingSupabase();
    const result = await answer(
      request(JSON.stringify(payload({ user_id: "someone-else", description: "  Help  " }))),
      supabase,
    );

    expect(result).toMatchObject({ status: 201, body: { ok: true, id: "row-1" } });
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect(supabase.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      "GET /auth/v1/user",
      `POST ${RPC_PATH}`,
      "POST /rest/v1/support_requests",
    ]);
    const [auth, rate, insert] = supabase.calls;
    expect(auth.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(auth.headers.get("apikey")).toBe(TARGET.publishableKey);
    // The rate limit and then the insert run with the secret key: the browser roles may not write
    // support_requests at all, so the limit cannot be walked around through /rest/v1.
    for (const call of [rate, insert]) {
      expect(call.headers.get("apikey")).toBe(TARGET.secretKey);
      expect(call.headers.get("authorization")).not.toContain(TOKEN);
    }
    expect(JSON.parse(rate.body ?? "null")).toEqual({
      p_user_id: USER_ID,
      p_bucket: "support",
      p_max: 5,
      p_window_seconds: 600,
    });
    expect(JSON.parse(insert.body ?? "null")).toEqual({
      user_id: USER_ID,
      description: "Help",
      type: "Billing Question",
    });
  });

  it("answers 401 when the auth server refuses the token", async () => {
    const supabase = fakeSupabase(() => jsonResponse(403, { code: 403, error_code: "bad_jwt", msg: "bad" }));

    const result = await answer(request(JSON.stringify(payload())), supabase);

    expect(result).toMatchObject({ status: 401, body: { error: "Please log in to contact support." } });
    expect(supabase.calls).toHaveLength(1);
  });

  it.each([
    ["fails", () => jsonResponse(503, { message: "down" })],
    [
      "cannot be reached",
      () => {
        throw new TypeError("fetch failed");
      },
    ],
  ])("answers 502 with the spec's message when the auth server %s", async (_label, respond) => {
    const result = await answer(request(JSON.stringify(payload())), fakeSupabase(respond));

    expect(result).toMatchObject({ status: 502, body: { error: "Failed to submit support request" } });
    expect(consoleError).toHaveBeenCalled();
  });

  it.each([
    [
      "row-level security refuses",
      403,
      { code: "42501", message: "new row violates row-level security" },
      403,
    ],
    ["the database fails", 500, { code: "XX000", message: "internal error" }, 500],
  ])("answers %s with the spec's message", async (_label, status, error, expected) => {
    const supabase = fakeSupabase((call) => {
      if (call.url.endsWith("/auth/v1/user")) return jsonResponse(200, { id: USER_ID, aud: "authenticated" });
      if (call.url.endsWith(RPC_PATH))
        return jsonResponse(200, { allowed: true, hits: 1, retry_after_ms: 0 });
      return jsonResponse(status, {
        ...error,
        details: "Failing row contains (secret description)",
        hint: null,
      });
    });

    const result = await answer(request(JSON.stringify(payload())), supabase);

    expect(result).toMatchObject({ status: expected, body: { error: "Failed to submit support request" } });
    // The refused row's details (which quote the description) stay out of the log.
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain("secret description");
  });

  it("answers 429 with Retry-After in whole seconds when the rate limit refuses, and inserts nothing", async () => {
    const supabase = workingSupabase({ allowed: false, hits: 6, retry_after_ms: 123_456 });

    const result = await answer(request(JSON.stringify(payload())), supabase);

    expect(result).toMatchObject({
      status: 429,
      body: { error: "Too many support requests. Please wait a few minutes and try again." },
    });
    expect(result.headers.get("retry-after")).toBe("124");
    expect(supabase.calls.map((call) => new URL(call.url).pathname)).toEqual(["/auth/v1/user", RPC_PATH]);
  });

  it("passes an injected limit to the database", async () => {
    const supabase = workingSupabase();

    const response = await handleSubmitSupport(request(JSON.stringify(payload())), {
      target: TARGET,
      fetch: supabase.fetch,
      rateLimit: { max: 2, windowSeconds: 30 },
    });

    expect(response.status).toBe(201);
    const rate = supabase.calls.find((call) => call.url.endsWith(RPC_PATH));
    expect(JSON.parse(rate?.body ?? "null")).toMatchObject({
      p_bucket: "support",
      p_max: 2,
      p_window_seconds: 30,
    });
  });

  it("counts only a valid request from a verified caller: a refused token or a bad body never reaches the limit", async () => {
    const refused = fakeSupabase(() => jsonResponse(403, { code: 403, error_code: "bad_jwt", msg: "bad" }));
    expect((await answer(request(JSON.stringify(payload())), refused)).status).toBe(401);
    expect(refused.calls.some((call) => call.url.endsWith(RPC_PATH))).toBe(false);

    expect((await answer(request(JSON.stringify(payload({ description: "" }))))).status).toBe(400);
  });

  it("answers 500 when the rate limit cannot be checked, and inserts nothing", async () => {
    const supabase = fakeSupabase((call) => {
      if (call.url.endsWith("/auth/v1/user")) return jsonResponse(200, { id: USER_ID, aud: "authenticated" });
      if (call.url.endsWith(RPC_PATH)) return jsonResponse(500, { code: "XX000", message: "internal error" });
      throw new Error("nothing may be inserted");
    });

    const result = await answer(request(JSON.stringify(payload())), supabase);

    expect(result).toMatchObject({ status: 500, body: { error: "Failed to submit support request" } });
    expect(String(consoleError.mock.calls[0]?.[0])).toContain("rate limit");
  });

  it("answers 500 without a secret key, naming the missing variable in the log, and reaches nothing", async () => {
    const response = await handleSubmitSupport(request(JSON.stringify(payload())), {
      target: { url: TARGET.url, publishableKey: TARGET.publishableKey },
      fetch: unreachableSupabase().fetch,
    });

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Failed to submit support request" });
    expect(String(consoleError.mock.calls[0]?.[0])).toContain("SUPABASE_SECRET_KEY");
  });
});
