// Where the AI proxy's time goes (bench-quota), measured from outside in the same run, each part p50 of
// SAMPLES calls one at a time:
//   - a call refused for its session (a well-formed token with a wrong signature: 401), with the photo and
//     with a tiny body: the HTTP hop, reading and parsing the body, the in-process session check;
//   - a call refused at the month's limit (403): all that plus the reserve_conversion round trip;
//   - reserve_conversion and finish_conversion as the proxy calls them (POST /rest/v1/rpc with the
//     server's secret key, one rate limit of the same shape), straight from here;
// and from those, what is left after the reserve: the upstream hop with the photo, the answer passed
// back, and the finish.
import { quantile } from "./bench-stats.mjs";
import { proxiedCall, requestBody } from "./bench-quota-http.mjs";

const SAMPLES = 30;
const p50 = (values) => quantile(values, 0.5);
const ms = (value) => `${value.toFixed(1)} ms`;

/** The token with its signature replaced by 32 zero bytes: well-formed, never valid. */
function forged(token) {
  const [header, payload] = token.split(".");
  return `${header}.${payload}.${Buffer.alloc(32).toString("base64url")}`;
}

async function rpc(url, secretKey, fn, args) {
  const started = performance.now();
  const response = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: "POST",
    headers: { apikey: secretKey, authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${fn} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, row: Array.isArray(body) ? body[0] : body };
}

async function timed(count, call) {
  const times = [];
  for (let i = 0; i < count; i += 1) times.push(await call(i));
  return times;
}

/**
 * `users` have used their month (their calls stop at the reserve, 403); `spare` has used none. Returns
 * the lines to print.
 */
export async function measureParts({ url, body, users, spare, secretKey, engineP50, proxyP50, answerBytes }) {
  const tiny = requestBody("");
  const expect = (status) => (answer) => {
    if (answer.status !== status) throw new Error(`Expected ${status}, the proxy answered ${answer.status}`);
    return answer.ms;
  };
  const bad = forged(users[0].token);
  const session = await timed(SAMPLES, async () =>
    expect(401)(await proxiedCall(url, users[0], body, { token: bad })),
  );
  const sessionTiny = await timed(SAMPLES, async () =>
    expect(401)(await proxiedCall(url, users[0], tiny, { token: bad })),
  );
  const atLimit = await timed(SAMPLES, async (i) =>
    expect(403)(await proxiedCall(url, users[i % users.length], body)),
  );
  // The proxy's two database calls as it makes them, for `spare` (a user with conversions left): each
  // reserve holds one, each finish releases it (count 0), so the month stays untouched. A bucket of their
  // own, so no real limit is touched.
  const reserve = [];
  const finish = [];
  const limits = [{ bucket: "bench-parts", max: 10_000, window_seconds: 60 }];
  for (let i = 0; i < SAMPLES; i += 1) {
    const held = await rpc(url, secretKey, "reserve_conversion", {
      p_user_id: spare.id,
      p_ttl_seconds: 300,
      p_rate_limits: limits,
    });
    if (!held.row.reservation_id) throw new Error("reserve_conversion reserved nothing for a fresh user");
    reserve.push(held.ms);
    const ended = await rpc(url, secretKey, "finish_conversion", {
      p_reservation_id: held.row.reservation_id,
      p_count: 0,
    });
    if (!ended.row.finished) throw new Error("finish_conversion did not end the reservation");
    finish.push(ended.ms);
  }
  const beforeDb = p50(session);
  const afterReserve = proxyP50 - p50(atLimit) - engineP50;
  return [
    `before any database call (401, forged session): ${ms(beforeDb)} with the photo, ${ms(p50(sessionTiny))} with a tiny body`,
    `  (the HTTP hop, the body read twice and parsed, the session checked in-process)`,
    `up to the reserve's answer (403 at the limit): ${ms(p50(atLimit))}; so the reserve step: ${ms(p50(atLimit) - beforeDb)}`,
    `reserve_conversion alone, over REST from here: ${ms(p50(reserve))}; finish_conversion: ${ms(p50(finish))}`,
    `after the reserve: ${ms(afterReserve)} (the photo's second hop, the engine's ${(answerBytes / 1e6).toFixed(1)} MB answer ` +
      `read, checked for an image and sent on, finish_and_record: the count and the call's ai_calls row in one database call)`,
  ];
}
