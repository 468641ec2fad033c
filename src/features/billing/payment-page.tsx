import {
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
} from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { ArrowLeft, Info, Loader2, Lock } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths } from "@/config/paths";
import type { Tier } from "@/config/tiers";
import { useUser } from "@/lib/auth";
import { useSubscriptionTier } from "@/lib/subscription";
import { CheckoutError, useCompletePayment } from "./api";
import {
  CARD_NUMBER_DIGITS,
  caretAfterDigits,
  checkPayment,
  CVC_DIGITS,
  digitsOnly,
  EXPIRY_DIGITS,
  formatCardNumber,
  formatExpiry,
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  type PaymentField,
  type PaymentFields,
} from "./card";
import { convertsLine, formatPrice, planFromPaymentState } from "./plans";

const SUCCESS = "Payment successful! Your subscription is now active.";
const FAILURE = "Payment failed. Please try again.";
/** One "Please fill out all fields" at a time, gone once the form is complete. */
const MISSING_TOAST = "payment-missing-fields";

type DigitsInputProps = Omit<ComponentProps<"input">, "value" | "onChange"> & {
  digits: string;
  maxDigits: number;
  format: (digits: string) => string;
  onDigitsChange: (digits: string) => void;
};

/**
 * A numeric field that keeps only digits (at most `maxDigits`) and shows them formatted, keeping the
 * caret next to the digit the visitor just typed or deleted.
 */
function DigitsInput({ digits, maxDigits, format, onDigitsChange, ...props }: DigitsInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || input !== document.activeElement) return;
    const position = caretAfterDigits(input.value, caret.current);
    caret.current = null;
    input.setSelectionRange(position, position);
  });

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const { value, selectionStart } = event.target;
    const next = digitsOnly(value, maxDigits);
    caret.current = Math.min(digitsOnly(value.slice(0, selectionStart ?? value.length)).length, next.length);
    onDigitsChange(next);
    rerender();
  }

  return (
    <Input {...props} ref={ref} type="text" inputMode="numeric" value={format(digits)} onChange={onChange} />
  );
}

const EMPTY: PaymentFields = { cardNumber: "", expiry: "", cvc: "", name: "" };

type PaymentMutation = ReturnType<typeof useCompletePayment>;

