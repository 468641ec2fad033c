/**
 * /api/ai: the hosted mode's AI proxy. The browser sends Gemini's own requests here with the user's
 * session instead of an API key; the server adds its key, and Postgres counts the conversion.
 *
 *   POST /api/ai/v1beta/models/{model}:generateContent
 *   POST /api/ai/v1beta/models/{model}:streamGenerateContent?alt=sse
 *   (a host that rewrites /api/ai/* to this one function may pass the part after /api/ai/ as ?path=)
 *
 * In order, before anything goes upstream:
 *   1. POST only; the path names a role (models/image or models/text; the server picks the model it is
 *      configured with) or one of the two configured model IDs; the settings break no rule
 *      (api/_lib/ai-settings.ts `problems`: the reservation must outlive the upstream timeout);
 *   2. the caller's `Authorization: Bearer` session, verified in-process with the project's JWT secret
 *      or JWKS (api/_lib/supabase.ts verifySession: no round trip on every AI call);
 *   3. a JSON body of at most MAX_BODY_BYTES with at most MAX_IMAGES inline images, and only Gemini's
 *      request fields (contents, generationConfig, safetySettings, systemInstruction); its
 *      generationConfig.thinkingConfig is the server's setting for the role (api/_lib/ai-thinking.ts);
 *      its imageConfig asks only for a ratio and size Gemini takes (src/config/image-output.ts);
 *   4. a 2K picture needs the $10/month plan, a 4K one the $30/month plan (the plan read once, only for
 *      those sizes): the page's size picker is no security boundary;
 *   5. in one database call (reserve_conversion): the per-user rate limit (AI_RATE_LIMIT_PER_MINUTE,
 *      default 20; the custom prompt's analysis step also has its own, smaller one), then one
 *      conversion reserved atomically (a row lock): with none left the answer is 403 and nothing is
 *      sent upstream.
 * Then the request goes to Gemini with the server's key (GEMINI_API_KEY, never a VITE_ variable) or,
 * locally without a key, to the local preview engine, which alone is also given the page's
 * x-cucumber-tool and x-cucumber-tool-input (it answers each tool by them; Google never sees them),
 * and the answer comes back unchanged: Gemini's JSON or event stream, and Gemini's own error bodies,
 * so the client's error handling, retry waits and streaming work exactly as against Gemini. A whole
 * answer over WHOLE_ANSWER_BUFFER_BYTES (a 2K or 4K picture: tens of MB of base64, over what a host
 * answers in one buffered response) is passed on as it arrives, with the reservation's count in its
 * headers as an event stream's, and counted once its end has passed. What counts is decided here,
 * from the answer:
 *   - an image-model answer that carries an image: 1;
 *   - a streamed text answer that completes (a poem): 1;
 *   - a non-streamed text answer (the custom prompt's analysis step): 0.
 * Anything else (an error, an answer without an image, a stream cut short, the caller leaving, a
 * timeout) releases the reservation; one a crash leaves behind expires by itself.
 *
 * Every answer the user can be told about carries x-conversions-used, x-conversions-limit and
 * x-conversions-remaining. Refusals are Gemini-shaped errors with an ErrorInfo reason (domain
 * cucumber.ai): SESSION_INVALID 401, CONVERSION_LIMIT_REACHED 403, RATE_LIMITED 429 (with RetryInfo
 * and Retry-After), PLAN_REQUIRED 403 (the gate's words), MODEL_NOT_ALLOWED / TOO_MANY_IMAGES /
 * INVALID_REQUEST / IMAGE_OUTPUT_NOT_SUPPORTED 400, REQUEST_TOO_LARGE 413,
 * METHOD_NOT_ALLOWED 405, UNSUPPORTED_MEDIA_TYPE 415, AI_NOT_CONFIGURED 501, UPSTREAM_UNREACHABLE 502,
 * UPSTREAM_TIMEOUT 504, INTERNAL 500, DAILY_BUDGET_REACHED 503.
 *
 * Cost (api/_lib/ai-cost.ts, ai-calls.ts): with AI_DAILY_BUDGET_USD set, today's estimated spend is read
 * (one indexed sum) just before the reservation, and once it reaches the budget the call is refused with
 * 503 DAILY_BUDGET_REACHED: nothing is reserved, counted or sent. Every call that went upstream is
 * recorded in ai_calls (tool from x-cucumber-tool, model, image size, tokens, plan, estimated cost, and
 * a failure class when it did not count), written in the same database call that ends its reservation
 * (finish_and_record).
 */
