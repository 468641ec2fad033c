/// <reference types="node" />
// Cost and a cap (issue 25, part 4), on the real server: every call /api/ai sends upstream is recorded
// in ai_calls (tool, model, size, tokens, plan, estimated cost; a failure class when it did not count),
// read back with the database's own connection; AI_DAILY_BUDGET_USD refuses new calls with 503 once
// the day's estimated spend reaches it, counting and sending nothing; and no browser role may touch
// the table or the spend. handleAiProxy is called directly with a recorded upstream (as
// ai-proxy-handler.test.ts), or with the local preview engine over real HTTP; /api/ai on the running
// server is called too.
import postgres from "postgres";
import { inject } from "vitest";
import { aiSettings, handleAiProxy, MESSAGES, REASONS, type AiSettings } from "../../api/ai";
import { costSettings } from "../../api/_lib/ai-cost";
import {
  createAnonClient,
  jwtSecret,
  PG,
  permissionDenied,
  PUBLISHABLE_KEY,
  secretKey,
  signUpUser,
  supabaseUrl,
  type TestUser,
  accessToken,
} from "./helpers";
import {
  IMAGE_MODEL,
  TEXT_MODEL,
  fixture,
  firstEvent,
  imageBody,
  textBody,
  url,
  post,
  usageOf,
  expectGeminiError,
  callProxy,
  proxyTarget,
  upstreamAnswer,
  type DirectCall,
} from "./ai-proxy-helpers";

type CallRow = {
  tool: string;
  model: string;
  kind: string;
  image_size: string | null;
  tier: string | null;
  counted: boolean;
  failure: string | null;
  http_status: number | null;
  prompt_tokens: number | null;
  candidates_tokens: number | null;
  thoughts_tokens: number | null;
  cost_usd_micros: number;
  cost_basis: string;
  day: string;
};

let sql: postgres.Sql;

beforeAll(() => {
  sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => undefined });
});

afterAll(async () => {
  await sql.end();
});

/** Every ai_calls row of a user, oldest first. */
async function callsOf(user: TestUser): Promise<CallRow[]> {
  const rows = await sql<CallRow[]>`
    select tool, model, kind, image_size, tier, counted, failure, http_status, prompt_tokens,
           candidates_tokens, thoughts_tokens, cost_usd_micros::float8 as cost_usd_micros, cost_basis,
           day::text as day
    from public.ai_calls where user_id = ${user.user.id} order by created_at`;
  return rows.map((row) => ({ ...row }));
}

/** Today's (UTC) estimated spend in millionths of a dollar, as the proxy reads it. */
async function spendToday(): Promise<number> {
  const [row] = await sql<{ spend: number }[]>`select public.ai_spend_today()::float8 as spend`;
  return row.spend;
}

const dollars = (micros: number) => (micros / 1_000_000).toFixed(6);

