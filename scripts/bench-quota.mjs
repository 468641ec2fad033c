#!/usr/bin/env node
// `npm run bench:quota`: the hosted mode's count and overhead on a real PostgreSQL server. Starts a
// throwaway PostgreSQL cluster (scripts/lib/pg-cluster.mjs; Debian's `postgresql` package) and the app
// as `npm start` does with AI_MODE=hosted and DATABASE_URL pointing at it (no Gemini key, so /api/ai
// forwards to the local preview engine; a fresh data folder holds only the local secrets), then:
//   1. latency: the same 1536 px image request, one at a time, through /api/ai and straight to the
//      engine at /__local-ai, alternating, in this run: p50 and p95 of each. Target: the proxy's p50
//      under 1.2x the engine's. Then where the proxy's time goes (lib/bench-quota-parts.mjs);
//   2. load: 200 Freemium users, each sending 10 image requests at once: all 2000 sent together, over at
//      most 256 connections (opening 2000 at once overflows the server's listen queue). Every user must
//      see exactly 3 results and 7 refusals, and the database (read over its own SQL connection) must
//      have counted exactly those results (its usage rows), with no reservation left open.
// Exits 1 when a target is missed, 2 when PostgreSQL is not installed. Stops the app and the cluster at
// the end, on a failure and on Ctrl-C. A benchmark, not a test: `npm test` does not run it. Only this
// machine's loopback is contacted.
//
//   node scripts/bench-quota.mjs [--users 200] [--requests 10] [--samples 60] [--load-size 512]
//                                [--connections 256]
//
// --load-size: the longest side of the load part's photo (the latency part always sends 1536 px). The
// engine renders one request at a time: 600 renders of the 1536 px photo took 90 s on 2 cores, of the
// 512 px one about 30. BENCH_LOG=1 shows the app's own output.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { freePort, startApp } from "./lib/app-server.mjs";
import { quantile } from "./lib/bench-stats.mjs";
import {
  answerSize,
  cappedAgent,
  directCall,
  preparedPhoto,
  proxiedCall,
  requestBody,
  signUpMany,
} from "./lib/bench-quota-http.mjs";
import { measureParts } from "./lib/bench-quota-parts.mjs";
import { postgresBin, startCluster } from "./lib/pg-cluster.mjs";

const FREEMIUM_LIMIT = 3;
const TARGET_RATIO = 1.2;
const LATENCY_SIZE = 1536;

const { values: args } = parseArgs({
  options: {
    users: { type: "string", default: "200" },
    requests: { type: "string", default: "10" },
    samples: { type: "string", default: "60" },
    "load-size": { type: "string", default: "512" },
    connections: { type: "string", default: "256" },
  },
});
const USERS = Number(args.users);
const REQUESTS_PER_USER = Number(args.requests);
const SAMPLES = Number(args.samples);
const LOAD_SIZE = Number(args["load-size"]);
const CONNECTIONS = Number(args.connections);
for (const [name, value] of Object.entries({ USERS, REQUESTS_PER_USER, SAMPLES, LOAD_SIZE, CONNECTIONS })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive whole number.`);
    process.exit(2);
  }
}
if (REQUESTS_PER_USER >= 20) {
  console.error("--requests must stay under the proxy's rate limit (20 a minute per user).");
  process.exit(2);
}

// PostgreSQL first, before anything is built: a clear message when it is missing.
try {
  const bin = postgresBin();
  for (const tool of ["initdb", "pg_ctl", "psql"]) {
    if (!fs.existsSync(path.join(bin, tool))) throw new Error(`There is no ${tool} in ${bin} (PG_BIN).`);
  }
} catch (error) {
  console.error(`bench:quota runs against a real PostgreSQL server, and none was found. ${error.message}`);
  process.exit(2);
}

// What runs, stopped in reverse order once, at the end, on a failure or on Ctrl-C. If this process ends
// before that (an uncaught error), the cluster is stopped here and the app by its own exit hook
// (lib/app-server.mjs); both are synchronous, so nothing is left behind.
let cluster;
let app;
let sql;
let stopping;
let interrupted = false;
const outDir = ".dist-bench-quota";
function stopCluster() {
  const running = cluster;
  cluster = undefined;
  running?.stop();
}
function stopAll() {
  stopping ??= (async () => {
    await sql?.end({ timeout: 2 }).catch(() => undefined);
    await app?.stop().catch(() => undefined);
    stopCluster();
    fs.rmSync(outDir, { recursive: true, force: true });
  })();
  return stopping;
}
process.once("exit", stopCluster);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the app and the PostgreSQL server.`);
    void stopAll().finally(() => process.exit(130));
  });
}

const ms = (value) => `${value.toFixed(0)} ms`;
const p50 = (values) => quantile(values, 0.5);
const p95 = (values) => quantile(values, 0.95);