import {
  bearerToken,
  isJsonContentType,
  processEnv,
  readBodyCapped,
  TOO_LARGE,
  type Env,
} from "./_lib/http.ts";
import { aiSettings, type AiSettings } from "./_lib/ai-settings.ts";
import {
  passHeaders,
  readOrPassWhole,
  streamThrough,
  upstreamFailed,
  WHOLE_ANSWER_BUFFER_BYTES,
  type WholeEnd,
} from "./_lib/ai-answer.ts";
import { geminiError, MESSAGES, REASONS, usageHeaders } from "./_lib/ai-errors.ts";
import {
  countImages,
  forwardedToolHeaders,
  imageOutputOf,
  parseCall,
  upstreamUrl,
} from "./_lib/ai-request.ts";
import { forwardedBody } from "./_lib/ai-thinking.ts";
import { holdConversion } from "./_lib/ai-reservation.ts";
import {
  budgetReached,
  budgetRefusal,
  costSettings,
  imageSizeOf,
  type CostSettings,
} from "./_lib/ai-cost.ts";
import { AnswerTally, brokenFailure, recordingFinish, toolOf, wholeAnswer } from "./_lib/ai-calls.ts";
import { usageStatus } from "./_lib/usage.ts";
import { gateMessage, hasFeature, isTierId } from "../src/config/tiers.ts";
import {
  serviceClient,
  supabaseTarget,
  verifySession,
  type Db,
  type SupabaseTarget,
} from "./_lib/supabase.ts";

export { aiSettings, type AiSettings } from "./_lib/ai-settings.ts";
export { MESSAGES, REASONS } from "./_lib/ai-errors.ts";

export type AiProxyDeps = {
  target: SupabaseTarget;
  settings: AiSettings;
  /** The fetch used for Supabase (tests may pass a fake). */
  fetch?: typeof fetch;
  /** The fetch used for the upstream AI (tests may pass a fake). */
  upstreamFetch?: typeof fetch;
  /** Prices and the daily budget (api/_lib/ai-cost.ts); default: the price table, no budget. */
  costs?: CostSettings;
};

