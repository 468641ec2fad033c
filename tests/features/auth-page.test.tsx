import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse, delay } from "msw";
import { describe, expect, it } from "vitest";
import { safeRedirectTarget, authPathFor } from "@/lib/auth-redirect";
import { server } from "../msw/server";
import {
  logoutHandler,
  makeSession,
  passwordLoginHandler,
  SESSION_STORAGE_KEY,
  signUpHandler,
  storeSession,
  subscriptionHandler,
  SUPABASE_URL,
} from "../msw/supabase";
import { renderApp } from "../utils";

async function fillForm(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  return user;
}

describe("sign-in form", () => {
  it("toggles between Login and Sign Up", async () => {
    renderApp("/auth");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Login" })).toHaveAttribute("type", "submit");
    await user.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole("heading", { name: "Sign Up" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign Up" })).toHaveAttribute("type", "submit");
    await user.click(screen.getByRole("button", { name: "Already have an account? Login" }));
    expect(screen.getByRole("heading", { name: "Login" })).toBeInTheDocument();
  });

  it("requires an email of email type and a password", async () => {
    renderApp("/auth");
    const email = await screen.findByLabelText("Email");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
  });

  it('shows "Please wait..." and disables everything while signing in, then "Logged in!" and the target page', async () => {
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/token`, async () => {
        await delay(200);
        return HttpResponse.json(makeSession());
      }),
      subscriptionHandler(null),
    );
    const { router } = renderApp("/auth?redirect=%2Fhulk");
    await screen.findByRole("heading", { name: "Login" });
    const user = await fillForm("ada@example.com", "secret-pass");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("button", { name: "Please wait..." })).toBeDisabled();
    expect(screen.getByLabelText("Email")).toBeDisabled();
    expect(screen.getByLabelText("Password")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Don't have an account? Sign up" })).toBeDisabled();
    expect(await screen.findByText("Logged in!")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Hulk.AI" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/hulk");
    // The session is kept for the next visit.
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain("test-access-token");
  });

  it("shows the provider's error message as it is and keeps what was typed", async () => {
    server.use(passwordLoginHandler({ status: 400, message: "Invalid login credentials" }));
    const { router } = renderApp("/auth");
    await screen.findByRole("heading", { name: "Login" });
    const user = await fillForm("ada@example.com", "wrong");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid login credentials");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("says what to do when the network is down", async () => {
    server.use(http.post(`${SUPABASE_URL}/auth/v1/token`, () => HttpResponse.error()));
    renderApp("/auth");
    await screen.findByRole("heading", { name: "Login" });
    const user = await fillForm("ada@example.com", "secret-pass");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We can't reach the server. Check your internet connection and try again.",
    );
    expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
  });

  it('greets a first-time visitor too: each mode has its own words, no "Welcome back"', async () => {
    renderApp("/auth");
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Login" });
    expect(
      screen.getByText("Welcome to Cucumber.AI. Log in to restyle your photos, or sign up free below."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(
      screen.getByText("New here? Create a free account: 3 conversions every month, no card needed."),
    ).toBeInTheDocument();
  });

  it('signs up: "Account created!" (no email to check) and straight in when the backend returns a session', async () => {
    let body: unknown;
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/signup`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeSession());
      }),
      subscriptionHandler(null),
    );
    const { router } = renderApp("/auth");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Don't have an account? Sign up" }));
    await fillForm("  new@example.com ", "long-enough-pass");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Account created!")).toBeInTheDocument();
    expect(screen.queryByText(/check your email/i)).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Cucumber.AI" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(body).toMatchObject({ email: "new@example.com", password: "long-enough-pass" });
  });

  it("signs up on a backend that asks for email confirmation: tells the visitor and switches to Login", async () => {
    server.use(signUpHandler({ session: null }));
    renderApp("/auth");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Don't have an account? Sign up" }));
    await fillForm("new@example.com", "long-enough-pass");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Account created! Please check your email.")).toBeInTheDocument();
    expect(
      screen.getByText("Confirm your email with the link we sent, then log in here."),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Login" })).toBeInTheDocument();
  });

  it("shows a sign-up refusal from the provider", async () => {
    server.use(signUpHandler({ status: 422, message: "Password should be at least 6 characters." }));
    renderApp("/auth");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Don't have an account? Sign up" }));
    await fillForm("new@example.com", "abc");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Password should be at least 6 characters.");
  });

  it("a double click sends one request", async () => {
    let calls = 0;
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/token`, async () => {
        calls += 1;
        await delay(100);
        return HttpResponse.json(
          { msg: "Invalid login credentials", message: "Invalid login credentials" },
          { status: 400 },
        );
      }),
    );
    renderApp("/auth");
    await screen.findByRole("heading", { name: "Login" });
    const user = await fillForm("ada@example.com", "pw");
    await user.dblClick(screen.getByRole("button", { name: "Login" }));
    await screen.findByRole("alert");
    expect(calls).toBe(1);
  });
});

describe("sign-out", () => {
  it('signs out from the account menu: "You have been logged out successfully" and the login screen', async () => {
    storeSession();
    let loggedOut = false;
    server.use(
      subscriptionHandler(null),
      logoutHandler(() => {
        loggedOut = true;
      }),
    );
    const { router } = renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Account menu" }));
    expect(await screen.findByRole("menu")).toHaveTextContent("ada@example.com");
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Confirm Logout" });
    await user.click(within(confirm).getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("You have been logged out successfully")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(loggedOut).toBe(true);
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
  });
});

describe("redirect targets", () => {
  it.each([
    ["/hulk", "/hulk"],
    ["/?custom=true", "/?custom=true"],
    [null, "/"],
    ["", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/auth", "/"],
    ["/auth?redirect=/auth", "/"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it("builds the login link for a page", () => {
    expect(authPathFor("/hulk")).toBe("/auth?redirect=%2Fhulk");
    expect(authPathFor("/")).toBe("/auth");
  });
});
