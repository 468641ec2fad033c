import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/config/env";

describe("parseEnv", () => {
  it("accepts the local setup and fills in the Gemini defaults", () => {
    const env = parseEnv({
      VITE_SUPABASE_URL: "http://localhost:4173",
      VITE_SUPABASE_ANON_KEY: "sb_publishable_x",
    });
    expect(env).toEqual({
      VITE_SUPABASE_URL: "http://localhost:4173",
      VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_x",
      VITE_GEMINI_BASE_URL: "https://generativelanguage.googleapis.com",
      VITE_GEMINI_IMAGE_MODEL: "gemini-nano-banana-2.1",
      VITE_GEMINI_TEXT_MODEL: "gemini-3.8-flash",
    });
  });

  it("prefers the publishable key over the legacy anon name and trims values", () => {
    const env = parseEnv({
      VITE_SUPABASE_URL: " https://abc.supabase.co ",
      VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_new",
      VITE_SUPABASE_ANON_KEY: "old",
      VITE_GEMINI_API_KEY: "  ",
      VITE_GEMINI_IMAGE_MODEL: "gemini-next-image",
    });
    expect(env.VITE_SUPABASE_URL).toBe("https://abc.supabase.co");
    expect(env.VITE_SUPABASE_PUBLISHABLE_KEY).toBe("sb_publishable_new");
    expect(env.VITE_GEMINI_API_KEY).toBeUndefined();
    expect(env.VITE_GEMINI_IMAGE_MODEL).toBe("gemini-next-image");
  });

  it("names every missing or malformed setting", () => {
    let caught: unknown;
    try {
      parseEnv({ VITE_SUPABASE_URL: "not a url", VITE_GEMINI_BASE_URL: "nope" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const issues = (caught as EnvError).issues;
    expect(issues).toContain("VITE_SUPABASE_URL must be the URL of your Supabase project");
    expect(issues).toContain("VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY) must be set");
    expect(issues).toContain("VITE_GEMINI_BASE_URL must be a URL");
  });
});
