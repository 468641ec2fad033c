import { delay, http, HttpResponse, type JsonBodyType } from "msw";
import { SUPABASE_URL } from "./supabase";

/** Where the app (on jsdom's origin) posts a checkout: api/checkout.ts. */
export const CHECKOUT_URL = "http://localhost:3000/api/checkout";

export type CheckoutCall = { body: unknown; authorization: string | null };

export type CheckoutReply = { status: number; body: JsonBodyType } | "network-error";

/** What api/checkout answers when the plan changed (paymentId null for Freemium). */
export function checkoutSuccess(tier: string): CheckoutReply {
  return {
    status: 200,
    body: {
      ok: true,
      tier,
      paymentId: tier === "Freemium" ? null : "7d5b2f8e-3c1a-4f6e-9b0d-2a4c6e8f0a1b",
      message:
        tier === "Freemium"
          ? "You're on the Freemium plan now."
          : "Payment successful! Your subscription is now active.",
    },
  };
}

/**
 * POST /api/checkout: records each call (its JSON body and Authorization header) and answers `reply`
 * (by default a success for the plan asked for) after `delayMs`, as the server's card check takes time.
 */
export function checkoutHandler(
  reply: CheckoutReply | ((body: { tier?: string }) => CheckoutReply) = (body) =>
    checkoutSuccess(String(body.tier)),
  {
    delayMs = 0,
    hold,
  }: {
    delayMs?: number;
    /** The answer waits for this (a test that looks at the busy state releases it after looking). */
    hold?: Promise<unknown>;
  } = {},
) {
  const calls: CheckoutCall[] = [];
  const handler = http.post(CHECKOUT_URL, async ({ request }) => {
    const body = (await request.json()) as { tier?: string };
    calls.push({ body, authorization: request.headers.get("authorization") });
    if (delayMs > 0) await delay(delayMs);
    if (hold) await hold;
    const answer = typeof reply === "function" ? reply(body) : reply;
    if (answer === "network-error") return HttpResponse.error();
    return HttpResponse.json(answer.body, { status: answer.status });
  });
  return { handler, calls };
}

/**
 * Any write to /rest/v1/subscriptions (the browser must never make one: plans change on the server).
 * Recorded and refused as the real backend would (no privilege).
 */
export function subscriptionWritesHandler() {
  const writes: string[] = [];
  const handler = http.all(`${SUPABASE_URL}/rest/v1/subscriptions`, ({ request }) => {
    if (request.method === "GET" || request.method === "HEAD") return undefined;
    writes.push(request.method);
    return HttpResponse.json(
      { code: "42501", details: null, hint: null, message: "permission denied for table subscriptions" },
      { status: 403 },
    );
  });
  return { handler, writes };
}