function PaymentForm({ plan, payment }: { plan: Tier; payment: PaymentMutation }) {
  const user = useUser();
  const navigate = useNavigate();
  const [fields, setFields] = useState<PaymentFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  // A second click before React re-renders the disabled button must not pay twice.
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const id = (field: PaymentField) => `${baseId}-${field}`;
  const busy = payment.isPending;
  const price = formatPrice(plan.price);

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
    const missing = check.ok ? [] : check.missing;
    if (missing.length > 0) {
      setErrors({});
      toast.error(PAYMENT_MESSAGES.missing, { id: MISSING_TOAST });
      focusField(missing[0]);
      return;
    }
    toast.dismiss(MISSING_TOAST);
    if (!check.ok) {
      setErrors(check.errors);
      const first = PAYMENT_FIELDS.find((field) => check.errors[field]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    sending.current = true;
    try {
      await payment.mutateAsync({ userId: user.id, tier: plan.id, card: fields });
      toast.success(SUCCESS);
      navigate(paths.home, { replace: true });
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

  function fieldError(field: PaymentField) {
    const error = errors[field];
    if (!error) return null;
    return (
      <p id={`${id(field)}-error`} className="text-sm font-medium text-destructive">
        {error}
      </p>
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
          <div className="grid gap-2">
            <Label htmlFor={id("cardNumber")}>Card number</Label>
            <DigitsInput
              {...fieldProps("cardNumber")}
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              digits={fields.cardNumber}
              maxDigits={CARD_NUMBER_DIGITS}
              format={formatCardNumber}
              onDigitsChange={(value) => update("cardNumber", value)}
            />
            {fieldError("cardNumber")}
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="grid content-start gap-2">
              <Label htmlFor={id("expiry")}>Expiry (MM/YY)</Label>
              <DigitsInput
                {...fieldProps("expiry")}
                autoComplete="cc-exp"
                placeholder="MM/YY"
                digits={fields.expiry}
                maxDigits={EXPIRY_DIGITS}
                format={formatExpiry}
                onDigitsChange={(value) => update("expiry", value)}
              />
              {fieldError("expiry")}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={id("cvc")}>CVC</Label>
              <DigitsInput
                {...fieldProps("cvc")}
                autoComplete="cc-csc"
                placeholder="123"
                digits={fields.cvc}
                maxDigits={CVC_DIGITS}
                format={(digits) => digits}
                onDigitsChange={(value) => update("cvc", value)}
              />
              {fieldError("cvc")}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={id("name")}>Name on card</Label>
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
            {fieldError("name")}
          </div>
          <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Lock aria-hidden="true" />}
            {busy ? "Processing..." : `Pay ${price}`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function OrderSummary({ plan }: { plan: Tier }) {
  const price = formatPrice(plan.price);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Order summary</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid gap-3">
          <div className="flex items-start justify-between gap-4">
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="text-right font-medium">
              {plan.name} <span className="text-muted-foreground">({plan.id})</span>
            </dd>
          </div>
          <div className="flex items-start justify-between gap-4">
            <dt className="text-muted-foreground">Conversions</dt>
            <dd className="text-right">{convertsLine(plan)}</dd>
          </div>
          {/* A dl holds only dt/dd groups: the rule above Total is this group's border. */}
          <div className="flex items-baseline justify-between gap-4 border-t pt-3 text-base">
            <dt className="font-medium">Total</dt>
            <dd className="font-semibold">{price} per month</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        <Button variant="link" asChild className="h-auto px-0">
          <Link to={paths.pricing}>
            <ArrowLeft aria-hidden="true" />
            Choose another plan
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * Simulated payment for the plan chosen on the pricing page (SPEC 2.8, 4.5). Without a plan in the
 * navigation state (typed URL, reload in a new tab) the visitor goes back to choose one.
 */
export function PaymentPage() {
  const location = useLocation();
  const plan = planFromPaymentState(location.state);
  if (!plan) return <Navigate to={paths.pricing} replace />;
  return <Payment plan={plan} />;
}

/** Shown instead of the form when the visitor is already on this plan (say, paid in another tab). */
function AlreadyOnPlan({ plan }: { plan: Tier }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">You're already on {plan.name}</h2>
        </CardTitle>
        <CardDescription>
          Your {plan.name} plan is active, so there is nothing to pay. Pick another plan if you want to
          change.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <Link to={paths.pricing}>Back to Pricing</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function Payment({ plan }: { plan: Tier }) {
  const tier = useSubscriptionTier();
  const payment = useCompletePayment();
  // Once this page's own payment has started, the new tier must not swap the form away.
  const alreadyOnPlan = payment.isIdle && tier.data === plan.id;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Complete Payment</h1>
        <p className="text-muted-foreground">
          Subscribe to {plan.name} for {formatPrice(plan.price)} per month.
        </p>
      </header>
      <Alert>
        <Info aria-hidden="true" />
        <AlertDescription>
          <p>
            <span className="font-medium text-foreground">This is a demo.</span> No real payment is made and
            no card is charged. Try the test card 4242 4242 4242 4242 with any future expiry and any 3-digit
            CVC.
          </p>
        </AlertDescription>
      </Alert>
      <div className="grid items-start gap-6 md:grid-cols-5">
        <div className="md:order-2 md:col-span-2">
          <OrderSummary plan={plan} />
        </div>
        <div className="md:order-1 md:col-span-3">
          {alreadyOnPlan ? <AlreadyOnPlan plan={plan} /> : <PaymentForm plan={plan} payment={payment} />}
        </div>
      </div>
    </div>
  );
}
