/// <reference types="node" />
// The rate limit of POST /api/submit-support: per user, counted in the database of the real local
// backend, over HTTP and through the handler called directly.
import { handleSubmitSupport, RATE_LIMIT } from "../../api/submit-support";
import {
  createServiceClient,
  PUBLISHABLE_KEY,
  secretKey,
  signUpUser,
  supabaseUrl,
  accessToken,
} from "./helpers";
import { payload, post, errorOf, withNewRows } from "./support-helpers";

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
    // The count lives in the database (rate_limit_hits: the server's own table).
    const { data, error } = await createServiceClient()
      .from("rate_limit_hits")
      .select("bucket, hits")
      .eq("user_id", grace.user.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ bucket: "support", hits: 3 }]);
  });
});