/** The proxy with its settings passed in; see the top of this file. */
export async function handleAiProxy(request: Request, deps: AiProxyDeps): Promise<Response> {
  const { settings } = deps;
  const supabaseFetch = deps.fetch ?? fetch;
  const upstreamFetch = deps.upstreamFetch ?? fetch;
  if (request.method !== "POST") return geminiError(405, REASONS.methodNotAllowed, MESSAGES.methodNotAllowed);

  const url = new URL(request.url);
  const call = parseCall(url, settings);
  if ("error" in call) return call.error;

  const token = bearerToken(request);
  if (!token) return geminiError(401, REASONS.sessionInvalid, MESSAGES.sessionInvalid);
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return geminiError(415, REASONS.unsupportedMediaType, MESSAGES.unsupportedMediaType);
  }
  if (!settings.upstream.configured) {
    console.error("[api/ai] GEMINI_API_KEY is not set, and there is no local preview engine.");
    return geminiError(501, REASONS.notConfigured, MESSAGES.notConfigured);
  }
  if (settings.problems.length > 0) {
    for (const problem of settings.problems) console.error(`[api/ai] ${problem}`);
    return geminiError(501, REASONS.notConfigured, MESSAGES.notConfigured);
  }

  let bytes: Uint8Array | typeof TOO_LARGE;
  try {
    bytes = await readBodyCapped(request, settings.maxBodyBytes);
  } catch {
    return geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest);
  }
  if (bytes === TOO_LARGE) return geminiError(413, REASONS.tooLarge, MESSAGES.tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest);
  }
  const images = countImages(body);
  if (images === null) return geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest);
  if (images > settings.maxImages) return geminiError(400, REASONS.tooManyImages, MESSAGES.tooManyImages);
  const output = imageOutputOf(body);
  if (!output) return geminiError(400, REASONS.outputNotSupported, MESSAGES.outputNotSupported);
  const costs = deps.costs ?? costSettings({});
  if (costs.problems.length > 0) {
    for (const problem of costs.problems) console.error(`[api/ai] ${problem}`);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }

  let session: Awaited<ReturnType<typeof verifySession>>;
  try {
    session = await verifySession(deps.target, token, supabaseFetch, "api/ai");
  } catch (error) {
    console.error("[api/ai] could not verify the caller:", error instanceof Error ? error.message : error);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }
  if (!session.ok) {
    return session.status === 401
      ? geminiError(401, REASONS.sessionInvalid, MESSAGES.sessionInvalid)
      : geminiError(502, REASONS.internal, MESSAGES.internal);
  }
  const userId = session.userId;

  let db: Db;
  try {
    db = await serviceClient(deps.target, supabaseFetch);
  } catch (error) {
    console.error("[api/ai]", error instanceof Error ? error.message : error);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }

  // A 2K or 4K picture needs its plan (the page's size picker is no security boundary): checked before
  // anything is reserved, counted or sent.
  if (output.feature) {
    let status: Awaited<ReturnType<typeof usageStatus>>;
    try {
      status = await usageStatus(db, userId);
    } catch (error) {
      console.error("[api/ai] could not read the plan:", error instanceof Error ? error.message : error);
      return geminiError(500, REASONS.internal, MESSAGES.internal);
    }
    if (!isTierId(status.tier) || !hasFeature(status.tier, output.feature)) {
      return geminiError(403, REASONS.planRequired, gateMessage(output.feature), {
        headers: usageHeaders(status),
      });
    }
  }

  // The daily budget: a soft cap, read before reserving (calls in flight may each add one more).
  if (costs.dailyBudgetMicros !== null) {
    try {
      if (await budgetReached(db, costs.dailyBudgetMicros)) return budgetRefusal();
    } catch (error) {
      console.error("[api/ai] could not read today's spend:", error instanceof Error ? error.message : error);
      return geminiError(500, REASONS.internal, MESSAGES.internal);
    }
  }

  const streaming = call.method === "streamGenerateContent";
  const hold = await holdConversion(db, userId, settings, call);
  if (!hold.ok) return hold.response;
  const { finish, held } = hold;

  const timeout = AbortSignal.timeout(settings.upstreamTimeoutMs);
  const upstreamSignal = AbortSignal.any([request.signal, timeout]);
  // The tool and its input go on only to the local preview engine, which answers by them.
  const upstreamHeaders: Record<string, string> = {
    "content-type": "application/json",
    ...forwardedToolHeaders(request, settings),
  };
  if (settings.upstream.apiKey) upstreamHeaders["x-goog-api-key"] = settings.upstream.apiKey;
  // Ends the reservation and records the call (ai_calls) in one database call, once.
  const end = recordingFinish(
    costs,
    {
      userId,
      tier: held.tier,
      tool: toolOf(request),
      model: call.model,
      kind: call.kind,
      imageSize: imageSizeOf(body, call.kind),
    },
    finish,
  );
  const broke = (httpStatus: number | null) => ({
    failure: brokenFailure(timeout.aborted, request.signal.aborted),
    usage: null,
    hasImage: false,
    httpStatus,
  });

  let upstream: Response;
  try {
    upstream = await upstreamFetch(upstreamUrl(settings, call, url.searchParams), {
      method: "POST",
      headers: upstreamHeaders,
      // The server's thinking level for the role, whatever the page asked for.
      body: forwardedBody(bytes, body, call.kind, settings.thinking) as BodyInit,
      signal: upstreamSignal,
    });
  } catch {
    return upstreamFailed(timeout.aborted, await end(0, broke(null)));
  }

  const isStream = /^text\/event-stream/i.test(upstream.headers.get("content-type") ?? "");
  if (streaming && upstream.ok && isStream && upstream.body) {
    // Passed through piece by piece; in the same pass the tally keeps the last usageMetadata and how
    // the stream ended, for the call's record.
    const tally = new AnswerTally();
    const outcome = (count: number) =>
      tally.outcome(count, upstream.status, timeout.aborted, request.signal.aborted);
    return streamThrough(upstream, (count) => end(count, outcome(count)), usageHeaders(held), tally);
  }

  // A whole answer. Up to WHOLE_ANSWER_BUFFER_BYTES it is read, what it counts decided, and answered
  // with the new count; the bytes are passed on as they came (no second encoding of the text). A
  // larger one (a 2K or 4K picture) goes through as it arrives, with the reservation's count in its
  // headers, as a stream's, and counts when its end has passed (docs/architecture.md "Hosted mode").
  const settle = async (ending: WholeEnd) => {
    if ("lean" in ending) {
      const answer = wholeAnswer(call, upstream.status, ending.lean);
      return end(answer.count, answer.outcome);
    }
    const outcome = broke(upstream.status);
    return end(0, ending.failure === "cancelled" ? { ...outcome, failure: "cancelled" } : outcome);
  };
  const read = await readOrPassWhole(upstream, WHOLE_ANSWER_BUFFER_BYTES, settle, usageHeaders(held));
  if ("response" in read) return read.response;
  if (!read.bytes) return upstreamFailed(timeout.aborted, await end(0, broke(upstream.status)));
  const raw = read.bytes;
  const answer = wholeAnswer(call, upstream.status, new TextDecoder().decode(raw));
  const status = await end(answer.count, answer.outcome);
  return new Response(raw as BodyInit, {
    status: upstream.status,
    headers: passHeaders(upstream, usageHeaders(status)),
  });
}

/** The deployed entry point: settings and the Supabase project from the environment. */
async function handle(request: Request): Promise<Response> {
  const env: Env = processEnv();
  const target = supabaseTarget(env);
  if (!target.ok) {
    console.error(`[api/ai] ${target.problem}`);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }
  const settings = aiSettings(env);
  const costs = costSettings(env, [settings.imageModel, settings.textModel]);
  return handleAiProxy(request, { target: target.target, settings, costs });
}

/**
 * The entry point as serverless hosts load it: `export default { fetch }` gets a web-standard Request
 * on Vercel (a default-exported function would get Node's req/res instead), Netlify, Cloudflare, Deno
 * and Bun; server/api/plugin.ts calls the same `fetch` in dev and start.
 */
export default { fetch: handle };
