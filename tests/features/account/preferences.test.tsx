// The local preferences (lib/preferences.ts) and the theme they apply (app/theme-provider.tsx).
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ThemeProvider } from "@/app/theme-provider";
import {
  DEFAULT_PREFERENCES,
  readPreferences,
  resolveTheme,
  savePreferences,
  usePreferences,
} from "@/lib/preferences";
import { mockSystemDark } from "./helpers";

afterEach(() => {
  document.documentElement.classList.remove("dark");
});

function Probe() {
  const prefs = usePreferences();
  return <output>{JSON.stringify(prefs)}</output>;
}

describe("local preferences (SPEC 3)", () => {
  it("reads the defaults when nothing is stored", () => {
    expect(readPreferences()).toEqual({
      displayName: "User",
      emailNotifications: true,
      pushNotifications: false,
      theme: "light",
    });
    expect(DEFAULT_PREFERENCES.theme).toBe("light");
  });

  it("reads stored strings and ignores values it does not understand", () => {
    localStorage.setItem("displayName", "  Grace  ");
    localStorage.setItem("emailNotifications", "false");
    localStorage.setItem("pushNotifications", "yes");
    localStorage.setItem("theme", "purple");
    expect(readPreferences()).toEqual({
      displayName: "Grace",
      emailNotifications: false,
      pushNotifications: false,
      theme: "light",
    });
  });

  it("saves every key as a string", () => {
    savePreferences({
      displayName: "Ada",
      emailNotifications: true,
      pushNotifications: true,
      theme: "system",
    });
    expect(localStorage.getItem("displayName")).toBe("Ada");
    expect(localStorage.getItem("emailNotifications")).toBe("true");
    expect(localStorage.getItem("pushNotifications")).toBe("true");
    expect(localStorage.getItem("theme")).toBe("system");
  });

  it("resolves system against the colour scheme", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("follows a save made in another tab (the storage event)", () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(document.documentElement).not.toHaveClass("dark");
    act(() => {
      localStorage.setItem("theme", "dark");
      localStorage.setItem("displayName", "Grace");
      window.dispatchEvent(new StorageEvent("storage", { key: "theme" }));
    });
    expect(document.documentElement).toHaveClass("dark");
    expect(screen.getByRole("status")).toHaveTextContent('"displayName":"Grace"');
  });

  it("a stored system theme follows the operating system from the start", () => {
    const system = mockSystemDark(true);
    try {
      localStorage.setItem("theme", "system");
      render(
        <ThemeProvider>
          <Probe />
        </ThemeProvider>,
      );
      expect(document.documentElement).toHaveClass("dark");
    } finally {
      system.restore();
    }
  });
});
