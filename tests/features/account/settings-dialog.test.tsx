// @vitest-environment jsdom
// (jsdom, not the ui project's happy-dom: the store that refuses a write is mocked as jsdom's localStorage allows)
// The Settings dialog: display name, notifications and theme, saved in this browser or cancelled.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { avatar, lastButton, mockSystemDark, openFromMenu, renderSignedIn } from "./helpers";

const html = document.documentElement;

afterEach(() => {
  vi.restoreAllMocks();
  html.classList.remove("dark");
});

async function openSettings() {
  const setup = await renderSignedIn();
  const dialog = await openFromMenu(setup, "Settings", "Settings");
  return { ...setup, dialog };
}

describe("Settings", () => {
  it("starts from the defaults of SPEC 3", async () => {
    const { dialog } = await openSettings();
    expect(within(dialog).getByLabelText("Display name")).toHaveValue("User");
    expect(within(dialog).getByRole("button", { name: "Change Picture (Coming Soon)" })).toBeDisabled();
    expect(within(dialog).getByRole("switch", { name: "Email notifications" })).toBeChecked();
    expect(within(dialog).getByRole("switch", { name: "Push notifications" })).not.toBeChecked();
    const themes = within(dialog).getByRole("radiogroup", { name: "Theme" });
    expect(within(themes).getAllByRole("radio")).toHaveLength(3);
    expect(within(themes).getByRole("radio", { name: "Light" })).toBeChecked();
    expect(within(themes).getByRole("radio", { name: "Dark" })).not.toBeChecked();
    expect(within(themes).getByRole("radio", { name: "System" })).not.toBeChecked();
    expect(html).not.toHaveClass("dark");
  });

  it("Save Changes writes the exact keys and values, trims the name, and says so", async () => {
    const { dialog, user } = await openSettings();
    const name = within(dialog).getByLabelText("Display name");
    await user.clear(name);
    await user.type(name, "  Grace Hopper  ");
    await user.click(within(dialog).getByRole("switch", { name: "Email notifications" }));
    await user.click(within(dialog).getByRole("switch", { name: "Push notifications" }));
    await user.click(within(dialog).getByRole("radio", { name: "Dark" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Settings saved successfully!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(localStorage.getItem("displayName")).toBe("Grace Hopper");
    expect(localStorage.getItem("emailNotifications")).toBe("false");
    expect(localStorage.getItem("pushNotifications")).toBe("true");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(html).toHaveClass("dark");
  });

  it("reopens with what was saved; a blank name saves as User", async () => {
    localStorage.setItem("displayName", "Grace");
    localStorage.setItem("emailNotifications", "false");
    localStorage.setItem("pushNotifications", "true");
    localStorage.setItem("theme", "system");
    const { dialog, user } = await openSettings();
    const name = within(dialog).getByLabelText("Display name");
    expect(name).toHaveValue("Grace");
    expect(within(dialog).getByRole("switch", { name: "Email notifications" })).not.toBeChecked();
    expect(within(dialog).getByRole("switch", { name: "Push notifications" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "System" })).toBeChecked();
    await user.clear(name);
    await user.type(name, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Settings saved successfully!");
    expect(localStorage.getItem("displayName")).toBe("User");
  });

  it("limits the display name to 50 characters", async () => {
    const { dialog, user } = await openSettings();
    const name = within(dialog).getByLabelText("Display name");
    await user.clear(name);
    await user.type(name, "x".repeat(60));
    expect(name).toHaveValue("x".repeat(50));
  });

  it("a theme applies to the whole app at once, and Cancel puts the saved one back", async () => {
    const { dialog, user } = await openSettings();
    await user.click(within(dialog).getByRole("radio", { name: "Dark" }));
    expect(html).toHaveClass("dark");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(html).not.toHaveClass("dark");
    expect(localStorage.getItem("theme")).toBeNull();
  });

  it("Escape also reverts the preview; a saved dark theme stays through Cancel", async () => {
    localStorage.setItem("theme", "dark");
    const { dialog, user } = await openSettings();
    expect(html).toHaveClass("dark");
    await user.click(within(dialog).getByRole("radio", { name: "Light" }));
    expect(html).not.toHaveClass("dark");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(html).toHaveClass("dark");
    expect(avatar()).toBeInTheDocument();
  });

  it("Light removes the dark class on save", async () => {
    localStorage.setItem("theme", "dark");
    const { dialog, user } = await openSettings();
    await user.click(within(dialog).getByRole("radio", { name: "Light" }));
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Settings saved successfully!");
    expect(localStorage.getItem("theme")).toBe("light");
    expect(html).not.toHaveClass("dark");
  });

  it("System follows the operating system's colour scheme, live", async () => {
    const system = mockSystemDark(true);
    try {
      const { dialog, user } = await openSettings();
      await user.click(within(dialog).getByRole("radio", { name: "System" }));
      expect(html).toHaveClass("dark");
      await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
      await screen.findByText("Settings saved successfully!");
      expect(localStorage.getItem("theme")).toBe("system");
      act(() => system.set(false));
      expect(html).not.toHaveClass("dark");
      act(() => system.set(true));
      expect(html).toHaveClass("dark");
    } finally {
      system.restore();
    }
  });

  it("the theme radios work with arrow keys", async () => {
    const { dialog, user } = await openSettings();
    act(() => within(dialog).getByRole("radio", { name: "Light" }).focus());
    // Held like a real key press: Radix checks the radio that receives focus while an arrow is down.
    await user.keyboard("{ArrowRight>}");
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: "Dark" })).toBeChecked());
    await user.keyboard("{/ArrowRight}");
    expect(html).toHaveClass("dark");
    await user.click(lastButton(dialog, "Close"));
    expect(html).not.toHaveClass("dark");
  });

  it('says "Failed to save settings." when the browser refuses to store them, and stays open', async () => {
    const { dialog, user } = await openSettings();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to save settings.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Settings" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Settings saved successfully!")).not.toBeInTheDocument());
  });
});
