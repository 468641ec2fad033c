/// <reference types="node" />
// POST /api/submit-support (api/submit-support.ts). Over HTTP against the real local backend of
// global-setup.ts, whose Vite server mounts api/ through server/api/plugin.ts exactly as `npm run dev`
// does; and the handler called directly with Request objects and a fake fetch for what the real backend
// cannot be made to do (fail, refuse) and for the validation rules, which never reach Supabase.
import handler, {
  handleSubmitSupport,
  MAX_BODY_BYTES,
  MESSAGES,
  RATE_LIMIT,
  validateSupportRequest,
} from "../../api/submit-support";
import { supabaseTarget } from "../../api/_lib/supabase";
import { LOCAL_PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";
import { ISSUE_TYPES } from "../../src/config/support";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SupabaseClient } from "@supabase/supabase-js";
import { API_MESSAGES, createApiMiddleware } from "../../server/api/plugin";
import {
  createAnonClient,
  createServiceClient,
  PUBLISHABLE_KEY,
  secretKey,
  signUpUser,
  supabaseUrl,
  type TestUser,
} from "./helpers";

const ENDPOINT = "/api/submit-support";

type Payload = Record<string, unknown>;

function payload(overrides: Payload = {}): Payload {
  return {
    name: "Ada Lovelace",
    email: "ada@example.com",
    issueType: "Billing Question",
    description: "I was charged twice this month.",
    ...overrides,
  };
}

async function accessToken(user: TestUser): Promise<string> {
  const { data, error } = await user.client.auth.getSession();
  if (error || !data.session) throw new Error(`No session for ${user.email}`);
  return data.session.access_token;
}

type PostOptions = {
  token?: string | null;
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
};

/** Sends a request to the running server; the body defaults to `payload()` as JSON. */
function send(options: PostOptions = {}, path = ENDPOINT): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? "POST";
  const body =
    options.body !== undefined ? options.body : method === "GET" ? null : JSON.stringify(payload());
  return fetch(`${supabaseUrl()}${path}`, { method, headers, body });
}

function post(body: Payload, token: string | null): Promise<Response> {
  return send({ token, body: JSON.stringify(body) });
}

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: unknown };
  return String(body.error);
}

async function ownRows(user: TestUser) {
  const { data, error } = await user.client
    .from("support_requests")
    .select("id, user_id, description, type")
    .order("created_at");
  expect(error).toBeNull();
  return data ?? [];
}

/** Runs `act`; its result and the rows `user` gained meanwhile (of all the rows they can see). */
async function withNewRows<T>(user: TestUser, act: () => Promise<T>) {
  const before = await ownRows(user);
  const result = await act();
  const after = await ownRows(user);
  return { result, added: after.filter((row) => !before.some((old) => old.id === row.id)) };
}

