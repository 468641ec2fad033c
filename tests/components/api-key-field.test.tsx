import type { ReactNode } from "react";
import { render as rtlRender, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { ApiKeyField } from "@/components/api-key-field";
import { API_KEY_KEPT_HINT } from "@/components/api-key-field.lazy";
import { LocalEngineNotice } from "@/components/local-engine-notice";
import { setApiKey } from "@/lib/api-key";
import { makeSession, makeUser, storeSession } from "../msw/supabase";
import { testQueryClient } from "../utils";

const ENGINE_NOTICE = "Local preview engine - add a Gemini key for AI results";

beforeEach(() => {
  // Start from nothing, whatever a local .env holds.
  vi.stubEnv("VITE_GEMINI_API_KEY", "");
  vi.stubEnv("VITE_GEMINI_BASE_URL", "");
  vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The field and the notice read the signed-in account's key: render them under the app's providers. */
function render(ui: ReactNode) {
  return rtlRender(<AppProviders queryClient={testQueryClient()}>{ui}</AppProviders>);
}

/** The field with its disclosure opened (its inside loads on the first opening). */
async function renderOpen() {
  const rendered = render(<ApiKeyField />);
  await userEvent.setup().click(screen.getByText(/Your own Gemini API key/));
  await screen.findByLabelText("Gemini API key");
  return rendered;
}

const ADA = makeUser();
const BOB = makeUser({ id: "22222222-2222-4222-8222-222222222222", email: "bob@example.com" });
const signIn = (user = ADA) => storeSession(makeSession(user));

const hint = () => screen.getByLabelText("Gemini API key").getAttribute("aria-describedby")!;
const hintText = () => document.getElementById(hint())?.textContent;

/** "More", the disclosure with the details, opened; its text. */
async function moreText() {
  const more = screen.getByText("More", { selector: "summary" });
  expect(more.closest("details")).not.toHaveAttribute("open");
  await userEvent.setup().click(more);
  expect(more.closest("details")).toHaveAttribute("open");
  return more.closest("details")!.textContent;
}

describe("ApiKeyField: one plain sentence, where a typed key goes and how it is counted behind More", () => {
  it("client mode: a sentence about going without a key; the header and quota only under More", async () => {
    await renderOpen();
    expect(hintText()).toBe("Optional: without a key, the app's shared key is used, which can run out.");
    expect(screen.getByText(/request header/)).not.toBeVisible();
    expect(await moreText()).toContain(
      "The shared key has a limited quota. Your key is sent only to Google, in a request header.",
    );
    expect(screen.getByText(/request header/)).toBeVisible();
  });

  it("client mode behind a proxy: the configured AI service, not Google", async () => {
    vi.stubEnv("VITE_GEMINI_BASE_URL", "https://ai-proxy.example.com/gemini");
    await renderOpen();
    const more = await moreText();
    expect(more).toContain("Your key is sent only to the configured AI service (ai-proxy.example.com)");
    expect(more).not.toContain("Google");
  });

  it("hosted mode: straight from this browser to Google, still counted towards the plan, here", async () => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    await renderOpen();
    expect(hintText()).toBe("Optional: without a key, the app's own AI service makes your pictures.");
    expect(await moreText()).toContain(
      "A key you enter is sent from this browser straight to Google, in a request header; conversions made with it still count towards your plan, and are counted in this browser.",
    );
  });
});

describe("LocalEngineNotice", () => {
  it("client mode: shown when no key is typed or embedded and the engine is mounted", () => {
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    render(<LocalEngineNotice />);
    expect(screen.getByText(ENGINE_NOTICE)).toBeInTheDocument();
  });

  it("hosted mode: shown when the server forwards to the engine (VITE_LOCAL_PREVIEW_ENGINE)", () => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    render(<LocalEngineNotice />);
    expect(screen.getByText(ENGINE_NOTICE)).toBeInTheDocument();
  });

  it("hosted mode with a server key, or a key typed on the page: not shown", async () => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "false");
    const { unmount } = render(<LocalEngineNotice />);
    expect(screen.queryByText(ENGINE_NOTICE)).not.toBeInTheDocument();
    unmount();
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    signIn();
    setApiKey("my-own-key", false);
    render(<LocalEngineNotice />);
    await waitFor(() => expect(screen.queryByText(ENGINE_NOTICE)).not.toBeInTheDocument());
  });
});

describe("ApiKeyField: one account's key, on a shared device", () => {
  const field = () => screen.getByLabelText("Gemini API key");
  const rememberBox = () => screen.getByRole("checkbox", { name: /Remember/ });

  it('"Remember" promises this account and this device until logout, never beyond it', async () => {
    await renderOpen();
    expect(rememberBox()).toHaveAccessibleName("Remember on this device until I log out");
    expect(rememberBox()).toHaveAccessibleDescription(API_KEY_KEPT_HINT);
    expect(API_KEY_KEPT_HINT).toBe(
      "Only for this account. Ticked, it is kept on this device until you log out; unticked, it is forgotten when this tab closes or you log out.",
    );
  });

  it("signed out: no key shown and nothing to type into, even with a key stored under the old name", async () => {
    localStorage.setItem("geminiApiKey", "someone-elses-key");
    await renderOpen();
    expect(field()).toHaveValue("");
    expect(field()).toBeDisabled();
    expect(rememberBox()).toBeDisabled();
    expect(screen.getByText(/Your own Gemini API key/)).not.toHaveTextContent("in use");
  });

  it("a typed key is stored under the account's name; another account sees none of it", async () => {
    signIn(ADA);
    const { unmount } = await renderOpen();
    await waitFor(() => expect(field()).toBeEnabled());
    const user = userEvent.setup();
    await user.click(rememberBox());
    await user.type(field(), "ada-own-key");
    expect(localStorage.getItem(`geminiApiKey:${ADA.id}`)).toBe("ada-own-key");
    expect(localStorage.getItem("geminiApiKey")).toBeNull();
    expect(sessionStorage.getItem("geminiApiKey")).toBeNull();
    unmount();

    signIn(BOB);
    await renderOpen();
    await waitFor(() => expect(field()).toBeEnabled());
    expect(field()).toHaveValue("");
    expect(rememberBox()).not.toBeChecked();
  });
});
