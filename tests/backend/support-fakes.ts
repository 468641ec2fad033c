/// <reference types="node" />
// handleSubmitSupport's stand-ins for Supabase: a recording fetch that answers each route as the test
// says, one that answers as a working backend does, and one that must never be reached.
import { handleSubmitSupport } from "../../api/submit-support";
import { type Payload } from "./support-helpers";

export const TARGET = {
  url: "http://supabase.fake",
  publishableKey: "sb_publishable_fake",
  secretKey: "sb_secret_fake",
};
export const TOKEN = "header.payload.signature";
export const USER_ID = "11111111-1111-4111-8111-111111111111";

export type Call = { url: string; method: string; headers: Headers; body: string | null };

/** A fetch standing in for Supabase: each route answers with `respond`, every call is recorded. */
export function fakeSupabase(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const call = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.method === "GET" ? null : await request.text(),
    };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetch: fakeFetch };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export const RPC_PATH = "/rest/v1/rpc/hit_rate_limit";

/** Supabase answering as it does for a valid token, a request under the limit and an accepted insert. */
export function workingSupabase(rate = { allowed: true, hits: 1, retry_after_ms: 0 }) {
  return fakeSupabase((call) => {
    if (call.url.endsWith("/auth/v1/user")) {
      return jsonResponse(200, { id: USER_ID, aud: "authenticated", email: "ada@example.com" });
    }
    if (call.url.endsWith(RPC_PATH)) return jsonResponse(200, rate);
    return jsonResponse(201, { id: "row-1" });
  });
}

/** Supabase that must not be reached: validation answers first. */
export function unreachableSupabase() {
  return fakeSupabase(() => {
    throw new Error("Supabase must not be called");
  });
}

export function request(
  body: BodyInit | null,
  init: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Request("http://app.test/api/submit-support", {
    method: init.method ?? "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...init.headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

export async function answer(req: Request, supabase = unreachableSupabase()) {
  const response = await handleSubmitSupport(req, { target: TARGET, fetch: supabase.fetch });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Payload };
}

/** console.error while a test of the handler runs (silenced, and read by some tests). */
export let consoleError: ReturnType<typeof vi.spyOn>;

/** Silences console.error around each test, and checks that whatever was logged never holds the token. */
export function watchConsoleErrors() {
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    for (const args of consoleError.mock.calls) expect(JSON.stringify(args)).not.toContain(TOKEN);
    consoleError.mockRestore();
  });
}