describe("handleAiProxy records each call (recorded upstream)", () => {
  let settings: AiSettings;
  beforeAll(() => {
    settings = { ...aiSettings({ GEMINI_API_KEY: "server-key-for-tests" }), ratePerMinute: 100 };
  });

  const answer = upstreamAnswer;
  const call = (user: TestUser, upstream: typeof fetch, options: DirectCall = {}) =>
    callProxy(user, settings, upstream, options);

  const stream = { model: TEXT_MODEL, method: "streamGenerateContent", body: textBody() } as const;
  const sse = (body: string) => answer(body, 200, "text/event-stream");

  it("a counted image: its tool, model, size, plan, tokens and the cost estimated from them", async () => {
    const user = await signUpUser("cost-image");
    // 4K is the $30/month plan's (issue 28): the proxy refuses it to a plan without it.
    await sql`insert into public.subscriptions (user_id, tier) values (${user.user.id}, '$30/month')`;
    const body = { ...imageBody(), generationConfig: { imageConfig: { imageSize: "4K" } } };
    const response = await call(user, answer(fixture("image-success.json")), { tool: "hulk", body });
    expect(response.status).toBe(200);
    await response.text();

    expect(await callsOf(user)).toEqual([
      {
        tool: "hulk",
        model: IMAGE_MODEL,
        kind: "image",
        image_size: "4K",
        tier: "$30/month",
        counted: true,
        failure: null,
        http_status: 200,
        prompt_tokens: 1290,
        candidates_tokens: 1300,
        thoughts_tokens: null,
        // 1290 prompt tokens x $1.50 + 1300 image tokens x $30, per million.
        cost_usd_micros: 40_935,
        cost_basis: "tokens",
        day: new Date().toISOString().slice(0, 10),
      },
    ]);
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("a counted image without usageMetadata: the per-image price of its size (1K by default)", async () => {
    const user = await signUpUser("cost-per-image");
    const { usageMetadata: _dropped, ...bare } = JSON.parse(fixture("image-success.json")) as Record<
      string,
      unknown
    >;
    await (await call(user, answer(JSON.stringify(bare)), { tool: "frog" })).text();
    expect(await callsOf(user)).toMatchObject([
      { tool: "frog", image_size: "1K", counted: true, prompt_tokens: null, cost_usd_micros: 33_600 },
    ]);
    expect((await callsOf(user))[0].cost_basis).toBe("image_price");
  });

  it("prices from the operator's AI_PRICES_JSON", async () => {
    const user = await signUpUser("cost-override");
    const costs = costSettings({
      AI_PRICES_JSON: JSON.stringify({ [IMAGE_MODEL]: { inputPerMillion: 0, imageOutputPerMillion: 100 } }),
    });
    await (await call(user, answer(fixture("image-success.json")), { costs })).text();
    expect((await callsOf(user))[0].cost_usd_micros).toBe(130_000);
  });

  it("records a tool id as the page names it, and a missing or malformed one as 'unknown', never the header as sent", async () => {
    const user = await signUpUser("cost-tool");
    // The proxy keeps no list of tools (src/tools/registry.ts is the list): an id-shaped name is kept.
    for (const tool of [undefined, "stamp-maker", "<script>alert(1)</script>".repeat(20)]) {
      await (await call(user, answer(fixture("image-success.json")), { tool })).text();
    }
    expect((await callsOf(user)).map((row) => row.tool)).toEqual(["unknown", "stamp-maker", "unknown"]);
  });

  it.each([
    ["error-500-internal.json", 500, "upstream_5xx"],
    ["error-503-overloaded.json", 503, "upstream_5xx"],
    ["error-429-quota.json", 429, "upstream_429"],
    ["error-400-api-key-invalid.json", 400, "upstream_4xx"],
    ["error-404-model-not-found.json", 404, "upstream_4xx"],
  ])("Gemini's %s (%i): %s, counting and costing nothing", async (name, status, failure) => {
    const user = await signUpUser("cost-error");
    await (await call(user, answer(fixture(name), status), { tool: "gta" })).text();
    expect(await callsOf(user)).toMatchObject([
      { tool: "gta", counted: false, failure, http_status: status, cost_usd_micros: 0, cost_basis: "none" },
    ]);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it.each([
    ["prompt-blocked.json", "blocked", 1935, "tokens"],
    ["finish-image-safety.json", "blocked", 0, "none"],
    ["finish-no-image.json", "no_image", 0, "none"],
    ["text-instead-of-image.json", "no_image", 0, "none"],
  ])(
    "an answer without an image (%s): %s, estimated where Google billed tokens",
    async (name, failure, micros, basis) => {
      const user = await signUpUser("cost-noimage");
      await (await call(user, answer(fixture(name)))).text();
      expect(await callsOf(user)).toMatchObject([
        { counted: false, failure, http_status: 200, cost_usd_micros: micros, cost_basis: basis },
      ]);
      expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
    },
  );

  it("no answer at all: unreachable, and a timeout as timeout", async () => {
    const user = await signUpUser("cost-offline");
    await call(
      user,
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError("fetch failed"))),
    );
    const hang = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
    );
    await call(user, hang, { settings: { upstreamTimeoutMs: 50 } });
    expect(await callsOf(user)).toMatchObject([
      { counted: false, failure: "unreachable", http_status: null, cost_usd_micros: 0 },
      { counted: false, failure: "timeout", http_status: null, cost_usd_micros: 0 },
    ]);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("a caller who leaves while the call is upstream: cancelled", async () => {
    const user = await signUpUser("cost-leave");
    const leave = new AbortController();
    const upstream = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          leave.abort();
        }),
    );
    await call(user, upstream, { signal: leave.signal });
    expect(await callsOf(user)).toMatchObject([{ counted: false, failure: "cancelled" }]);
  });

  it("a completed poem: the stream's last usageMetadata, at the text model's prices", async () => {
    const user = await signUpUser("cost-poem");
    const response = await call(user, sse(fixture("stream-text-success.sse")), { ...stream, tool: "poetry" });
    await response.text();
    expect(await callsOf(user)).toMatchObject([
      {
        tool: "poetry",
        model: TEXT_MODEL,
        kind: "text",
        image_size: null,
        counted: true,
        failure: null,
        prompt_tokens: 1290,
        candidates_tokens: 58,
        // 1290 x $0.75 + 58 x $3.75, per million.
        cost_usd_micros: 1185,
        cost_basis: "tokens",
      },
    ]);
  });

  it.each([
    ["stopped by the safety filter", "blocked", () => fixture("stream-safety-stop.sse")],
    ["cut short", "incomplete", () => firstEvent()],
    [
      "ended by Gemini's error",
      "upstream_5xx",
      () => `${firstEvent()}${fixture("error-500-internal.json")}\n\n`,
    ],
  ])("a poem stream %s: %s", async (_what, failure, body) => {
    const user = await signUpUser("cost-stream-fail");
    await (await call(user, sse(body()), stream)).text();
    expect(await callsOf(user)).toMatchObject([{ counted: false, failure, http_status: 200 }]);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("a poem stream the caller cancels: cancelled, recorded once", async () => {
    const user = await signUpUser("cost-stream-cancel");
    const first = firstEvent();
    const never = vi.fn<typeof fetch>(
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(first));
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
    );
    const response = await call(user, never, stream);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await callsOf(user)).toMatchObject([{ counted: false, failure: "cancelled" }]);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("the custom prompt's analysis step: uncounted, no failure, its tokens estimated", async () => {
    const user = await signUpUser("cost-analysis");
    await (
      await call(user, answer(fixture("text-success.json")), { model: TEXT_MODEL, body: textBody() })
    ).text();
    expect(await callsOf(user)).toMatchObject([
      {
        kind: "text",
        counted: false,
        failure: null,
        prompt_tokens: 300,
        candidates_tokens: 40,
        cost_usd_micros: 375,
      },
    ]);
  });

  it("records nothing for a call refused before it goes upstream (the monthly limit)", async () => {
    const user = await signUpUser("cost-limit");
    for (let i = 0; i < 3; i += 1) await (await call(user, answer(fixture("image-success.json")))).text();
    const refused = await call(user, answer(fixture("image-success.json")));
    await expectGeminiError(refused, 403, REASONS.limitReached);
    expect(await callsOf(user)).toHaveLength(3);
  });

  describe("the daily budget (AI_DAILY_BUDGET_USD)", () => {
    /** A call of today that cost $1, so the day has a spend whatever ran before. */
    async function seedSpend(user: TestUser) {
      await sql`
        insert into public.ai_calls (user_id, tier, tool, model, kind, image_size, counted, cost_usd_micros, cost_basis)
        values (${user.user.id}, 'Freemium', 'hulk', ${IMAGE_MODEL}, 'image', '1K', true, 1000000, 'image_price')`;
    }

    it("lets calls through while today's spend is under it, and refuses the first one after", async () => {
      const user = await signUpUser("cost-cap");
      await seedSpend(user);
      // One millionth of a dollar left: this call passes, and its cost uses the budget up.
      const costs = costSettings({ AI_DAILY_BUDGET_USD: dollars((await spendToday()) + 1) });
      const first = await call(user, answer(fixture("image-success.json")), { costs });
      expect(first.status).toBe(200);
      await first.text();
      expect(await usageOf(user)).toMatchObject({ used: 1 });

      const upstream = answer(fixture("image-success.json"));
      const refused = await call(user, upstream, { costs });
      const body = await expectGeminiError(refused, 503, REASONS.budgetReached);
      expect(body.error).toMatchObject({
        status: "UNAVAILABLE",
        message: "Cucumber.AI has reached today's limit for AI pictures. Please try again tomorrow.",
      });
      expect(refused.headers.get("retry-after")).toBeNull();
      expect(upstream).not.toHaveBeenCalled();
      expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
      // Only the seeded call and the one that went through.
      expect(await callsOf(user)).toHaveLength(2);
    });

    it("refuses once the spend equals the budget: nothing counted, sent, rate-limited or recorded", async () => {
      const user = await signUpUser("cost-cap-equal");
      await seedSpend(user);
      const costs = costSettings({ AI_DAILY_BUDGET_USD: dollars(await spendToday()) });
      const upstream = answer(fixture("stream-text-success.sse"), 200, "text/event-stream");
      const refused = await call(user, upstream, { ...stream, costs });
      expect(await expectGeminiError(refused, 503, REASONS.budgetReached)).toMatchObject({
        error: { message: MESSAGES.budgetReached },
      });
      expect(upstream).not.toHaveBeenCalled();
      expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0, remaining: 3 });
      const [hits] = await sql<{ hits: number }[]>`
        select count(*)::int as hits from public.rate_limit_hits where user_id = ${user.user.id}`;
      expect(hits.hits).toBe(0);
      expect(await callsOf(user)).toHaveLength(1);
    });

    it("a budget that is not a number is a misconfiguration: 500, logged, nothing sent", async () => {
      const user = await signUpUser("cost-cap-invalid");
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const upstream = answer(fixture("image-success.json"));
      const response = await call(user, upstream, { costs: costSettings({ AI_DAILY_BUDGET_USD: "ten" }) });
      await expectGeminiError(response, 500, REASONS.internal);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/AI_DAILY_BUDGET_USD must be a positive number/),
      );
      expect(upstream).not.toHaveBeenCalled();
      expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
    });

    it("unset: no cap, and the spend is not even read", async () => {
      const user = await signUpUser("cost-cap-unset");
      const rpc = vi.fn<typeof fetch>((input, init) => fetch(input, init));
      const request = new Request(url(IMAGE_MODEL, "generateContent", "http://app.test"), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${await accessToken(user)}` },
        body: JSON.stringify(imageBody()),
      });
      const response = await handleAiProxy(request, {
        target: proxyTarget(),
        settings,
        fetch: rpc,
        upstreamFetch: answer(fixture("image-success.json")),
        costs: costSettings({ AI_DAILY_BUDGET_USD: "" }),
      });
      expect(response.status).toBe(200);
      await response.text();
      expect(
        rpc.mock.calls.map(([input]) => String(input)).filter((u) => u.includes("ai_spend_today")),
      ).toEqual([]);
    });
  });
});

describe("the local preview engine over real HTTP", () => {
  it("records a counted image and a poem with the engine's token counts", async () => {
    const user = await signUpUser("cost-engine");
    const settings = { ...aiSettings({ LOCAL_SERVER_ORIGIN: supabaseUrl() }), ratePerMinute: 100 };
    const target = {
      url: supabaseUrl(),
      publishableKey: PUBLISHABLE_KEY,
      secretKey: secretKey(),
      jwtSecret: jwtSecret(),
    };
    const send = async (model: string, method: string, body: unknown, tool: string) => {
      const request = new Request(url(model, method, "http://app.test"), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${await accessToken(user)}`,
          "x-cucumber-tool": tool,
        },
        body: JSON.stringify(body),
      });
      const response = await handleAiProxy(request, { target, settings });
      expect(response.status).toBe(200);
      await response.text();
    };
    await send(IMAGE_MODEL, "generateContent", imageBody(), "skeleton");
    await send(TEXT_MODEL, "streamGenerateContent", textBody(), "poetry");

    const [image, poem] = await callsOf(user);
    expect(image).toMatchObject({
      tool: "skeleton",
      kind: "image",
      image_size: "1K",
      counted: true,
      cost_basis: "tokens",
    });
    expect(image.prompt_tokens).toBeGreaterThan(0);
    expect(image.cost_usd_micros).toBeGreaterThan(0);
    expect(poem).toMatchObject({
      tool: "poetry",
      kind: "text",
      image_size: null,
      counted: true,
      cost_basis: "tokens",
    });
    expect(poem.candidates_tokens).toBeGreaterThan(0);
  });

  it("POST /api/ai on the running server records the tool the page names", async () => {
    const user = await signUpUser("cost-server");
    const response = await post(user, imageBody(), { headers: { "x-cucumber-tool": "celebrations" } });
    expect(response.status).toBe(200);
    await response.text();
    expect(await callsOf(user)).toMatchObject([{ tool: "celebrations", model: IMAGE_MODEL, counted: true }]);
  });
});

