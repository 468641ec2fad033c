/**
 * The record of each AI call the proxy sent upstream (api/ai.ts; table ai_calls, supabase/migrations/
 * 20261127010000_ai_costs.sql): which tool asked (the x-cucumber-tool header), the model and image size,
 * whether it counted and, when it did not, why (a failure class), the answer's tokens and the estimated
 * cost (ai-cost.ts). Written with the server's role in parallel with the end of the reservation, so the
 * answer waits no longer than it did; a record that cannot be written is logged and the answer is
 * unaffected.
 */
import { TOOL_HEADER } from "../../src/config/tool-input.ts";
import { answerHasImage, SseEvents, wholeAnswerCount } from "./ai-answer.ts";
import { estimateCost, usageOf, type CostSettings, type Usage } from "./ai-cost.ts";
import { isObject, type Call } from "./ai-request.ts";
import type { Finish } from "./ai-reservation.ts";
import type { UsageStatus } from "./usage.ts";

/**
 * A tool id as the page names it in x-cucumber-tool: a lowercase slug (the ids of src/tools/registry.ts).
 * The proxy does not keep its own list of tools (a new tool is a folder and a line in the registry); what
 * it records is only ever a short slug, never the header as sent.
 */
export const TOOL_ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** What a call without a known tool is recorded as. */
export const UNKNOWN_TOOL = "unknown";
export { TOOL_HEADER };

/** The tool the request names, when it is a tool id's shape; else "unknown" (never the header as sent). */
export function toolOf(request: Request): string {
  const named = request.headers.get(TOOL_HEADER)?.trim().toLowerCase() ?? "";
  return TOOL_ID_PATTERN.test(named) ? named : UNKNOWN_TOOL;
}

export type FailureClass =
  | "blocked"
  | "no_image"
  | "incomplete"
  | "upstream_429"
  | "upstream_4xx"
  | "upstream_5xx"
  | "timeout"
  | "unreachable"
  | "cancelled";

/** How a call went, as far as the record needs it. */
export type Outcome = {
  /** Null for a counted call, and for an analysis call that succeeded (it never counts). */
  failure: FailureClass | null;
  usage: Usage | null;
  hasImage: boolean;
  /** The upstream's HTTP status; null when none arrived. */
  httpStatus: number | null;
};

/** Gemini's error status as a failure class. */
export function statusFailure(status: number): FailureClass {
  if (status === 429) return "upstream_429";
  return status >= 500 ? "upstream_5xx" : "upstream_4xx";
}

/** No answer, or one that broke off: the proxy's timeout, the caller leaving, or the connection. */
export function brokenFailure(timedOut: boolean, callerLeft: boolean): FailureClass {
  if (callerLeft) return "cancelled";
  return timedOut ? "timeout" : "unreachable";
}

/** A candidate's finishReason that means a safety or policy block (docs/gemini.md "How failure looks"). */
const BLOCKED = /SAFETY|RECITATION|BLOCKLIST|PROHIBITED|SPII/;

/**
 * Follows a call's answer event by event (a generateContent body is one event): the last usageMetadata
 * (each stream event carries the running total, the last one the whole), a block, text or an image, an
 * error object; and, for a stream, whether it broke off or was cancelled.
 */
export class AnswerTally {
  usage: Usage | null = null;
  blocked = false;
  text = false;
  image = false;
  errorCode: number | null = null;
  broke = false;
  cancelled = false;
  private readonly events = new SseEvents((event) => this.read(event));

  push(chunk: Uint8Array): void {
    this.events.push(chunk);
  }

  finish(): void {
    this.events.finish();
  }

  /** One GenerateContentResponse (or an error object). */
  read(event: unknown): void {
    if (!isObject(event)) return;
    if (event.error !== undefined) {
      const code = isObject(event.error) ? event.error.code : undefined;
      this.errorCode = typeof code === "number" && code >= 400 && code <= 599 ? code : 500;
      return;
    }
    this.usage = usageOf(event.usageMetadata) ?? this.usage;
    if (isObject(event.promptFeedback) && event.promptFeedback.blockReason) this.blocked = true;
    if (!Array.isArray(event.candidates)) return;
    if (answerHasImage(event)) this.image = true;
    for (const candidate of event.candidates) {
      if (!isObject(candidate)) continue;
      if (typeof candidate.finishReason === "string" && BLOCKED.test(candidate.finishReason))
        this.blocked = true;
      const parts = isObject(candidate.content) ? candidate.content.parts : undefined;
      if (!Array.isArray(parts)) continue;
      for (const part of parts) {
        if (isObject(part) && part.thought !== true && typeof part.text === "string" && part.text.trim())
          this.text = true;
      }
    }
  }

