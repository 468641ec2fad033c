/// <reference types="node" />
// POST /api/submit-support (api/submit-support.ts) over HTTP against the real local backend of
// global-setup.ts, whose Vite server mounts api/ through server/api/plugin.ts exactly as `npm run dev`
// does: what is stored, for whom, and every refusal the running server gives.
import { MAX_BODY_BYTES } from "../../api/submit-support";
import { ISSUE_TYPES, SUPPORT_DESCRIPTION_MAX_LENGTH } from "../../src/config/support";
import {
  createAnonClient,
  PUBLISHABLE_KEY,
  signUpUser,
  supabaseUrl,
  type TestUser,
  accessToken,
  forgeSubject,
} from "./helpers";
import { ENDPOINT, payload, send, post, errorOf, ownRows, withNewRows } from "./support-helpers";

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

  it(`stores a description of exactly ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters, counted as Postgres counts them`, async () => {
    // As many emoji: twice as many UTF-16 units and four times as many bytes, but one character each
    // for the database.
    const description = "🥒".repeat(SUPPORT_DESCRIPTION_MAX_LENGTH);
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

  it(`refuses a description over ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters`, async () => {
    const { result: response, added } = await withNewRows(alice, () =>
      post(payload({ description: "a".repeat(SUPPORT_DESCRIPTION_MAX_LENGTH + 1) }), aliceToken),
    );

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(
      `The description must be at most ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters.`,
    );
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
