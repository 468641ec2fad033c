/**
 * Plans change on the server only (api/checkout.ts, at CHECKOUT_ENDPOINT): the browser may read its
 * `subscriptions` row but never write it. The simulated card check (SPEC 4.5: 1.5 s) runs there too.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CHECKOUT_ENDPOINT,
  type CheckoutBody,
  type CheckoutRefusal,
  type CheckoutSuccess,
} from "@/config/checkout";
import { DEFAULT_TIER, isTierId, type TierId } from "@/config/tiers";
import { ApiRequestError, postWithSession, type ApiAnswer } from "@/lib/api-request";
import { subscriptionQueryOptions } from "@/lib/subscription";
import { PAYMENT_FIELDS, type PaymentField, type PaymentFields } from "./card";

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

/** The refusal's messages for the payment form's own fields. */
function fieldErrors({ fields = {} }: CheckoutRefusal): FieldErrors {
  return Object.fromEntries(
    PAYMENT_FIELDS.filter((field) => fields[field]?.trim()).map((f) => [f, fields[f]]),
  );
}

/**
 * POST /api/checkout with the caller's own access token: the server verifies it, charges the card (for a
 * paid plan) and answers the tier the user is on now.
 */
export async function checkout({ tier, card }: CheckoutRequest): Promise<TierId> {
  const body: CheckoutBody = card
    ? { tier, card: { number: card.cardNumber, expiry: card.expiry, cvc: card.cvc, name: card.name } }
    : { tier };
  let answer: ApiAnswer;
  try {
    answer = await postWithSession(CHECKOUT_ENDPOINT, body);
  } catch (error) {
    const signedOut = error instanceof ApiRequestError && error.signedOut;
    throw new CheckoutError(null, signedOut ? error.message : null, {}, { cause: error });
  }
  if (!answer.ok) {
    throw new CheckoutError(answer.status, answer.error, fieldErrors(answer.body as CheckoutRefusal));
  }
  // A 200 that is not the handler's answer (a host's own page, say) is a failure, not a plan.
  const { tier: now } = answer.body as Partial<CheckoutSuccess>;
  if (!isTierId(now)) throw new CheckoutError(answer.status, "The checkout answered an unknown plan.");
  return now;
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