  /** How the call went, once it has counted `count`. */
  outcome(count: number, httpStatus: number, timedOut: boolean, callerLeft: boolean): Outcome {
    const known = { usage: this.usage, hasImage: this.image, httpStatus };
    if (count > 0) return { ...known, failure: null };
    let failure: FailureClass;
    if (this.cancelled) failure = "cancelled";
    else if (this.broke) failure = brokenFailure(timedOut, callerLeft);
    else if (this.errorCode !== null) failure = statusFailure(this.errorCode);
    else if (this.blocked) failure = "blocked";
    else failure = "incomplete";
    return { ...known, failure };
  }
}

/**
 * A whole answer (not streamed through): what it counts (as wholeAnswerCount, reading an image
 * answer's JSON once) and how it went.
 */
export function wholeAnswer(call: Call, status: number, text: string): { count: number; outcome: Outcome } {
  if (status < 200 || status > 299) {
    return {
      count: 0,
      outcome: { failure: statusFailure(status), usage: null, hasImage: false, httpStatus: status },
    };
  }
  const tally = new AnswerTally();
  if (call.method === "streamGenerateContent") {
    tally.push(new TextEncoder().encode(text));
    tally.finish();
  } else {
    try {
      tally.read(JSON.parse(text));
    } catch {
      // Not JSON: counts nothing, and is recorded as what it lacks.
    }
  }
  const count = call.kind === "image" ? (tally.image ? 1 : 0) : wholeAnswerCount(call, text);
  const known = { usage: tally.usage, hasImage: tally.image, httpStatus: status };
  if (count > 0) return { count, outcome: { ...known, failure: null } };
  if (call.kind === "image") {
    return { count, outcome: { ...known, failure: tally.blocked ? "blocked" : "no_image" } };
  }
  if (call.method === "generateContent" && tally.text && !tally.blocked) {
    // The custom prompt's analysis step: a success that counts nothing.
    return { count, outcome: { ...known, failure: null } };
  }
  return { count, outcome: tally.outcome(0, status, false, false) };
}

/** What is known of a call before it goes upstream. */
export type CallFacts = {
  userId: string;
  /** The user's plan when the conversion was reserved. */
  tier: string | null;
  tool: string;
  model: string;
  kind: "image" | "text";
  imageSize: string | null;
};

/** The row of ai_calls for a call that counted `count` and went as `outcome`. */
export function callRow(costs: CostSettings, facts: CallFacts, count: number, outcome: Outcome) {
  const counted = count > 0;
  const cost = estimateCost(costs.prices, {
    model: facts.model,
    kind: facts.kind,
    imageSize: facts.imageSize,
    usage: outcome.usage,
    hasImage: outcome.hasImage,
    counted,
  });
  return {
    user_id: facts.userId,
    tier: facts.tier,
    tool: facts.tool,
    model: facts.model,
    kind: facts.kind,
    image_size: facts.imageSize,
    counted,
    failure: counted ? null : outcome.failure,
    http_status: outcome.httpStatus,
    prompt_tokens: outcome.usage?.prompt ?? null,
    candidates_tokens: outcome.usage?.candidates ?? null,
    thoughts_tokens: outcome.usage?.thoughts ?? null,
    cost_usd_micros: cost.micros,
    cost_basis: cost.basis,
  };
}

const unpricedLogged = new Set<string>();

/** Says once per model that its calls are recorded at $0 (no price for it). */
function warnUnpriced(row: ReturnType<typeof callRow>): void {
  if (row.cost_basis === "unpriced" && !unpricedLogged.has(row.model)) {
    unpricedLogged.add(row.model);
    console.warn(
      `[api/ai] the model "${row.model}" has no price (src/config/ai-prices.ts, AI_PRICES_JSON): its calls are recorded at $0.`,
    );
  }
}

/**
 * Ends a call: `finish` (the reservation) with its record, once, in one database call
 * (finish_and_record: a row the table refuses is reported there and never costs the count).
 */
export type RecordingFinish = (count: number, outcome: Outcome) => Promise<UsageStatus | null>;

export function recordingFinish(costs: CostSettings, facts: CallFacts, finish: Finish): RecordingFinish {
  let recorded = false;
  return async (count, outcome) => {
    if (recorded) return finish(count);
    recorded = true;
    const row = callRow(costs, facts, count, outcome);
    warnUnpriced(row);
    return finish(count, row);
  };
}
