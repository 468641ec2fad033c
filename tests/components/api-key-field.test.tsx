import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiKeyField } from "@/components/api-key-field";
import { LocalEngineNotice } from "@/components/local-engine-notice";
import { setApiKey } from "@/lib/api-key";

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

const hint = () => screen.getByLabelText("Gemini API key").getAttribute("aria-describedby")!;
const hintText = () => document.getElementById(hint())?.textContent;

describe("ApiKeyField: where a typed key goes and how it is counted", () => {
  it("client mode: only to Google, in a request header", () => {
    render(<ApiKeyField />);
    expect(hintText()).toBe(
      "Without a key, a default key with limited quota is used. Your key is sent only to Google, in a request header.",
    );
  });

  it("client mode behind a proxy: the configured AI service, not Google", () => {
    vi.stubEnv("VITE_GEMINI_BASE_URL", "https://ai-proxy.example.com/gemini");
    render(<ApiKeyField />);
    expect(hintText()).toContain("Your key is sent only to the configured AI service (ai-proxy.example.com)");
    expect(hintText()).not.toContain("Google");
  });

  it("hosted mode: straight from this browser to Google, still counted towards the plan, here", () => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    render(<ApiKeyField />);
    expect(hintText()).toBe(
      "Without a key, the app's own AI service is used. A key you enter is sent from this browser straight to Google, in a request header; conversions made with it still count towards your plan, and are counted in this browser.",
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

  it("hosted mode with a server key, or a key typed on the page: not shown", () => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "false");
    const { unmount } = render(<LocalEngineNotice />);
    expect(screen.queryByText(ENGINE_NOTICE)).not.toBeInTheDocument();
    unmount();
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    setApiKey("my-own-key", false);
    render(<LocalEngineNotice />);
    expect(screen.queryByText(ENGINE_NOTICE)).not.toBeInTheDocument();
  });
});
