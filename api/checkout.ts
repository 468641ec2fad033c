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
import { fail, json, readJsonBody } from "./_lib/http.ts";
import { admitCaller, openGate, type Gate } from "./_lib/gate.ts";
import { simulatedProvider, type PaymentProvider } from "./_lib/payments.ts";
import { supabaseTarget, type Db, type SupabaseTarget } from "./_lib/supabase.ts";
import { alreadyOnPlanMessage, MESSAGES, validateCheckout } from "./_lib/checkout-rules.ts";
// Relative paths, not "@/": vite.config.ts bundles api/ for the dev and start servers without the alias.
import type { CheckoutRefusal, CheckoutSuccess } from "../src/config/checkout.ts";

export {
  alreadyOnPlanMessage,
  MESSAGES,
  validateCheckout,
  type CheckoutInput,
  type CheckoutValidation,
} from "./_lib/checkout-rules.ts";

/** The body is a plan name and four short card fields: a few hundred bytes. */
export const MAX_BODY_BYTES = 4 * 1024;

/** Attempts per user and window, counted in the database (shared by every server instance). */
export const RATE_LIMIT = { bucket: "checkout", max: 10, windowSeconds: 60 } as const;

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

const defaultProvider = simulatedProvider();

/** Code and message of a Supabase error: never its details, which may quote a row. */
function errorSummary(error: { code?: string; message?: string } | null | undefined): string {
  return `${error?.code ?? "?"} ${error?.message ?? "no message"}`;
}

const GATE: Gate = {
  label: "api/checkout",
  withoutSecretKey: "plans cannot change",
  messages: {
    unauthorized: MESSAGES.unauthorized,
    tooMany: MESSAGES.tooManyAttempts,
    failed: MESSAGES.failed,
  },
};

/** The handler with its Supabase project, provider and clock passed in; see the top of this file. */
export async function handleCheckout(request: Request, deps: CheckoutDeps): Promise<Response> {
  const open = openGate(request, deps.target, GATE);
  if (!open.ok) return open.response;

  const fetchImpl = deps.fetch ?? fetch;
  const provider = deps.provider ?? defaultProvider;
  let locked = false;
  let lockDb: Db | undefined;
  let lockUser: string | undefined;
  try {
    // Every authenticated attempt counts, before its body is even read.
    const limit = { ...(deps.rateLimit ?? RATE_LIMIT), bucket: RATE_LIMIT.bucket };
    const admitted = await admitCaller(deps.target, open.token, fetchImpl, limit, GATE);
    if (!admitted.ok) return admitted.response;
    const { db } = admitted;
    const userId = admitted.user.id;
    lockDb = db;
    lockUser = userId;

    const read = await readJsonBody(request, MAX_BODY_BYTES, MESSAGES);
    if (!read.ok) return read.response;
    const validation = validateCheckout(read.body, deps.now?.() ?? new Date());
    if (!validation.ok) {
      const refusal: CheckoutRefusal = validation.fields
        ? { error: validation.error, fields: validation.fields }
        : { error: validation.error };
      return json(400, refusal);
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
        // No card (Freemium) is SQL null: the generated types never make an argument nullable.
        p_card_last4: (card && amountCents > 0 ? card.number.slice(-4) : null) as string,
        p_provider: provider.name,
        ...(reference === null ? {} : { p_provider_reference: reference }),
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
    // complete_checkout answers the tier it has just set: the plan asked for.
    return json(200, {
      ok: true,
      tier,
      paymentId: done.data.payment_id,
      message: amountCents > 0 ? MESSAGES.success : MESSAGES.freemium,
    } satisfies CheckoutSuccess);
  } catch (error) {
    console.error("[api/checkout]", error instanceof Error ? error.message : String(error));
    return fail(500, MESSAGES.failed);
  } finally {
    // Anything that stopped the checkout after it began gives the lock back (it would expire anyway).
    if (locked && lockDb && lockUser) await endCheckout(lockDb, lockUser);
  }
}

/** Gives a checkout's lock back; a failure only delays the next checkout until the lock expires. */
async function endCheckout(db: Db, userId: string): Promise<void> {
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
