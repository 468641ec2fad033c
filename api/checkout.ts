/**
 * POST /api/checkout: puts the signed-in caller on a plan. The only way a plan changes (the browser
 * roles may only read their `subscriptions` row; supabase/migrations/20261124000000_...sql).
 *
 * A web-standard handler, `(request: Request) => Promise<Response>`, like api/submit-support.ts: a
 * serverless function under /api/* in production, mounted by server/api/plugin.ts in dev and start.
 *
 * Request: `Authorization: Bearer <the caller's Supabase access token>`, `Content-Type: application/json`,
 * body of at most MAX_BODY_BYTES:
 *   { tier: "$5/month" | "$10/month" | "$30/month", card: { number, expiry, cvc, name } }   a paid plan
 *   { tier: "Freemium" }                                                                      back to free
 * The card is checked by the payment page's own rules (src/features/billing/card.ts: 16 digits passing
 * Luhn, an MM/YY expiry not in the past, a 3-digit CVC, a name); non-digits in the number, expiry and CVC
 * are dropped first, as the form does while typing. Going back to Freemium takes no card, makes no
 * charge, records no payment and does not wait.
 *
 * In order: the method, the token (verified with the auth server), a rate limit per user in the database
 * (RATE_LIMIT per minute, every authenticated attempt counts), the body, the plan and card, then
 * `begin_checkout`, which takes the user's checkout lock (one checkout at a time, so two sent at once are
 * never both charged) and reads the plan the caller is on and the price; the charge (the simulated
 * provider of api/_lib/payments.ts: 1.5 s, then a decline for the test card 4000 0000 0000 0002); then
 * `complete_checkout`, which records the payment, moves the subscription and ends the lock in one
 * transaction. Any other end gives the lock back (`end_checkout`); one a crash leaves behind expires.
 *
 * Answers (always JSON, never cached):
 *   200 { ok: true, tier, paymentId, message }  the caller is on `tier` now; paymentId is null for
 *                                   Freemium; message: "Payment successful! Your subscription is now
 *                                   active." (SPEC 8) for a paid plan
 *   400 { error, fields? }          not JSON, not an object, an unknown plan, or card fields that break the
 *                                   rules: `fields` maps each wrong field (cardNumber, expiry, cvc, name) to
 *                                   its message, "Please fill out all fields" for a missing one
 *   401 { error }                   no token, or one the auth server does not accept
 *   402 { error }                   the card was declined: "Payment failed. Please try again." (SPEC 8)
 *   405 { error } + Allow: POST     any method but POST
 *   409 { error }                   the caller is already on that plan, or another checkout of theirs
 *                                   is being processed (nothing is charged)
 *   413 { error }                   the body is larger than MAX_BODY_BYTES
 *   415 { error }                   the body is not declared as application/json
 *   429 { error } + Retry-After     more than RATE_LIMIT.max attempts in the current minute
 *   500/502 { error }               misconfigured (no secret key: the log names the variable), the database
 *                                   or the auth server failed: "Payment failed. Please try again."
 *
 * What is kept: one `payments` row per paid checkout (user, plan, amount in cents from the `plans` table,
 * the card's last four digits, the provider and its reference, the time). The card number and the CVC
 * are never stored and never logged: nothing here logs the body, and errors are logged by code and
 * message only.
 *
 * The database is reached with the server's secret key (service_role; SUPABASE_SECRET_KEY, locally the
 * generated LOCAL_SUPABASE_SECRET_KEY), only after the caller's token has been verified; the user id
 * always comes from the auth server, never from the body. Which project: configuration only, never the
 * request's Host (api/_lib/supabase.ts).
 */
import { fail, json, readJsonBody, bearerToken, HTTP_MESSAGES, retryAfterSeconds } from "./_lib/http.ts";
import { simulatedProvider, type CardDetails, type PaymentProvider } from "./_lib/payments.ts";
import { serviceClient, supabaseTarget, verifyCaller, type SupabaseTarget } from "./_lib/supabase.ts";
import { hitRateLimit } from "./_lib/usage.ts";
// Relative paths, not "@/": vite.config.ts bundles api/ for the dev and start servers without the alias.
import { getTier, isTierId, TIER_IDS, type TierId } from "../src/config/tiers.ts";
import {
  checkPayment,
  digitsOnly,
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  type PaymentField,
  type PaymentFields,
} from "../src/features/billing/card.ts";

/** The body is a plan name and four short card fields: a few hundred bytes. */
export const MAX_BODY_BYTES = 4 * 1024;

/** Attempts per user and window, counted in the database (shared by every server instance). */
export const RATE_LIMIT = { bucket: "checkout", max: 10, windowSeconds: 60 } as const;

export const MESSAGES = {
  ...HTTP_MESSAGES,
  unknownTier: `The plan must be one of: ${TIER_IDS.join(", ")}.`,
  unauthorized: "Please log in to choose a plan.",
  tooManyAttempts: "Too many payment attempts. Please wait a minute and try again.",
  /** SPEC 8, for a declined card and for anything that failed on our side. */
  failed: "Payment failed. Please try again.",
  /** SPEC 8. */
  success: "Payment successful! Your subscription is now active.",
  freemium: "You're on the Freemium plan now.",
  inProgress: "A payment for your account is already being processed. Please wait a moment.",
} as const;

