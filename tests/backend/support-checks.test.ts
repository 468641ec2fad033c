/// <reference types="node" />
// handleSubmitSupport (api/submit-support.ts) called directly: the method, the content type, the body's
// size and the fields' rules, all answered before Supabase is reached.
import {
  handleSubmitSupport,
  MAX_BODY_BYTES,
  MESSAGES,
  validateSupportRequest,
} from "../../api/submit-support";
import { SUPPORT_DESCRIPTION_MAX_LENGTH } from "../../src/config/support";
import { payload, type Payload } from "./support-helpers";
import {
  TARGET,
  workingSupabase,
  unreachableSupabase,
  request,
  answer,
  watchConsoleErrors,
} from "./support-fakes";

describe("handleSubmitSupport, called directly: the request's checks", () => {
  watchConsoleErrors();

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
    [
      "a description over the limit",
      { description: "é".repeat(SUPPORT_DESCRIPTION_MAX_LENGTH + 1) },
      MESSAGES.descriptionTooLong,
    ],
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
});
