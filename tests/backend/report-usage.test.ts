/// <reference types="node" />
// `npm run report:usage` (scripts/report-usage.mjs) against the real server: ai_calls rows seeded on
// days of their own (March 2031, so nothing the other tests record today is in them), then the script
// run as the operator runs it, DATABASE_URL and all, and its numbers checked: today's and the month's
// calls, conversions, failures by class, tokens and estimated cost, by tool and by plan.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { inject } from "vitest";
import { createAnonClient, secretKey, signUpUser, supabaseUrl } from "./helpers";

const run = promisify(execFile);
const SCRIPT = path.resolve("scripts/report-usage.mjs");
const DAY = "2031-03-15";

type Seed = {
  day: string;
  tool: string;
  tier: string | null;
  model?: string;
  kind?: "image" | "text";
  size?: string | null;
  counted: boolean;
  failure?: string | null;
  prompt?: number | null;
  candidates?: number | null;
  thoughts?: number | null;
  micros: number;
  basis: string;
};

const SEEDS: Seed[] = [
  // The day reported.
  {
    day: DAY,
    tool: "hulk",
    tier: "Freemium",
    counted: true,
    prompt: 1000,
    candidates: 1120,
    micros: 35_100,
    basis: "tokens",
  },
  {
    day: DAY,
    tool: "hulk",
    tier: "$5/month",
    size: "4K",
    counted: true,
    micros: 113_400,
    basis: "image_price",
  },
  {
    day: DAY,
    tool: "poetry",
    tier: "$5/month",
    kind: "text",
    counted: true,
    prompt: 1290,
    candidates: 58,
    thoughts: 100,
    micros: 1_560,
    basis: "tokens",
  },
  {
    day: DAY,
    tool: "hulk",
    tier: "Freemium",
    counted: false,
    failure: "blocked",
    prompt: 1290,
    micros: 1_935,
    basis: "tokens",
  },
  {
    day: DAY,
    tool: "batch",
    tier: "Freemium",
    counted: false,
    failure: "upstream_5xx",
    micros: 0,
    basis: "none",
  },
  {
    day: DAY,
    tool: "cucumber",
    tier: "Freemium",
    kind: "text",
    counted: false,
    prompt: 300,
    candidates: 40,
    micros: 375,
    basis: "tokens",
  },
  // Earlier in the month.
  { day: "2031-03-02", tool: "frog", tier: "$10/month", counted: true, micros: 33_600, basis: "image_price" },
  {
    day: "2031-03-02",
    tool: "frog",
    tier: "$10/month",
    counted: false,
    failure: "timeout",
    micros: 0,
    basis: "none",
  },
  {
    day: "2031-03-01",
    tool: "unknown",
    tier: null,
    model: "gemini-unpriced",
    counted: true,
    micros: 0,
    basis: "unpriced",
  },
  // Outside the report: the month before, and the day after.
  { day: "2031-02-28", tool: "hulk", tier: "Freemium", counted: true, micros: 999_999, basis: "image_price" },
  { day: "2031-03-16", tool: "hulk", tier: "Freemium", counted: true, micros: 888_888, basis: "image_price" },
];

let sql: postgres.Sql;

beforeAll(async () => {
  sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => undefined });
  await sql`delete from public.ai_calls where day between '2031-02-01' and '2031-03-31'`;
  for (const seed of SEEDS) {
    const kind = seed.kind ?? "image";
    await sql`
      insert into public.ai_calls (created_at, day, tier, tool, model, kind, image_size, counted, failure,
        prompt_tokens, candidates_tokens, thoughts_tokens, cost_usd_micros, cost_basis)
      values (${`${seed.day}T12:00:00Z`}, ${seed.day}, ${seed.tier}, ${seed.tool},
        ${seed.model ?? "gemini-nano-banana-2.1"}, ${kind}, ${kind === "image" ? (seed.size ?? "1K") : null},
        ${seed.counted}, ${seed.failure ?? null}, ${seed.prompt ?? null}, ${seed.candidates ?? null},
        ${seed.thoughts ?? null}, ${seed.micros}, ${seed.basis})`;
  }
});

afterAll(async () => {
  await sql`delete from public.ai_calls where day between '2031-02-01' and '2031-03-31'`;
  await sql.end();
});

async function report(...args: string[]) {
  const { stdout } = await run(process.execPath, [SCRIPT, "--date", DAY, ...args], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
  });
  return stdout;
}

type Group = {
  name?: string;
  calls: number;
  conversions: number;
  failures: number;
  uncounted: number;
  promptTokens: number;
  candidatesTokens: number;
  thoughtsTokens: number;
  costUsd: number;
};
type Range = {
  from: string;
  to: string;
  total: Group;
  failures: { failure: string; calls: number; costUsd: number }[];
  byTool: Group[];
  byPlan: Group[];
  unpricedCalls: number;
  imagePriceCalls: number;
};

