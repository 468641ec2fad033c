// What the account dialog tests share: the app rendered signed in, the menu opened, a controllable
// dark-mode media query.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User } from "@supabase/supabase-js";
import type { TierId } from "@/config/tiers";
import { server } from "../../msw/server";
import { makeSession, makeUser, storeSession, subscriptionHandler } from "../../msw/supabase";
import { renderApp } from "../../utils";

/** Render the app signed in (on the given plan) at `path`, waiting for the account menu. */
export async function renderSignedIn(
  options: { path?: string; tier?: TierId | null; user?: Partial<User> } = {},
) {
  storeSession(makeSession(makeUser(options.user)));
  server.use(subscriptionHandler(options.tier ?? null));
  const view = renderApp(options.path ?? "/");
  const user = userEvent.setup();
  // The first render of a file also loads the lazy route: give it time on a busy machine.
  const trigger = await screen.findByRole("button", { name: "Account menu" });
  return { ...view, user, trigger };
}

type Setup = Awaited<ReturnType<typeof renderSignedIn>>;

/**
 * The avatar as it is now: until its first press it is a stand-in button, and the menu's code (loaded
 * on that press) brings the real trigger in its place, so a button found before may have left the page.
 */
export function avatar() {
  return screen.getByRole("button", { name: "Account menu" });
}

/** Open the account menu and choose an item; returns the dialog it opened. */
export async function openFromMenu(
  { user }: Pick<Setup, "user">,
  item: string,
  dialogName: string,
  role: "dialog" | "alertdialog" = "dialog",
) {
  await user.click(avatar());
  const menu = await screen.findByRole("menu");
  await user.click(within(menu).getByRole("menuitem", { name: item }));
  return screen.findByRole(role, { name: dialogName });
}

/** The visible button named `name` inside `container` (dialogs also hold a sr-only "Close" X). */
export function lastButton(container: HTMLElement, name: string) {
  const buttons = within(container).getAllByRole("button", { name });
  return buttons[buttons.length - 1]!;
}

/** A controllable `prefers-color-scheme: dark` for the "system" theme. */
export function mockSystemDark(initial: boolean) {
  let matches = initial;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const isDarkQuery = query === "(prefers-color-scheme: dark)";
    return {
      get matches() {
        return isDarkQuery ? matches : false;
      },
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        if (isDarkQuery) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        listeners.delete(listener);
      },
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent));
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
