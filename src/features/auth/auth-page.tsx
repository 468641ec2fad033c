/** The login and sign-up page. */
import { useId, useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { externalLinks, paths } from "@/config/paths";
import { BrandLogo } from "@/components/brand-logo";
import { useAuth } from "@/lib/auth";
import { isAuthRetryableFetchError } from "@/lib/supabase";
import { useCredentialsMutation, type AuthMode } from "./api";
import { REDIRECT_PARAM, safeRedirectTarget } from "@/lib/auth-redirect";

const COPY = {
  login: {
    heading: "Login",
    submit: "Login",
    description: "Welcome to Cucumber.AI. Log in to restyle your photos, or sign up free below.",
    toggle: "Don't have an account? Sign up",
  },
  signup: {
    heading: "Sign Up",
    submit: "Sign Up",
    description: "New here? Create a free account: 3 conversions every month, no card needed.",
    toggle: "Already have an account? Login",
  },
} as const;

/** Signed in at once: nothing to confirm. */
export const SIGNED_UP = "Account created!";
/** SPEC 8: the backend asks for a confirmation (no session came back), so the email matters. */
export const SIGNED_UP_CONFIRM = "Account created! Please check your email.";

const UNREACHABLE = "We can't reach the server. Check your internet connection and try again.";

/** The provider's own message (SPEC 8), except when no answer came back at all. */
function errorText(error: unknown): string {
  if (isAuthRetryableFetchError(error) || (typeof navigator !== "undefined" && !navigator.onLine)) {
    return UNREACHABLE;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNREACHABLE;
}

/** Login and sign-up (SPEC 2.6, 4.3). After signing in the visitor returns to where they came from. */
export function AuthPage() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get(REDIRECT_PARAM));
  const [mode, setMode] = useState<AuthMode>("login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const login = useCredentialsMutation("login");
  const signup = useCredentialsMutation("signup");
  const mutation = mode === "login" ? login : signup;
  const busy = login.isPending || signup.isPending;
  const navigate = useNavigate();
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const copy = COPY[mode];

  if (auth.status === "signed-in" && !busy) return <Navigate to={target} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const credentials = { email: email.trim(), password };
    try {
      if (mode === "login") {
        await login.mutateAsync(credentials);
        toast.success("Logged in!");
        navigate(target, { replace: true });
        return;
      }
      const data = await signup.mutateAsync(credentials);
      if (data.session) {
        toast.success(SIGNED_UP);
        navigate(target, { replace: true });
      } else {
        // A project that asks for email confirmation returns no session: the visitor logs in later.
        toast.success(SIGNED_UP_CONFIRM);
        setNotice("Confirm your email with the link we sent, then log in here.");
        setMode("login");
        setPassword("");
      }
    } catch {
      // The mutation holds the error; it is shown under the form as the provider wrote it.
    }
  }

  function toggleMode() {
    login.reset();
    signup.reset();
    setNotice(null);
    setMode((m) => (m === "login" ? "signup" : "login"));
  }

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-green-50 to-background dark:from-green-950/30">
      <header className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-8">
        <Link to={paths.home} className="text-lg text-primary">
          <BrandLogo />
        </Link>
        <nav aria-label="Site" className="flex flex-wrap items-center gap-1">
          <Button variant="ghost" size="sm" asChild>
            <Link to={paths.pricing}>Pricing</Link>
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <Link to={paths.documentation}>Documentation</Link>
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <a href={externalLinks.sharePhotos.href} target="_blank" rel="noopener noreferrer">
              {externalLinks.sharePhotos.label}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{" (opens in a new tab)"}</span>
            </a>
          </Button>
        </nav>
      </header>
      <main className="flex flex-1 items-start justify-center gap-10 px-4 py-6 sm:items-center sm:py-8">
        <img
          src="/images/auth-cucumber.svg"
          alt=""
          aria-hidden="true"
          width={200}
          height={200}
          className="hidden size-48 lg:block"
        />
        <Card className="w-full max-w-sm shadow-lg">
          <CardHeader>
            <CardTitle>
              <h1 className="text-2xl font-bold">{copy.heading}</h1>
            </CardTitle>
            <CardDescription>{copy.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
              {notice && (
                <Alert>
                  <AlertDescription>{notice}</AlertDescription>
                </Alert>
              )}
              <div className="grid gap-2">
                <Label htmlFor={emailId}>Email</Label>
                <Input
                  id={emailId}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  maxLength={254}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  disabled={busy}
                  aria-describedby={mutation.isError ? errorId : undefined}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={passwordId}>Password</Label>
                <Input
                  id={passwordId}
                  type="password"
                  autoComplete={mode === "login" ? "current-password" : "new-password"}
                  required
                  maxLength={72}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={busy}
                  aria-describedby={mutation.isError ? errorId : undefined}
                />
              </div>
              {mutation.isError && (
                <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                  {errorText(mutation.error)}
                </p>
              )}
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? "Please wait..." : copy.submit}
              </Button>
              <Button
                type="button"
                variant="link"
                onClick={toggleMode}
                disabled={busy}
                className="h-auto p-0"
              >
                {copy.toggle}
              </Button>
            </form>
          </CardContent>
        </Card>
        <img
          src="/images/auth-photo.svg"
          alt=""
          aria-hidden="true"
          width={200}
          height={200}
          className="hidden size-48 lg:block"
        />
      </main>
    </div>
  );
}

export default AuthPage;