describe("ai_calls and the day's spend are the server's alone", () => {
  let alice: TestUser;
  const row = (user: TestUser) => ({
    user_id: user.user.id,
    tool: "hulk",
    model: IMAGE_MODEL,
    kind: "image",
    counted: true,
    cost_basis: "none",
  });

  beforeAll(async () => {
    alice = await signUpUser("cost-rls");
    await sql`
      insert into public.ai_calls (user_id, tool, model, kind, counted, cost_basis)
      values (${alice.user.id}, 'hulk', ${IMAGE_MODEL}, 'image', true, 'none')`;
  });

  it.each([
    ["anon", () => createAnonClient()],
    ["a signed-in user, about their own calls", () => alice.client],
  ])("refuses %s reading, writing, changing or deleting (42501)", async (_who, client) => {
    const read = await client().from("ai_calls").select("*");
    expect(read.error?.code).toBe(PG.insufficientPrivilege);
    expect(read.error?.message).toBe(permissionDenied("ai_calls"));
    expect(read.data).toBeNull();

    const insert = await client().from("ai_calls").insert(row(alice));
    expect(insert.error?.code).toBe(PG.insufficientPrivilege);

    const update = await client()
      .from("ai_calls")
      .update({ cost_usd_micros: 0 })
      .eq("user_id", alice.user.id);
    expect(update.error?.code).toBe(PG.insufficientPrivilege);

    const removal = await client().from("ai_calls").delete().eq("user_id", alice.user.id);
    expect(removal.error?.code).toBe(PG.insufficientPrivilege);

    const spend = await client().rpc("ai_spend_today");
    expect(spend.error?.code).toBe(PG.insufficientPrivilege);
    expect(spend.error?.message).toBe("permission denied for function ai_spend_today");

    expect(await callsOf(alice)).toHaveLength(1);
  });
});
