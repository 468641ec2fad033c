// The top bar's account control while the session is checked: the avatar's place kept for a signed-in
// reload, Log In at once for a visitor who never signed in.
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../msw/server";
import { SUPABASE_URL, makeSession, makeUser, storeSession, subscriptionHandler } from "../../msw/supabase";
import { renderApp } from "../../utils";

/** Every state the top bar's account control went through, as its accessible names. */
function watchAccountControl() {
  const seen = new Set<string>();
  const record = () => {
    const nav = document.querySelector('nav[aria-label="Account"]');
    if (!nav) return;
    if (nav.querySelector('[data-slot="avatar-placeholder"]')) seen.add("placeholder");
    for (const button of nav.querySelectorAll("button")) {
      seen.add(button.getAttribute("aria-label") ?? button.textContent?.trim() ?? "");
    }
  };
  const observer = new MutationObserver(record);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  return { seen, stop: () => observer.disconnect(), record };
}

describe("the account control while the session is checked", () => {
  it("a reload while signed in never shows Log In: the avatar's place is kept until the menu is ready", async () => {
    storeSession(makeSession(makeUser({ email: "ada@example.com" })));
    server.use(subscriptionHandler(null));
    const watch = watchAccountControl();
    renderApp("/documentation");
    watch.record();
    const trigger = await screen.findByRole("button", { name: "Account menu" });
    watch.stop();
    expect(trigger).toHaveTextContent("A");
    expect(watch.seen.has("Log In")).toBe(false);
  });

  it("a visitor who never signed in gets Log In at once, without asking Supabase anything", async () => {
    let asked = 0;
    server.use(
      http.all(`${SUPABASE_URL}/*`, () => {
        asked += 1;
        return HttpResponse.json({});
      }),
    );
    const watch = watchAccountControl();
    renderApp("/documentation");
    await screen.findByRole("heading", { level: 1, name: "Documentation" });
    watch.stop();
    // No session to check: the control is Log In from the first time it is drawn, never a placeholder.
    expect(screen.getByRole("button", { name: "Log In" })).toBeEnabled();
    expect(watch.seen.has("placeholder")).toBe(false);
    expect(asked).toBe(0);
  });
});