/** 409: nothing to buy. */
export function alreadyOnPlanMessage(tier: TierId): string {
  return `You're already on the ${getTier(tier).name} plan.`;
}

export type CheckoutDeps = {
  /** The Supabase project (with its secret key). */
  target: SupabaseTarget;
  /** The fetch supabase-js uses (tests pass a fake); the global fetch by default. */
  fetch?: typeof fetch;
  /** Who charges the card; the simulated provider (1.5 s) by default. */
  provider?: PaymentProvider;
  /** Today, for the card's expiry; the real clock by default. */
  now?: () => Date;
  /** Attempts allowed per window; RATE_LIMIT by default (tests lower it). */
  rateLimit?: { max: number; windowSeconds: number };
};

type CheckoutDb = Awaited<ReturnType<typeof serviceClient<Database>>>;

export type CheckoutInput = { tier: TierId; card: CardDetails | null };

export type CheckoutValidation =
  | { ok: true; input: CheckoutInput }
  | { ok: false; error: string; fields?: Partial<Record<PaymentField, string>> };

type Database = {
  public: {
    Tables: {
      subscriptions: {
        Row: { user_id: string; tier: string; updated_at: string };
        Insert: { user_id: string; tier: string; updated_at?: string };
        Update: { user_id?: string; tier?: string; updated_at?: string };
        Relationships: [];
      };
      plans: {
        Row: { tier: string; name: string; price_cents: number; monthly_limit: number };
        Insert: { tier: string; name: string; price_cents: number; monthly_limit: number };
        Update: { tier?: string; name?: string; price_cents?: number; monthly_limit?: number };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      begin_checkout: {
        Args: { p_user_id: string; p_tier: string };
        Returns: { acquired: boolean; current_tier: string; price_cents: number }[];
      };
      end_checkout: { Args: { p_user_id: string }; Returns: undefined };
      complete_checkout: {
        Args: {
          p_user_id: string;
          p_tier: string;
          p_amount_cents: number;
          p_card_last4: string | null;
          p_provider: string;
          p_provider_reference: string | null;
        };
        Returns: { tier: string; payment_id: string | null }[];
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Checks the parsed body: the plan, and for a paid plan the card by the payment page's rules
 * (checkPayment). The card's fields come back as digits, ready to charge.
 */
export function validateCheckout(body: unknown, now: Date = new Date()): CheckoutValidation {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, error: MESSAGES.notAnObject };
  }
  const { tier, card } = body as Record<string, unknown>;
  if (!isTierId(tier)) return { ok: false, error: MESSAGES.unknownTier };
  if (getTier(tier).price === 0) return { ok: true, input: { tier, card: null } };

  const raw = typeof card === "object" && card !== null && !Array.isArray(card) ? card : {};
  const { number, expiry, cvc, name } = raw as Record<string, unknown>;
  const fields: PaymentFields = {
    cardNumber: digitsOnly(text(number)),
    expiry: digitsOnly(text(expiry)),
    cvc: digitsOnly(text(cvc)),
    name: text(name).trim(),
  };
  const check = checkPayment(fields, now);
  if (!check.ok) {
    if (check.missing.length > 0) {
      const missing = Object.fromEntries(check.missing.map((field) => [field, PAYMENT_MESSAGES.missing]));
      return { ok: false, error: PAYMENT_MESSAGES.missing, fields: missing };
    }
    const first = PAYMENT_FIELDS.find((field) => check.errors[field]);
    return {
      ok: false,
      error: first ? (check.errors[first] ?? MESSAGES.failed) : MESSAGES.failed,
      fields: check.errors,
    };
  }
  return {
    ok: true,
    input: {
      tier,
      card: { number: fields.cardNumber, expiry: fields.expiry, cvc: fields.cvc, name: fields.name },
    },
  };
}

const defaultProvider = simulatedProvider();

/** Code and message of a Supabase error: never its details, which may quote a row. */
function errorSummary(error: { code?: string; message?: string } | null | undefined): string {
  return `${error?.code ?? "?"} ${error?.message ?? "no message"}`;
}

/** The handler with its Supabase project, provider and clock passed in; see the top of this file. */
export async function handleCheckout(request: Request, deps: CheckoutDeps): Promise<Response> {
  if (request.method !== "POST") return fail(405, MESSAGES.methodNotAllowed, { allow: "POST" });
  if (!deps.target.secretKey) {
    console.error(
      "[api/checkout] SUPABASE_SECRET_KEY is not set (locally LOCAL_SUPABASE_SECRET_KEY): plans cannot change.",
    );
    return fail(500, MESSAGES.failed);
  }

  const token = bearerToken(request);
  if (!token) return fail(401, MESSAGES.unauthorized);

  const fetchImpl = deps.fetch ?? fetch;
  const provider = deps.provider ?? defaultProvider;
  const limit = deps.rateLimit ?? RATE_LIMIT;
  let locked = false;
  let lockDb: CheckoutDb | undefined;
  let lockUser: string | undefined;
  try {
    // Asks the auth server, so an expired, revoked or forged token is refused here.
    const caller = await verifyCaller(deps.target, token, fetchImpl, "api/checkout");
    if (!caller.ok)
      return fail(caller.status, caller.status === 401 ? MESSAGES.unauthorized : MESSAGES.failed);
    const userId = caller.user.id;
    const db = await serviceClient<Database>(deps.target, fetchImpl);
    lockDb = db;
    lockUser = userId;

    let rate: Awaited<ReturnType<typeof hitRateLimit>>;
    try {
      rate = await hitRateLimit(db, userId, { ...limit, bucket: RATE_LIMIT.bucket });
    } catch (error) {
      console.error(
        "[api/checkout] the rate limit failed:",
        error instanceof Error ? error.message : String(error),
      );
      return fail(500, MESSAGES.failed);
    }
    if (!rate.allowed) {
      return fail(429, MESSAGES.tooManyAttempts, {
        "retry-after": String(retryAfterSeconds(rate.retryAfterMs)),
      });
    }

    const read = await readJsonBody(request, MAX_BODY_BYTES, MESSAGES);
    if (!read.ok) return read.response;
    const validation = validateCheckout(read.body, deps.now?.() ?? new Date());
    if (!validation.ok) {
      return json(
        400,
        validation.fields
          ? { error: validation.error, fields: validation.fields }
          : { error: validation.error },
      );
    }
    const { tier, card } = validation.input;

    // One checkout at a time per user: two payments sent at once are never both charged.
    const begun = await db.rpc("begin_checkout", { p_user_id: userId, p_tier: tier }).single();
    if (begun.error || !begun.data) {
      console.error("[api/checkout] starting the checkout failed:", errorSummary(begun.error));
      return fail(500, MESSAGES.failed);
    }
    if (!begun.data.acquired) return fail(409, MESSAGES.inProgress);
    if (begun.data.current_tier === tier) return fail(409, alreadyOnPlanMessage(tier));
    locked = true;

    const amountCents = begun.data.price_cents;
    let reference: string | null = null;
    if (amountCents > 0) {
      if (!card) {
        // The plans table and src/config/tiers.ts disagree about whether this plan is free.
        console.error(
          `[api/checkout] ${tier} costs ${amountCents} cents in the database but is free in TIERS.`,
        );
        return fail(500, MESSAGES.failed);
      }
      const charge = await provider.charge({ userId, tier, amountCents, currency: "usd", card });
      if (!charge.ok) {
        await endCheckout(db, userId);
        locked = false;
        return fail(402, MESSAGES.failed);
      }
      reference = charge.reference;
    }

    const done = await db
      .rpc("complete_checkout", {
        p_user_id: userId,
        p_tier: tier,
        p_amount_cents: amountCents,
        p_card_last4: card && amountCents > 0 ? card.number.slice(-4) : null,
        p_provider: provider.name,
        p_provider_reference: reference,
      })
      .single();
    locked = false;
    if (done.error || !done.data) {
      // With a real provider this charge would now need a refund: say so loudly.
      console.error(
        `[api/checkout] ${reference ? `charged (${provider.name} ${reference}) but ` : ""}the checkout was not recorded:`,
        errorSummary(done.error),
      );
      return fail(500, MESSAGES.failed);
    }
    return json(200, {
      ok: true,
      tier: done.data.tier,
      paymentId: done.data.payment_id,
      message: amountCents > 0 ? MESSAGES.success : MESSAGES.freemium,
    });
  } catch (error) {
    console.error("[api/checkout]", error instanceof Error ? error.message : String(error));
    return fail(500, MESSAGES.failed);
  } finally {
    // Anything that stopped the checkout after it began gives the lock back (it would expire anyway).
    if (locked && lockDb && lockUser) await endCheckout(lockDb, lockUser);
  }
}

/** Gives a checkout's lock back; a failure only delays the next checkout until the lock expires. */
async function endCheckout(db: CheckoutDb, userId: string): Promise<void> {
  const { error } = await db.rpc("end_checkout", { p_user_id: userId });
  if (error) console.error("[api/checkout] could not end the checkout:", errorSummary(error));
}

/** The deployed entry point: the Supabase project comes from configuration (api/_lib/supabase.ts). */
async function handle(request: Request): Promise<Response> {
  const target = supabaseTarget();
  if (!target.ok) {
    console.error(`[api/checkout] ${target.problem}`);
    return fail(500, MESSAGES.failed);
  }
  return handleCheckout(request, { target: target.target });
}

/**
 * The entry point as serverless hosts load it: `export default { fetch }` gets a web-standard Request
 * on Vercel (a default-exported function would get Node's req/res instead), Netlify, Cloudflare, Deno
 * and Bun; server/api/plugin.ts calls the same `fetch` in dev and start.
 */
export default { fetch: handle };