describe("POST /api/submit-support on the running server", () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUpUser("support-alice"), signUpUser("support-bob")]);
    [aliceToken, bobToken] = await Promise.all([accessToken(alice), accessToken(bob)]);
  });

  it("stores exactly one row for the caller, with the issue type and the trimmed description", async () => {
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ description: "  The download button does nothing.\n" }), aliceToken),
    );

    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(body).toEqual({ ok: true, id: expect.any(String) });
    expect(added).toEqual([
      {
        id: body.id,
        user_id: alice.user.id,
        description: "The download button does nothing.",
        type: "Billing Question",
      },
    ]);
  });

  it.each(ISSUE_TYPES)("accepts the issue type %s", async (issueType) => {
    const { result: response, added } = await withNewRows(bob, () => post(payload({ issueType }), bobToken));

    expect(response.status).toBe(201);

    expect(added.map((row) => row.type)).toEqual([issueType]);
  });

  it("stores a description of exactly 5000 characters, counted as Postgres counts them", async () => {
    // 5000 emoji: 10,000 UTF-16 units and 20,000 bytes, but 5000 characters for the database.
    const description = "🥒".repeat(5000);
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ description }), aliceToken),
    );

    expect(response.status).toBe(201);

    expect(added.map((row) => row.description)).toEqual([description]);
  });

  it.each([
    ["empty", ""],
    ["whitespace only", " \n\t  "],
  ])("refuses a blank description (%s) with the spec's message and stores nothing", async (_label, text) => {
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ description: text }), aliceToken),
    );

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please provide a description of your issue");
    expect(added).toEqual([]);
  });

  it("refuses a description over 5000 characters", async () => {
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ description: "a".repeat(5001) }), aliceToken),
    );

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("The description must be at most 5000 characters.");
    expect(added).toEqual([]);
  });

  it("refuses an issue type outside the four", async () => {
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ issueType: "technical issue" }), aliceToken),
    );

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(
      "The issue type must be one of: Technical Issue, Billing Question, Feature Request, Other.",
    );

    expect(added).toEqual([]);
  });

  it("refuses an invalid email address and an overlong name", async () => {
    const badEmail = await post(payload({ email: "not-an-email" }), aliceToken);
    expect(badEmail.status).toBe(400);
    expect(await errorOf(badEmail)).toBe("Please provide a valid email address.");

    const longName = await post(payload({ name: "n".repeat(101) }), aliceToken);
    expect(longName.status).toBe(400);
    expect(await errorOf(longName)).toBe("The name must be text of at most 100 characters.");
  });

  it("refuses a body that is not JSON", async () => {
    const response = await send({ token: aliceToken, body: "{ description: oops" });

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("The request body must be JSON.");
  });

  it("refuses a body that is not declared as JSON with 415", async () => {
    const response = await send({
      token: aliceToken,
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(payload()),
    });

    expect(response.status).toBe(415);
    expect(await errorOf(response)).toBe("The request body must be JSON (Content-Type: application/json).");
  });

  it("refuses an oversized body (over 32 KiB) with 413 and stores nothing", async () => {
    expect(MAX_BODY_BYTES).toBe(32 * 1024);
    // 40,000 characters: more than the handler takes, far less than the server's 1 MiB buffer.
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ description: "x".repeat(40_000) }), aliceToken),
    );

    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("The request is too large.");
    expect(added).toEqual([]);
  });

  it("refuses an oversized body sent without a Content-Length (chunked) with 413", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64 * 1024) {
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${supabaseUrl()}${ENDPOINT}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${aliceToken}` },
      body: stream,
      duplex: "half",
    } as RequestInit);

    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("The request is too large.");
  });

  it("refuses a body past the server's 1 MiB buffer with 413 before any handler runs", async () => {
    const response = await send({ token: aliceToken, body: "x".repeat(1024 * 1024 + 1) });

    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe("The request is too large.");
  });

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await send({ token: aliceToken, method, body: method === "GET" ? null : "{}" });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await errorOf(response)).toBe("Only POST is allowed here.");
  });

  it("refuses an anonymous caller with 401 and stores nothing", async () => {
    const { result: response, added } = await withNewRows(alice, () => post(payload(), null));

    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("Please log in to contact support.");
    expect(added).toEqual([]);
  });

  it.each([
    ["a random string", () => "not-a-token"],
    ["the publishable key", () => PUBLISHABLE_KEY],
    ["a token with a forged signature", () => `${aliceToken.slice(0, aliceToken.lastIndexOf(".") + 1)}AAAA`],
    ["a token with forged claims", () => forgeSubject(aliceToken, bob.user.id)],
  ])("refuses %s as the token with 401 and stores nothing", async (_label, token) => {
    const before = await Promise.all([ownRows(alice), ownRows(bob)]);
    const response = await post(payload(), token());
    const after = await Promise.all([ownRows(alice), ownRows(bob)]);

    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("Please log in to contact support.");
    expect(after).toEqual(before);
  });

  it("ignores a user_id in the body: the row belongs to the caller, never to the named user", async () => {
    const bobBefore = await ownRows(bob);
    const { result: response, added: addedForAlice } = await withNewRows(alice, () =>
      post(payload({ user_id: bob.user.id, userId: bob.user.id }), aliceToken),
    );

    expect(response.status).toBe(201);
    expect(addedForAlice).toHaveLength(1);
    expect(addedForAlice[0].user_id).toBe(alice.user.id);
    expect(await ownRows(bob)).toEqual(bobBefore);
  });

  it("lets two users each see only their own requests", async () => {
    const [carol, dave] = await Promise.all([signUpUser("support-carol"), signUpUser("support-dave")]);
    const [carolToken, daveToken] = await Promise.all([accessToken(carol), accessToken(dave)]);

    const responses = await Promise.all([
      post(payload({ description: "Carol's question" }), carolToken),
      post(payload({ description: "Dave's first question", issueType: "Other" }), daveToken),
      post(payload({ description: "Dave's second question", issueType: "Feature Request" }), daveToken),
    ]);
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);

    const carolRows = await ownRows(carol);
    const daveRows = await ownRows(dave);
    expect(carolRows.map((row) => [row.user_id, row.description])).toEqual([
      [carol.user.id, "Carol's question"],
    ]);
    expect(daveRows.map((row) => row.user_id)).toEqual([dave.user.id, dave.user.id]);
    expect(daveRows.map((row) => row.description).sort()).toEqual([
      "Dave's first question",
      "Dave's second question",
    ]);
    // Nobody without a session sees any of them.
    const { data } = await createAnonClient().from("support_requests").select("id");
    expect(data ?? []).toEqual([]);
  });

  it.each(["/api/nope", "/api", "/api/submit-support/extra"])("answers %s with a JSON 404", async (path) => {
    const response = await send({ token: aliceToken }, path);

    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("There is no such API endpoint.");
  });

  it("leaves everything outside /api to the rest of the server", async () => {
    const response = await fetch(`${supabaseUrl()}/auth/v1/health`, { headers: { apikey: PUBLISHABLE_KEY } });

    expect(response.status).toBe(200);
  });
});

describe("the rate limit of POST /api/submit-support (per user, kept in the database)", () => {
  it("is 5 requests per user in 10 minutes, in the support bucket", () => {
    expect(RATE_LIMIT).toEqual({ bucket: "support", max: 5, windowSeconds: 600 });
  });

  it("over HTTP: of 8 requests sent at once, 5 are stored and 3 get 429 with Retry-After; another user is not held up", async () => {
    const [erin, frank] = await Promise.all([signUpUser("support-erin"), signUpUser("support-frank")]);
    const [erinToken, frankToken] = await Promise.all([accessToken(erin), accessToken(frank)]);

    const { result: responses, added } = await withNewRows(erin, () =>
      Promise.all(
        Array.from({ length: 8 }, (_, i) => post(payload({ description: `Burst ${i}` }), erinToken)),
      ),
    );

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(added).toHaveLength(5);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(await errorOf(response)).toBe(
        "Too many support requests. Please wait a few minutes and try again.",
      );
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    // Still refused afterwards, and still nothing stored.
    const { result: again, added: none } = await withNewRows(erin, () => post(payload(), erinToken));
    expect(again.status).toBe(429);
    expect(none).toEqual([]);

    const other = await post(payload({ description: "Frank's own request" }), frankToken);
    expect(other.status).toBe(201);
  });

  it("called directly against the running backend: the limit is injectable, and the count is the database's", async () => {
    const grace = await signUpUser("support-grace");
    const token = await accessToken(grace);
    const target = { url: supabaseUrl(), publishableKey: PUBLISHABLE_KEY, secretKey: secretKey() };
    const send = () =>
      handleSubmitSupport(
        new Request("http://app.test/api/submit-support", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(payload()),
        }),
        { target, rateLimit: { max: 2, windowSeconds: 600 } },
      );

    const { result: statuses, added } = await withNewRows(grace, async () => [
      (await send()).status,
      (await send()).status,
      (await send()).status,
    ]);

    expect(statuses).toEqual([201, 201, 429]);
    expect(added).toHaveLength(2);
    // The count lives in the database (rate_limit_hits is not in the typed schema: the server's own table).
    const service = createServiceClient() as unknown as SupabaseClient;
    const { data, error } = await service
      .from("rate_limit_hits")
      .select("bucket, hits")
      .eq("user_id", grace.user.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ bucket: "support", hits: 3 }]);
  });
});

/** A JWT whose payload names another user, keeping the original header and signature. */
function forgeSubject(token: string, subject: string): string {
  const [header, body, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: subject })).toString("base64url");
  return [header, forged, signature].join(".");
}

describe("handleSubmitSupport, called directly", () => {
  const TARGET = {
    url: "http://supabase.fake",
    publishableKey: "sb_publishable_fake",
    secretKey: "sb_secret_fake",
  };
  const TOKEN = "header.payload.signature";
  const USER_ID = "11111111-1111-4111-8111-111111111111";

  type Call = { url: string; method: string; headers: Headers; body: string | null };

  /** A fetch standing in for Supabase: each route answers with `respond`, every call is recorded. */
  function fakeSupabase(respond: (call: Call) => Response | Promise<Response>) {
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

  const jsonResponse = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  const RPC_PATH = "/rest/v1/rpc/hit_rate_limit";

  /** Supabase answering as it does for a valid token, a request under the limit and an accepted insert. */
  function workingSupabase(rate = { allowed: true, hits: 1, retry_after_ms: 0 }) {
    return fakeSupabase((call) => {
      if (call.url.endsWith("/auth/v1/user")) {
        return jsonResponse(200, { id: USER_ID, aud: "authenticated", email: "ada@example.com" });
      }
      if (call.url.endsWith(RPC_PATH)) return jsonResponse(200, rate);
      return jsonResponse(201, { id: "row-1" });
    });
  }

  /** Supabase that must not be reached: validation answers first. */
  function unreachableSupabase() {
    return fakeSupabase(() => {
      throw new Error("Supabase must not be called");
    });
  }

  function request(body: BodyInit | null, init: { method?: string; headers?: Record<string, string> } = {}) {
    return new Request("http://app.test/api/submit-support", {
      method: init.method ?? "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...init.headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  }

  async function answer(req: Request, supabase = unreachableSupabase()) {
    const response = await handleSubmitSupport(req, { target: TARGET, fetch: supabase.fetch });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Payload };
  }

  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    // Whatever was logged, the caller's token never is.
    for (const args of consoleError.mock.calls) expect(JSON.stringify(args)).not.toContain(TOKEN);
    consoleError.mockRestore();
  });

  it("files the row under the user the auth server names, with the caller's token", async () => {
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
    for (const call of [auth, insert]) {
      expect(call.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      expect(call.headers.get("apikey")).toBe(TARGET.publishableKey);
    }
    // Only the rate limit runs with the secret key (hit_rate_limit is service_role only).
    expect(rate.headers.get("apikey")).toBe(TARGET.secretKey);
    expect(rate.headers.get("authorization")).not.toContain(TOKEN);
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

  it.each(["application/json; charset=utf-8", "Application/JSON"])(
    "accepts Content-Type %s",
    async (type) => {
      const result = await answer(
        request(JSON.stringify(payload()), { headers: { "content-type": type } }),
        workingSupabase(),
      );

      expect(result.status).toBe(201);
    },
  );

  it.each(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"])("answers %s with 405", async (method) => {
    const hasBody = method !== "GET" && method !== "HEAD";
    const response = await handleSubmitSupport(request(hasBody ? "{}" : null, { method }), {
      target: TARGET,
      fetch: unreachableSupabase().fetch,
    });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it.each([
    ["no Authorization header", { authorization: "" }],
    ["a Basic Authorization header", { authorization: "Basic dXNlcjpwdw==" }],
    ["an empty bearer token", { authorization: "Bearer " }],
  ])("answers %s with 401 before reading the body", async (_label, headers) => {
    const result = await answer(request("not even json", { headers }));

    expect(result).toEqual({
      status: 401,
      headers: expect.any(Headers),
      body: { error: "Please log in to contact support." },
    });
  });

  it.each([
    ["no Content-Type", { "content-type": "" }],
    ["text/plain", { "content-type": "text/plain" }],
    ["a form", { "content-type": "application/x-www-form-urlencoded" }],
  ])("answers %s with 415", async (_label, headers) => {
    const result = await answer(request(JSON.stringify(payload()), { headers }));

    expect(result.status).toBe(415);
    expect(result.body.error).toBe(MESSAGES.unsupportedMediaType);
  });

  it("answers 413 from a declared Content-Length alone", async () => {
    const result = await answer(request("{}", { headers: { "content-length": String(MAX_BODY_BYTES + 1) } }));

    expect(result).toMatchObject({ status: 413, body: { error: "The request is too large." } });
  });

  it("stops reading an undeclared body as soon as it passes the limit", async () => {
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
      cancel() {
        cancelled = true;
      },
    });

    const result = await answer(request(stream));

    expect(result).toMatchObject({ status: 413, body: { error: "The request is too large." } });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 1024);
  });

  it("accepts a body of exactly the limit", async () => {
    const body = JSON.stringify(payload({ description: "d" }));
    const padded = body + " ".repeat(MAX_BODY_BYTES - new TextEncoder().encode(body).byteLength);

    expect((await answer(request(padded), workingSupabase())).status).toBe(201);
  });

  it.each([
    ["not JSON", "{ nope", MESSAGES.notJson],
    ["empty", "", MESSAGES.notJson],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0x7d]), MESSAGES.notJson],
    ["an array", JSON.stringify([payload()]), MESSAGES.notAnObject],
    ["null", "null", MESSAGES.notAnObject],
    ["a string", JSON.stringify("help"), MESSAGES.notAnObject],
  ])("answers a body that is %s with 400", async (_label, body, message) => {
    const result = await answer(request(body));

    expect(result).toMatchObject({ status: 400, body: { error: message } });
  });

  it.each<[string, Payload, string]>([
    ["a missing name", { name: undefined }, MESSAGES.name],
    ["a name that is not text", { name: 42 }, MESSAGES.name],
    ["a name over 100 characters", { name: "n".repeat(101) }, MESSAGES.name],
    ["a missing email", { email: undefined }, MESSAGES.email],
    ["an email without a domain", { email: "ada@" }, MESSAGES.email],
    ["an email with spaces", { email: "ada lovelace@example.com" }, MESSAGES.email],
    ["an email over 254 characters", { email: `${"a".repeat(250)}@example.com` }, MESSAGES.email],
    ["a missing issue type", { issueType: undefined }, MESSAGES.issueType],
    ["an unknown issue type", { issueType: "Complaint" }, MESSAGES.issueType],
    ["a missing description", { description: undefined }, "Please provide a description of your issue"],
    ["a description that is not text", { description: 7 }, "Please provide a description of your issue"],
    ["a blank description", { description: "   " }, "Please provide a description of your issue"],
    ["a description over 5000 characters", { description: "é".repeat(5001) }, MESSAGES.descriptionTooLong],
    ["a description with NUL", { description: "a\u0000b" }, MESSAGES.descriptionUnstorable],
    ["a description with a lone surrogate", { description: "a\ud800b" }, MESSAGES.descriptionUnstorable],
  ])("answers %s with 400 and a message naming the field", async (_label, overrides, message) => {
    const result = await answer(request(JSON.stringify(payload(overrides))));

    expect(result).toMatchObject({ status: 400, body: { error: message } });
  });

  it("accepts an empty name (the email identifies the sender) and trims the fields", () => {
    expect(
      validateSupportRequest(payload({ name: "  ", email: " ada@example.com ", description: "\tHi\n" })),
    ).toEqual({
      input: { name: "", email: "ada@example.com", issueType: "Billing Question", description: "Hi" },
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

describe("supabaseTarget (api/_lib/supabase.ts): the project comes from configuration only", () => {
  it("uses the hosted project's server-side names first, then the app's VITE_ names, with its secret key", () => {
    const env = {
      SUPABASE_URL: "https://server.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_server",
      SUPABASE_SECRET_KEY: "sb_secret_server",
      VITE_SUPABASE_URL: "https://app.supabase.co",
      VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_app",
      LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173",
      LOCAL_SUPABASE_SECRET_KEY: "sb_secret_local",
    };
    expect(supabaseTarget(env)).toEqual({
      ok: true,
      target: {
        url: "https://server.supabase.co",
        publishableKey: "sb_publishable_server",
        secretKey: "sb_secret_server",
      },
    });
    // A hosted project never gets the local key.
    expect(
      supabaseTarget({
        VITE_SUPABASE_URL: env.VITE_SUPABASE_URL,
        VITE_SUPABASE_PUBLISHABLE_KEY: env.VITE_SUPABASE_PUBLISHABLE_KEY,
        LOCAL_SUPABASE_SECRET_KEY: env.LOCAL_SUPABASE_SECRET_KEY,
      }),
    ).toEqual({
      ok: true,
      target: { url: "https://app.supabase.co", publishableKey: "sb_publishable_app", secretKey: undefined },
    });
  });

  it("reports a hosted URL without a publishable key, and the handler answers 500 naming it in the log", async () => {
    const result = supabaseTarget({
      SUPABASE_URL: "https://server.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: " ",
    });
    expect(result).toEqual({ ok: false, problem: expect.stringContaining("SUPABASE_PUBLISHABLE_KEY") });

    vi.stubEnv("SUPABASE_URL", "https://server.supabase.co");
    vi.stubEnv("SUPABASE_PUBLISHABLE_KEY", "");
    vi.stubEnv("VITE_SUPABASE_PUBLISHABLE_KEY", "");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await handler.fetch(
        new Request("http://localhost/api/submit-support", {
          method: "POST",
          headers: { authorization: "Bearer t", "content-type": "application/json" },
          body: JSON.stringify(payload()),
        }),
      );
      expect(response.status).toBe(500);
      expect(await errorOf(response)).toBe("Failed to submit support request");
      expect(String(consoleError.mock.calls[0]?.[0])).toContain("SUPABASE_PUBLISHABLE_KEY");
    } finally {
      consoleError.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it("reports no project at all when neither a URL nor the local server's own origin is set", () => {
    for (const env of [{}, { SUPABASE_URL: " ", VITE_SUPABASE_URL: "", LOCAL_SERVER_ORIGIN: "" }]) {
      expect(supabaseTarget(env)).toEqual({
        ok: false,
        problem: expect.stringContaining("SUPABASE_URL is not set"),
      });
    }
  });

  it("without a hosted URL, uses the local server's own origin, the local publishable key and the local secret key", () => {
    expect(
      supabaseTarget({
        LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173",
        LOCAL_SUPABASE_SECRET_KEY: "sb_secret_local",
      }),
    ).toEqual({
      ok: true,
      target: {
        url: "http://127.0.0.1:4173",
        publishableKey: LOCAL_PUBLISHABLE_KEY,
        secretKey: "sb_secret_local",
      },
    });
    // SUPABASE_SECRET_KEY, when set, wins over the generated local key.
    expect(
      supabaseTarget({
        LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173",
        LOCAL_SUPABASE_SECRET_KEY: "sb_secret_local",
        SUPABASE_SECRET_KEY: "sb_secret_set",
      }),
    ).toMatchObject({ ok: true, target: { secretKey: "sb_secret_set" } });
  });

  it("ignores a forged Host header: the caller's token goes to the configured backend, never to that host", async () => {
    const alice = await signUpUser("support-host");
    const token = await accessToken(alice);
    // A server standing in for an attacker's: it records whatever reaches it.
    const reached: { url?: string; authorization?: string }[] = [];
    const attacker = createServer((req, res) => {
      reached.push({ url: req.url, authorization: req.headers.authorization });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ id: "11111111-1111-4111-8111-111111111111", aud: "authenticated" }));
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    const attackerHost = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    try {
      const { result, added } = await withNewRows(alice, () =>
        postWithHost(
          attackerHost,
          token,
          JSON.stringify(payload({ description: "Sent with a forged Host." })),
        ),
      );

      expect(result.status).toBe(201);
      expect(added.map((row) => [row.user_id, row.description])).toEqual([
        [alice.user.id, "Sent with a forged Host."],
      ]);
      expect(reached).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => attacker.close(() => resolve()));
    }
  });
});

/** POST /api/submit-support to the running server with the Host header of our choosing. */
function postWithHost(host: string, token: string, body: string): Promise<{ status: number; body: string }> {
  const server = new URL(supabaseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: server.hostname,
        port: server.port,
        path: ENDPOINT,
        method: "POST",
        headers: {
          host,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("the /api adapter of the dev and preview servers (server/api/plugin.ts)", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const middleware = createApiMiddleware({
      echo: async () => ({
        default: {
          fetch: async (request) =>
            Response.json(
              {
                method: request.method,
                url: request.url,
                authorization: request.headers.get("authorization"),
                body: await request.text(),
              },
              { status: 202, headers: { "x-handler": "echo" } },
            ),
        },
      }),
      "tree/*": async () => ({
        default: { fetch: async (request) => Response.json({ path: new URL(request.url).pathname }) },
      }),
      stream: async () => ({
        default: {
          fetch: async () => {
            const encoder = new TextEncoder();
            let sent = 0;
            const body = new ReadableStream<Uint8Array>({
              async pull(controller) {
                if (sent === 3) return controller.close();
                sent += 1;
                await new Promise((resolve) => setTimeout(resolve, 20));
                controller.enqueue(encoder.encode(`data: {"n":${sent}}\r\n\r\n`));
              },
            });
            return new Response(body, { headers: { "content-type": "text/event-stream" } });
          },
        },
      }),
      throws: async () => ({
        default: {
          fetch: async () => {
            throw new Error("the handler broke");
          },
        },
      }),
      unloadable: async () => {
        throw new Error("the module failed to load");
      },
    });
    server = createServer((req, res) =>
      middleware(req, res, () => {
        res.statusCode = 418;
        res.end("passed on");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers every path below a route named <prefix>/*, and only those", async () => {
    const deep = await fetch(`${base}/api/tree/v1beta/models/m:generateContent?alt=sse`, { method: "POST" });
    expect(deep.status).toBe(200);
    expect(await deep.json()).toEqual({ path: "/api/tree/v1beta/models/m:generateContent" });
    expect((await fetch(`${base}/api/tree`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/api/treetop/x`, { method: "POST" })).status).toBe(404);
  });

  it("passes an event stream on piece by piece, not buffered", async () => {
    const response = await fetch(`${base}/api/stream`, { method: "POST" });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: {"n":1}\r\n\r\n');
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('data: {"n":2}\r\n\r\ndata: {"n":3}\r\n\r\n');
  });

  it("hands the handler a web Request with an absolute URL, headers and body, and writes its Response", async () => {
    const response = await fetch(`${base}/api/echo?x=1`, {
      method: "POST",
      headers: { authorization: "Bearer t0k3n", "content-type": "application/json" },
      body: '{"hello":"world"}',
    });

    expect(response.status).toBe(202);
    expect(response.headers.get("x-handler")).toBe("echo");
    expect(await response.json()).toEqual({
      method: "POST",
      url: `${base}/api/echo?x=1`,
      authorization: "Bearer t0k3n",
      body: '{"hello":"world"}',
    });
  });

  it("passes everything outside /api on", async () => {
    for (const path of ["/", "/apiary", "/auth/v1/health", "/pricing"]) {
      const response = await fetch(`${base}${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, 418, "passed on"]);
    }
  });

  it.each(["throws", "unloadable"])(
    "answers a handler that %s with a JSON 500 and keeps serving",
    async (name) => {
      const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const response = await fetch(`${base}/api/${name}`, { method: "POST", body: "{}" });

        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ error: API_MESSAGES.internal });
        expect(API_MESSAGES.internal).toBe("Something went wrong on our side. Please try again later.");
        expect(consoleError).toHaveBeenCalledOnce();
      } finally {
        consoleError.mockRestore();
      }
      expect((await fetch(`${base}/api/echo`)).status).toBe(202);
    },
  );

  it("answers an unknown name with a JSON 404, even one named like an object property", async () => {
    for (const name of ["nope", "constructor", "__proto__", "toString"]) {
      const response = await fetch(`${base}/api/${name}`, { method: "POST", body: "{}" });
      expect([name, response.status, await response.json()]).toEqual([
        name,
        404,
        { error: "There is no such API endpoint." },
      ]);
    }
  });
});
