/**
 * The payment form's state and its submit: the card fields, each field's error, the client's check of
 * the card (each field's problem next to it, and a toast when fields are missing), then the payment itself and what
 * its answer means (success, already on the plan, the server's own field errors, or a failure).
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import type { Tier } from "@/config/tiers";
import { useUser } from "@/lib/auth";
import { backToTask, gateReturnOf } from "@/lib/creations";
import { CheckoutError, type useCompletePayment } from "./api";
import {
  checkPayment,
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  paymentFieldErrors,
  type PaymentField,
  type PaymentFields,
} from "./card";

const SUCCESS = "Payment successful! Your subscription is now active.";
const FAILURE = "Payment failed. Please try again.";
/** One "Please fill out all fields" at a time, gone once the form is complete. */
const MISSING_TOAST = "payment-missing-fields";

const EMPTY: PaymentFields = { cardNumber: "", expiry: "", cvc: "", name: "" };

export type PaymentMutation = ReturnType<typeof useCompletePayment>;

export function usePaymentForm(plan: Tier, payment: PaymentMutation) {
  const user = useUser();
  const navigate = useNavigate();
  const returnTo = gateReturnOf(useLocation().state);
  const [fields, setFields] = useState<PaymentFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  // A second click before React re-renders the disabled button must not pay twice.
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const id = (field: PaymentField) => `${baseId}-${field}`;

  function update(field: PaymentField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function focusField(field: PaymentField) {
    formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(id(field))}`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || !user) return;
    const check = checkPayment(fields);
    if (!check.ok) {
      // Each field's problem at the field, empty or wrong, and the first of them focused; an empty
      // field also brings the specification's toast.
      const fieldErrors = paymentFieldErrors(fields);
      setErrors(fieldErrors);
      if (check.missing.length > 0) toast.error(PAYMENT_MESSAGES.missing, { id: MISSING_TOAST });
      else toast.dismiss(MISSING_TOAST);
      const first = PAYMENT_FIELDS.find((field) => fieldErrors[field]);
      if (first) focusField(first);
      return;
    }
    toast.dismiss(MISSING_TOAST);
    setErrors({});
    sending.current = true;
    try {
      await payment.mutateAsync({ userId: user.id, tier: plan.id, card: fields });
      toast.success(SUCCESS);
      // From a gate: back to that tool, with the photo and words kept there (their last way back: the
      // kept photo goes once the tool took it); from Pricing itself: home.
      const back = returnTo ? backToTask(returnTo, { last: true }) : { path: paths.home, state: null };
      navigate(back.path, { replace: true, state: back.state });
    } catch (error) {
      console.error("Payment failed", error);
      const refusal = error instanceof CheckoutError ? error : null;
      const serverFields = refusal?.fields ?? {};
      const first = PAYMENT_FIELDS.find((field) => serverFields[field]);
      if (refusal?.status === 409) {
        // Already on this plan (paid in another tab): the page now says so instead of the form.
        toast.info(refusal.serverMessage ?? `You're already on ${plan.name}`);
        payment.reset();
      } else if (first) {
        // The server's check of the card (the same rules): each message next to its field.
        setErrors(serverFields);
        focusField(first);
      } else {
        toast.error(
          FAILURE,
          refusal?.status === 429 ? { description: refusal.serverMessage ?? undefined } : undefined,
        );
      }
    } finally {
      sending.current = false;
    }
  }

  return { fields, errors, formRef, id, update, onSubmit, busy: payment.isPending };
}