/** The latency part: alternating, one at a time, in this run. */
async function latency(url, body, users) {
  const viaProxy = [];
  const viaEngine = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const user = users[Math.floor(i / FREEMIUM_LIMIT)];
    const engineFirst = i % 2 === 0;
    if (engineFirst) viaEngine.push(await directCall(url, body));
    const answer = await proxiedCall(url, user, body);
    if (answer.status !== 200 || !answer.hasImage)
      throw new Error(`A latency sample answered ${answer.status}`);
    viaProxy.push(answer.ms);
    if (!engineFirst) viaEngine.push(await directCall(url, body));
  }
  return { viaProxy, viaEngine };
}

/** What the database holds for `users`, read over its own connection as the database's owner. */
async function databaseCounts(users) {
  const ids = users.map((user) => user.id);
  const usage = await sql`
    select user_id, sum(used)::int as used from public.usage where user_id = any(${ids}::uuid[]) group by user_id`;
  const [{ open }] = await sql`
    select count(*)::int as open from public.usage_reservations where user_id = any(${ids}::uuid[])`;
  const byUser = new Map(usage.map((row) => [row.user_id, row.used]));
  return { counted: users.map((user) => byUser.get(user.id) ?? 0), open };
}

let failed = false;
const miss = (message) => {
  failed = true;
  console.log(`MISSED: ${message}`);
};

