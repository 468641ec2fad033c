/**
 * The card details form of the payment page: four labelled fields, each with its error under it, and
 * the Pay button. Its state and submit live in usePaymentForm.
 */
import type { ReactNode } from "react";
import { Loader2, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Tier } from "@/config/tiers";
import {
  CARD_NUMBER_DIGITS,
  CVC_DIGITS,
  EXPIRY_DIGITS,
  formatCardNumber,
  formatExpiry,
  type PaymentField,
} from "./card";
import { DigitsInput } from "./digits-input";
import { formatPrice } from "./plans";
import { usePaymentForm, type PaymentMutation } from "./use-payment-form";

type DigitsField = Exclude<PaymentField, "name">;

/** The numeric fields: their label, browser autofill name, example and format. */
const DIGITS_FIELDS: Record<
  DigitsField,
  {
    label: string;
    autoComplete: string;
    placeholder: string;
    maxDigits: number;
    format: (digits: string) => string;
  }
> = {
  cardNumber: {
    label: "Card number",
    autoComplete: "cc-number",
    placeholder: "1234 5678 9012 3456",
    maxDigits: CARD_NUMBER_DIGITS,
    format: formatCardNumber,
  },
  expiry: {
    label: "Expiry (MM/YY)",
    autoComplete: "cc-exp",
    placeholder: "MM/YY",
    maxDigits: EXPIRY_DIGITS,
    format: formatExpiry,
  },
  cvc: {
    label: "CVC",
    autoComplete: "cc-csc",
    placeholder: "123",
    maxDigits: CVC_DIGITS,
    format: (digits) => digits,
  },
};

/** A field's label, its control and, when it has one, its error (which the control points to). */
function FieldBlock(props: {
  id: string;
  label: string;
  error: string | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.error && (
        <p id={`${props.id}-error`} className="text-sm font-medium text-destructive">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function PaymentForm({ plan, payment }: { plan: Tier; payment: PaymentMutation }) {
  const { busy, errors, fields, formRef, id, onSubmit, update } = usePaymentForm(plan, payment);
  const price = formatPrice(plan.price);

  function fieldProps(field: PaymentField) {
    const error = errors[field];
    return {
      id: id(field),
      name: field,
      required: true,
      // Read-only, not disabled, while the payment runs: the details stay legible.
      readOnly: busy,
      className: "read-only:bg-muted/60",
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id(field)}-error` : undefined,
    };
  }

  function digitsField(field: DigitsField, className: string) {
    const { label, autoComplete, placeholder, maxDigits, format } = DIGITS_FIELDS[field];
    return (
      <FieldBlock id={id(field)} label={label} error={errors[field]} className={className}>
        <DigitsInput
          {...fieldProps(field)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          digits={fields[field]}
          maxDigits={maxDigits}
          format={format}
          onDigitsChange={(value) => update(field, value)}
        />
      </FieldBlock>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Card details</h2>
        </CardTitle>
        <CardDescription>All fields are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-busy={busy}
          className="grid gap-4"
        >
          {digitsField("cardNumber", "grid gap-2")}
          <div className="grid grid-cols-2 gap-4">
            {digitsField("expiry", "grid content-start gap-2")}
            {digitsField("cvc", "grid content-start gap-2")}
          </div>
          <FieldBlock id={id("name")} label="Name on card" error={errors.name} className="grid gap-2">
            <Input
              {...fieldProps("name")}
              type="text"
              autoComplete="cc-name"
              autoCapitalize="words"
              spellCheck={false}
              maxLength={100}
              placeholder="Ada Lovelace"
              value={fields.name}
              onChange={(event) => update("name", event.target.value)}
            />
          </FieldBlock>
          <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Lock aria-hidden="true" />}
            {busy ? "Processing..." : `Pay ${price}`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