const byName = (groups: Group[]) => Object.fromEntries(groups.map(({ name, ...rest }) => [name, rest]));

describe("npm run report:usage", () => {
  it("counts today's and the month's calls, failures, tokens and cost, by tool and by plan", async () => {
    const { today, month } = JSON.parse(await report("--json")) as { today: Range; month: Range };

    expect(today).toMatchObject({ from: DAY, to: DAY, unpricedCalls: 0, imagePriceCalls: 1 });
    expect(today.total).toEqual({
      calls: 6,
      conversions: 3,
      failures: 2,
      uncounted: 1,
      promptTokens: 1000 + 1290 + 1290 + 300,
      candidatesTokens: 1120 + 58 + 40,
      thoughtsTokens: 100,
      costUsd: 0.15237,
    });
    expect(today.failures).toEqual([
      { failure: "blocked", calls: 1, costUsd: 0.001935 },
      { failure: "upstream_5xx", calls: 1, costUsd: 0 },
    ]);
    expect(byName(today.byTool)).toMatchObject({
      hulk: { calls: 3, conversions: 2, failures: 1, costUsd: 0.150435 },
      poetry: { calls: 1, conversions: 1, thoughtsTokens: 100, costUsd: 0.00156 },
      cucumber: { calls: 1, conversions: 0, failures: 0, uncounted: 1, costUsd: 0.000375 },
      batch: { calls: 1, failures: 1, costUsd: 0 },
    });
    // Most expensive first.
    expect(today.byTool.map((group) => group.name)).toEqual(["hulk", "poetry", "cucumber", "batch"]);
    expect(byName(today.byPlan)).toEqual({
      "$5/month": expect.objectContaining({ calls: 2, conversions: 2, failures: 0, costUsd: 0.11496 }),
      Freemium: expect.objectContaining({ calls: 4, conversions: 1, failures: 2, costUsd: 0.03741 }),
    });

    expect(month).toMatchObject({ from: "2031-03-01", to: DAY, unpricedCalls: 1, imagePriceCalls: 2 });
    expect(month.total).toMatchObject({
      calls: 9,
      conversions: 5,
      failures: 3,
      uncounted: 1,
      costUsd: 0.18597,
    });
    expect(month.failures.map((f) => [f.failure, f.calls])).toEqual([
      ["blocked", 1],
      ["timeout", 1],
      ["upstream_5xx", 1],
    ]);
    expect(byName(month.byPlan)).toMatchObject({
      "$10/month": { calls: 2, conversions: 1, failures: 1, costUsd: 0.0336 },
      "(none)": { calls: 1, conversions: 1, costUsd: 0 },
    });
  });

  it("prints the same numbers as readable tables", async () => {
    const text = await report();
    expect(text).toContain(`Today, ${DAY} (UTC)`);
    expect(text).toContain(`This month, 2031-03-01 to ${DAY} (UTC)`);
    // calls, conversions, uncounted ok, failures, prompt, answer and thinking tokens, est. cost
    expect(text).toMatch(/^ {2}all\s+6\s+3\s+1\s+2\s+3,880\s+1,218\s+100\s+\$0\.1524$/m);
    expect(text).toMatch(/^ {2}hulk\s+3\s+2\s+0\s+1\s+2,290\s+1,120\s+0\s+\$0\.1504$/m);
    expect(text).toMatch(/^ {2}blocked\s+1\s+\$0\.0019$/m);
    expect(text).toMatch(/^ {2}\$5\/month\s+2\s+2\s+0\s+0\s/m);
    expect(text).toMatch(/^ {2}all\s+9\s+5\s+1\s+3\s+3,880\s+1,218\s+100\s+\$0\.1860$/m);
    expect(text).toContain("1 call(s) of a model with no price");
  });

  it("gives the same numbers through the project's API with its secret key (the local backend's too)", async () => {
    const { stdout } = await run(process.execPath, [SCRIPT, "--date", DAY, "--json"], {
      env: { PATH: process.env.PATH, SUPABASE_URL: supabaseUrl(), SUPABASE_SECRET_KEY: secretKey() },
    });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(await report("--json")));
  });

  it("says what to set when it has nothing to read", async () => {
    const failed = await run(process.execPath, [SCRIPT], {
      env: { PATH: process.env.PATH, SUPALITE_DB_URL: "/nonexistent-local-db" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Nothing to read: set DATABASE_URL/),
    });
  });

  it("refuses the report's function to the browser roles (42501)", async () => {
    for (const client of [createAnonClient(), (await signUpUser("report-user")).client]) {
      const { error } = await client.rpc("ai_usage_report", { p_from: DAY, p_to: DAY });
      expect(error?.code).toBe("42501");
    }
  });
});