try {
  cluster = await startCluster();
  sql = postgres(cluster.url, { max: 2, onnotice: () => undefined });
  const [{ version }] = await sql`select current_setting('server_version') as version`;
  const port = await freePort();
  app = await startApp({
    port,
    outDir,
    log: process.env.BENCH_LOG === "1",
    env: { AI_MODE: "hosted", GEMINI_API_KEY: "", DATABASE_URL: cluster.url },
  });
  const url = app.url;
  const secrets = JSON.parse(fs.readFileSync(path.join(app.dbDir, "local-secrets.json"), "utf8"));
  console.log(
    `PostgreSQL ${version} (a throwaway cluster on 127.0.0.1:${cluster.port}); the app in hosted mode on ${url}, ` +
      `its local backend on that server`,
  );

  const latencyBody = requestBody(await preparedPhoto(LATENCY_SIZE));
  const loadBody = LOAD_SIZE === LATENCY_SIZE ? latencyBody : requestBody(await preparedPhoto(LOAD_SIZE));
  const kb = (body) => `${Math.round(body.length / 1024)} KB`;

  // Users for the latency part (3 results each), then a few refusals each for the parts, under the rate
  // limit; `spare` for the parts' direct database calls; `warm` for the warm-up.
  const latencyCount = Math.max(Math.ceil(SAMPLES / FREEMIUM_LIMIT), 10);
  const [warm, spare, ...latencyUsers] = await signUpMany(url, "l", 2 + latencyCount);
  // Warm-up outside the measurements: sharp loads on the engine's first request, the handler and
  // supabase-js on the proxy's first, and the pool opens its connections.
  for (let i = 0; i < FREEMIUM_LIMIT; i += 1) {
    await directCall(url, latencyBody);
    const answer = await proxiedCall(url, warm, latencyBody);
    if (answer.status !== 200) throw new Error(`The proxy's first answers: ${answer.status}, not 200`);
  }

  // 1. Latency.
  console.log(
    `\n1. Latency: one ${LATENCY_SIZE} px image request (${kb(latencyBody)}), ${SAMPLES} each way, one at a time, alternating`,
  );
  const { viaProxy, viaEngine } = await latency(url, latencyBody, latencyUsers);
  const ratio50 = p50(viaProxy) / p50(viaEngine);
  const ratio95 = p95(viaProxy) / p95(viaEngine);
  console.log(`   engine directly:  p50 ${ms(p50(viaEngine))}, p95 ${ms(p95(viaEngine))}`);
  console.log(`   through /api/ai:  p50 ${ms(p50(viaProxy))}, p95 ${ms(p95(viaProxy))}`);
  console.log(
    `   overhead:         p50 +${ms(p50(viaProxy) - p50(viaEngine))} (${ratio50.toFixed(2)}x, target under ${TARGET_RATIO}x), ` +
      `p95 +${ms(p95(viaProxy) - p95(viaEngine))} (${ratio95.toFixed(2)}x)`,
  );
  if (ratio50 >= TARGET_RATIO) miss("the proxy's p50 overhead target.");

  // Where the proxy's time goes: once latencyUsers have used their 3, their calls stop at the reserve.
  for (let i = SAMPLES; i < latencyUsers.length * FREEMIUM_LIMIT; i += 1) {
    const answer = await proxiedCall(url, latencyUsers[Math.floor(i / FREEMIUM_LIMIT)], latencyBody);
    if (answer.status !== 200) throw new Error(`A call to use up a month answered ${answer.status}`);
  }
  console.log("\n   Where the proxy's time goes (p50 of 30 each):");
  const parts = await measureParts({
    url,
    body: latencyBody,
    users: latencyUsers,
    spare,
    secretKey: secrets.secretKey,
    engineP50: p50(viaEngine),
    proxyP50: p50(viaProxy),
    answerBytes: await answerSize(url, latencyBody),
  });
  for (const line of parts) console.log(`   ${line}`);

  // 2. Load.
  const signUpStarted = performance.now();
  const users = await signUpMany(url, "u", USERS);
  const signUpS = (performance.now() - signUpStarted) / 1000;
  const total = USERS * REQUESTS_PER_USER;
  const photoNote =
    LOAD_SIZE < LATENCY_SIZE
      ? `, smaller than the latency part's so the engine's ${USERS * FREEMIUM_LIMIT} renders, one at a time, take seconds`
      : "";
  console.log(
    `\n2. Load: ${USERS} Freemium users (signed up in ${signUpS.toFixed(1)} s), each sending ${REQUESTS_PER_USER} image ` +
      `requests at once: ${total} sent together, over at most ${CONNECTIONS} connections; a ${LOAD_SIZE} px photo ` +
      `(${kb(loadBody)})${photoNote}`,
  );
  const agent = cappedAgent(CONNECTIONS);
  const started = performance.now();
  const answers = await Promise.all(
    users.map((user) =>
      Promise.all(
        Array.from({ length: REQUESTS_PER_USER }, () =>
          proxiedCall(url, user, loadBody, { agent }).catch((error) => ({
            status: `network error ${error.code ?? error.message}`,
            ms: NaN,
            hasImage: false,
          })),
        ),
      ),
    ),
  );
  agent.destroy();
  const burstS = (performance.now() - started) / 1000;
  const results = answers.map((list) => list.filter((a) => a.status === 200 && a.hasImage).length);
  const refused = answers.flat().filter((a) => a.status === 403).length;
  const other = answers.flat().filter((a) => a.status !== 403 && !(a.status === 200 && a.hasImage));
  const { counted, open } = await databaseCounts(users);
  const totalResults = results.reduce((a, b) => a + b, 0);
  const totalCounted = counted.reduce((a, b) => a + b, 0);
  const lost = counted.reduce((sum, c, i) => sum + Math.max(0, results[i] - c), 0);
  const double = counted.reduce((sum, c, i) => sum + Math.max(0, c - results[i]), 0);
  const exact = results.filter((r, i) => r === FREEMIUM_LIMIT && counted[i] === FREEMIUM_LIMIT).length;
  const resultsSeen = [...new Set(results)].sort((a, b) => a - b).join(", ");
  const okMs = answers
    .flat()
    .filter((a) => a.status === 200)
    .map((a) => a.ms);
  const refusedMs = answers
    .flat()
    .filter((a) => a.status === 403)
    .map((a) => a.ms);

  console.log(`   all ${total} answered in ${burstS.toFixed(1)} s`);
  console.log(
    `   results: ${totalResults} (${USERS * FREEMIUM_LIMIT} expected); refused at the limit (403): ${refused}; ` +
      `anything else: ${other.length}${other.length ? ` (${[...new Set(other.map((a) => a.status))].join(", ")})` : ""}`,
  );
  console.log(
    `   per user: ${exact} of ${USERS} saw exactly ${FREEMIUM_LIMIT} results and have exactly ${FREEMIUM_LIMIT} counted ` +
      `(results per user seen: ${resultsSeen})`,
  );
  console.log(
    `   database: ${totalCounted} conversions counted in usage (${USERS * FREEMIUM_LIMIT} expected), ` +
      `${open} reservations left open (0)`,
  );
  console.log(`   lost: ${lost}, counted twice: ${double}`);
  if (okMs.length && refusedMs.length) {
    console.log(
      `   answer times from sending (a wait for a free connection included): results p50 ${ms(p50(okMs))}, ` +
        `p95 ${ms(p95(okMs))} (queued for the engine); ` +
        `403 p50 ${ms(p50(refusedMs))}, p95 ${ms(p95(refusedMs))}`,
    );
  }
  if (exact !== USERS || totalCounted !== USERS * FREEMIUM_LIMIT || lost || double || open || other.length) {
    miss(`every user must see exactly ${FREEMIUM_LIMIT} results and have exactly ${FREEMIUM_LIMIT} counted.`);
  }
} catch (error) {
  // After Ctrl-C, what was under way fails as the app stops: not worth a message.
  if (!interrupted) {
    failed = true;
    console.error(error instanceof Error ? error.message : error, error?.cause ?? "");
  }
} finally {
  await stopAll();
}
process.exit(interrupted ? 130 : failed ? 1 : 0);
