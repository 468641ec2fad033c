import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_TIER, isTierId, type TierId } from "@/config/tiers";
import { getSupabase } from "@/lib/supabase";
import { subscriptionQueryOptions } from "@/lib/subscription";
import { PAYMENT_FIELDS, type PaymentField, type PaymentFields } from "./card";

/**
 * Plans change on the server only (api/checkout.ts): the browser may read its `subscriptions` row but
 * never write it. The simulated card check (SPEC 4.5: 1.5 s) runs there too.
 */
export const CHECKOUT_ENDPOINT = "/api/checkout";

export type FieldErrors = Partial<Record<PaymentField, string>>;

/** The checkout was refused or failed. `status` is null when no answer came (offline, signed out). */
export class CheckoutError extends Error {
  readonly status: number | null;
  /** The server's own `{ error }` text, when it sent one. */
  readonly serverMessage: string | null;
  /** Card fields the server found wrong, by the payment form's field names. */
  readonly fields: FieldErrors;

  constructor(
    status: number | null,
    serverMessage: string | null,
    fields: FieldErrors = {},
    options?: ErrorOptions,
  ) {
    super(
      serverMessage ??
        (status === null ? "The checkout could not be sent" : `The checkout failed (${status})`),
      options,
    );
    this.name = "CheckoutError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.fields = fields;
  }
}

export type CheckoutRequest = { tier: TierId; card?: PaymentFields };

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function fieldErrors(value: unknown): FieldErrors {
  if (typeof value !== "object" || value === null) return {};
  const fields: FieldErrors = {};
  for (const field of PAYMENT_FIELDS) {
    const message = (value as Record<string, unknown>)[field];
    if (typeof message === "string" && message.trim()) fields[field] = message;
  }
  return fields;
}

/**
 * POST /api/checkout with the caller's own access token: the server verifies it, charges the card (for a
 * paid plan) and answers the tier the user is on now.
 */
export async function checkout({ tier, card }: CheckoutRequest): Promise<TierId> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw new CheckoutError(null, null, {}, { cause: error });
  const token = data.session?.access_token;
  if (!token) throw new CheckoutError(null, "You are signed out. Please log in again.");

  const body = card
    ? { tier, card: { number: card.cardNumber, expiry: card.expiry, cvc: card.cvc, name: card.name } }
    : { tier };
  let response: Response;
  try {
    response = await fetch(CHECKOUT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new CheckoutError(null, null, {}, { cause });
  }
  const answer = await readJson(response);
  if (!response.ok) {
    const message = typeof answer.error === "string" && answer.error.trim() ? answer.error.trim() : null;
    throw new CheckoutError(response.status, message, fieldErrors(answer.fields));
  }
  if (!isTierId(answer.tier))
    throw new CheckoutError(response.status, "The checkout answered an unknown plan.");
  return answer.tier;
}

export type CompletePaymentInput = { userId: string; tier: TierId; card: PaymentFields };

/** The card is checked and charged on the server; the new tier is seen by every page at once. */
export function useCompletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["billing", "complete-payment"],
    mutationFn: ({ tier, card }: CompletePaymentInput) => checkout({ tier, card }),
    retry: false,
    // The card details are in the variables: keep them no longer than the page that shows them.
    gcTime: 0,
    onSuccess: (tier, { userId }) => {
      queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, tier);
    },
    onError: (error, { userId, tier }) => {
      // 409: the user is already on this plan (paid in another tab, say).
      if (error instanceof CheckoutError && error.status === 409) {
        queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, tier);
      }
    },
  });
}

/** Back to Freemium (SPEC 4.5: choosing Freemium goes to /): no card, nothing charged. */
export function useSwitchToFreemium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["billing", "switch-to-freemium"],
    // The user id names the cached subscription to update; the server takes the user from the token.
    mutationFn: async (_variables: { userId: string }): Promise<TierId> => {
      try {
        return await checkout({ tier: DEFAULT_TIER });
      } catch (error) {
        // 409: already on Freemium, which is where the user wanted to be.
        if (error instanceof CheckoutError && error.status === 409) return DEFAULT_TIER;
        throw error;
      }
    },
    retry: false,
    onSuccess: (tier, { userId }) => {
      queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, tier);
    },
  });
}
