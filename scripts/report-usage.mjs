#!/usr/bin/env node
// `npm run report:usage`: what the hosted AI did and cost, from the ai_calls table (supabase/migrations/
// 20261127010000_ai_costs.sql) of the database at DATABASE_URL: today's (UTC) and this month's
// conversions, failures by class, tokens and estimated cost, by tool and by plan, as tables.
//
//   DATABASE_URL=postgres://... npm run report:usage [-- --date 2026-11-27] [-- --json]
//
// DATABASE_URL is a PostgreSQL connection string with the right to read public.ai_calls: on a hosted
// Supabase project, the one under "Connect" in its dashboard (the `postgres` user; the session pooler
// or the direct connection, with the database password, and `?sslmode=require`). The transaction
// pooler (port 6543) works too: nothing here is a prepared statement. --date reports another day (and
// its month up to that day); --json prints the numbers as JSON instead of tables. Read only.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import postgres from "postgres";

/** The UTC day `date` names, and the first day of its month. */
export function period(date) {
  return { day: date, monthStart: `${date.slice(0, 7)}-01` };
}

const num = (value) => Number(value ?? 0);

/** The numbers of one range of days, from `from` to `to` (inclusive, UTC dates). */
async function rangeReport(sql, from, to) {
  const range = sql`day between ${from}::date and ${to}::date`;
  const sums = sql`
    count(*)::int as calls,
    (count(*) filter (where counted))::int as conversions,
    (count(*) filter (where failure is not null))::int as failures,
    (count(*) filter (where not counted and failure is null))::int as uncounted,
    coalesce(sum(prompt_tokens), 0)::float8 as prompt_tokens,
    coalesce(sum(candidates_tokens), 0)::float8 as candidates_tokens,
    coalesce(sum(thoughts_tokens), 0)::float8 as thoughts_tokens,
    coalesce(sum(cost_usd_micros), 0)::float8 as cost_usd_micros`;
  const [total] = await sql`select ${sums} from public.ai_calls where ${range}`;
  const failures = await sql`
    select failure, count(*)::int as calls, coalesce(sum(cost_usd_micros), 0)::float8 as cost_usd_micros
    from public.ai_calls where ${range} and failure is not null
    group by failure order by calls desc, failure`;
  const byTool = await sql`
    select tool as name, ${sums} from public.ai_calls where ${range}
    group by tool order by cost_usd_micros desc, calls desc, tool`;
  const byPlan = await sql`
    select coalesce(tier, '(none)') as name, ${sums} from public.ai_calls where ${range}
    group by 1 order by cost_usd_micros desc, calls desc, 1`;
  const [bases] = await sql`
    select (count(*) filter (where cost_basis = 'unpriced'))::int as unpriced,
           (count(*) filter (where cost_basis = 'image_price'))::int as image_price
    from public.ai_calls where ${range}`;
  const row = (r) => ({
    ...(r.name !== undefined ? { name: r.name } : {}),
    calls: num(r.calls),
    conversions: num(r.conversions),
    failures: num(r.failures),
    uncounted: num(r.uncounted),
    promptTokens: num(r.prompt_tokens),
    candidatesTokens: num(r.candidates_tokens),
    thoughtsTokens: num(r.thoughts_tokens),
    costUsd: num(r.cost_usd_micros) / 1_000_000,
  });
  return {
    from,
    to,
    total: row(total),
    failures: failures.map((f) => ({
      failure: f.failure,
      calls: num(f.calls),
      costUsd: num(f.cost_usd_micros) / 1_000_000,
    })),
    byTool: byTool.map(row),
    byPlan: byPlan.map(row),
    unpricedCalls: num(bases.unpriced),
    imagePriceCalls: num(bases.image_price),
  };
}

/** Today's and this month's numbers (`date`: a UTC day, YYYY-MM-DD). */
export async function collectReport(sql, date) {
  const { day, monthStart } = period(date);
  return { date, today: await rangeReport(sql, day, day), month: await rangeReport(sql, monthStart, day) };
}

const usd = (value) => `$${value.toFixed(4)}`;
const count = (value) => value.toLocaleString("en-US");

/** A table: a header row, a rule, the rows; text columns left, the rest right. */
export function table(headers, rows, leftColumns = 1) {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map((r) => line(r.map(String)))]
    .map((l) => `  ${l}`)
    .join("\n");
}

const GROUP_HEADERS = [
  "calls",
  "conversions",
  "uncounted ok",
  "failures",
  "prompt tok",
  "answer tok",
  "thinking tok",
  "est. cost",
];
const groupRow = (r) => [
  r.name,
  count(r.calls),
  count(r.conversions),
  count(r.uncounted),
  count(r.failures),
  count(r.promptTokens),
  count(r.candidatesTokens),
  count(r.thoughtsTokens),
  usd(r.costUsd),
];

function formatRange(title, range) {
  const groups = (label, rows) =>
    rows.length === 0 ? "  (none)" : table([label, ...GROUP_HEADERS], rows.map(groupRow));
  const parts = [
    title,
    "",
    groups("", [{ ...range.total, name: "all" }]),
    "",
    "  Failures by class",
    range.failures.length === 0
      ? "  (none)"
      : table(
          ["class", "calls", "est. cost"],
          range.failures.map((f) => [f.failure, count(f.calls), usd(f.costUsd)]),
        ),
    "",
    "  By tool",
    groups("tool", range.byTool),
    "",
    "  By plan",
    groups("plan", range.byPlan),
  ];
  if (range.unpricedCalls > 0) {
    parts.push(
      "",
      `  ${count(range.unpricedCalls)} call(s) of a model with no price are counted at $0: add its prices (AI_PRICES_JSON).`,
    );
  }
  if (range.imagePriceCalls > 0) {
    parts.push(
      "",
      `  ${count(range.imagePriceCalls)} image(s) came without token counts: estimated at the per-image price.`,
    );
  }
  return parts.join("\n");
}

/** The report as text. */
export function formatReport(report) {
  return [
    "Cucumber.AI usage (estimated costs; ai_calls)",
    "",
    formatRange(`Today, ${report.today.from} (UTC)`, report.today),
    "",
    formatRange(`This month, ${report.month.from} to ${report.month.to} (UTC)`, report.month),
    "",
    "conversions: calls that counted (an image, a completed poem); uncounted ok: the custom prompt's",
    "analysis step, which counts nothing; failures: calls that went to the AI and did not count.",
  ].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: {
      date: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log("DATABASE_URL=postgres://... npm run report:usage [-- --date YYYY-MM-DD] [-- --json]");
    return;
  }
  const url = process.env.DATABASE_URL?.trim();
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      "Set DATABASE_URL to the database's connection string (postgres://...): on a hosted Supabase " +
        "project, the one under Connect in its dashboard. See README.md, Hosted mode.",
    );
    process.exitCode = 2;
    return;
  }
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    console.error(`--date must be a day as YYYY-MM-DD; it is "${date}".`);
    process.exitCode = 2;
    return;
  }
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => undefined, connect_timeout: 20 });
  try {
    const report = await collectReport(sql, date);
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  } catch (error) {
    console.error(`Could not read the usage: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
