#!/usr/bin/env node
// `npm run report:usage`: what the hosted AI did and cost, from the ai_calls table (supabase/migrations/
// 20261127010000_ai_costs.sql): today's (UTC) and this month's conversions, failures by class, tokens
// and estimated cost, by tool and by plan, as tables. The database computes the numbers
// (public.ai_usage_report); this script asks it one of three ways:
//
//   DATABASE_URL=postgres://... npm run report:usage        a PostgreSQL connection
//   SUPABASE_URL=... SUPABASE_SECRET_KEY=... npm run report:usage
//                                                           a project's API with its secret key
//   npm run report:usage [-- --url http://localhost:5173]   the local backend of npm start (4173) or
//                                                           npm run dev, its key from .data/local-db
//   options: --date 2026-11-27 (another day, and its month up to that day), --json (the numbers)
//
// On a hosted Supabase project, DATABASE_URL is the connection string under "Connect" in its dashboard
// (the `postgres` user; the session pooler or the direct connection, with the database password, and
// `?sslmode=require`); the transaction pooler (port 6543) works too: nothing here is a prepared
// statement. Read only.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import postgres from "postgres";

const USAGE =
  "npm run report:usage [-- --date YYYY-MM-DD] [-- --json] [-- --url URL]: DATABASE_URL, or SUPABASE_URL " +
  "and SUPABASE_SECRET_KEY, or the local backend at --url (default http://localhost:4173)";

/** The UTC day `date` names, and the first day of its month. */
export function period(date) {
  return { day: date, monthStart: `${date.slice(0, 7)}-01` };
}

const num = (value) => Number(value ?? 0);

/**
 * Where the numbers come from: public.ai_usage_report(from, to) (supabase/migrations/
 * 20261127030000_ai_usage_report.sql), over a PostgreSQL connection or through the project's API with
 * the server's secret key. Both answer the function's JSON.
 */
export function databaseSource(sql) {
  return async (from, to) => {
    const [{ report }] = await sql`select public.ai_usage_report(${from}::date, ${to}::date) as report`;
    return report;
  };
}

export function apiSource(url, secretKey, fetchImpl = fetch) {
  return async (from, to) => {
    const response = await fetchImpl(`${url.replace(/\/+$/, "")}/rest/v1/rpc/ai_usage_report`, {
      method: "POST",
      headers: {
        apikey: secretKey,
        authorization: `Bearer ${secretKey}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ p_from: from, p_to: to }),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok)
      throw new Error(`the API answered ${response.status}: ${body?.message ?? "no message"}`);
    return body;
  };
}

/** The numbers of one range of days, from `from` to `to` (inclusive, UTC dates). */
async function rangeReport(source, from, to) {
  const report = await source(from, to);
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
    total: row(report.total),
    failures: report.failures.map((f) => ({
      failure: f.failure,
      calls: num(f.calls),
      costUsd: num(f.cost_usd_micros) / 1_000_000,
    })),
    byTool: report.by_tool.map(row),
    byPlan: report.by_plan.map(row),
    unpricedCalls: num(report.unpriced),
    imagePriceCalls: num(report.image_price),
  };
}

/** Today's and this month's numbers (`date`: a UTC day, YYYY-MM-DD), from `source`. */
export async function collectReport(source, date) {
  const { day, monthStart } = period(date);
  return {
    date,
    today: await rangeReport(source, day, day),
    month: await rangeReport(source, monthStart, day),
  };
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

/** The local backend's secret key, from its data folder (server/backend/local-secrets.ts). */
function localSecretKey() {
  const folder = process.env.SUPALITE_DB_URL?.trim() || path.resolve(".data/local-db");
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, "local-secrets.json"), "utf8")).secretKey;
  } catch {
    return undefined;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      date: { type: "string" },
      json: { type: "boolean", default: false },
      url: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    console.error(`--date must be a day as YYYY-MM-DD; it is "${date}".`);
    process.exitCode = 2;
    return;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(
      "DATABASE_URL must be a PostgreSQL connection string (postgres://...). See README.md, Hosted mode.",
    );
    process.exitCode = 2;
    return;
  }
  const sql = databaseUrl
    ? postgres(databaseUrl, { max: 1, prepare: false, onnotice: () => undefined, connect_timeout: 20 })
    : undefined;
  const apiUrl = values.url ?? process.env.SUPABASE_URL?.trim() ?? "http://localhost:4173";
  const secretKey = process.env.SUPABASE_SECRET_KEY?.trim() || localSecretKey();
  if (!sql && !secretKey) {
    console.error(
      "Nothing to read: set DATABASE_URL (a PostgreSQL connection string), or SUPABASE_URL and " +
        "SUPABASE_SECRET_KEY, or run it beside a local backend that has started once (.data/local-db).",
    );
    process.exitCode = 2;
    return;
  }
  const source = sql ? databaseSource(sql) : apiSource(apiUrl, secretKey);
  try {
    const report = await collectReport(source, date);
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  } catch (error) {
    const where = sql
      ? "DATABASE_URL"
      : `${apiUrl} (is npm start or npm run dev running there? --url to change)`;
    console.error(
      `Could not read the usage from ${where}: ${error instanceof Error ? error.message : error}`,
    );
    process.exitCode = 1;
  } finally {
    await sql?.end({ timeout: 5 });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
