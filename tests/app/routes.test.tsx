import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { HOME_TOOL, gatedTools } from "@/tools/registry";
import { server } from "../msw/server";
import { storeSession, subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";

const PUBLIC_PAGES = [
  { path: paths.pricing, heading: "Pricing" },
  { path: paths.help, heading: "Help Center" },
  { path: paths.documentation, heading: "Documentation" },
  { path: paths.auth, heading: "Login" },
] as const;

const LOGIN_ONLY_PAGES = [
  { path: paths.home, heading: HOME_TOOL.title },
  { path: paths.payment, heading: "Complete Payment" },
] as const;

describe("route table, signed out", () => {
  it.each(PUBLIC_PAGES)("$path is public and shows $heading", async ({ path, heading }) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([...LOGIN_ONLY_PAGES, ...gatedTools().map((t) => ({ path: t.path, heading: t.title }))])(
    "$path sends the visitor to the login screen and remembers where they were going",
    async ({ path }) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(paths.auth);
      const expected = path === paths.home ? "" : `?redirect=${encodeURIComponent(path)}`;
      expect(router.state.location.search).toBe(expected);
    },
  );

  it.each(["/nope", "/hulk/extra", "/PRICING-old", "/create-nft/1"])(
    "unknown path %s shows the not-found page",
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
      expect(
        screen.getByText(
          "The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      expect(screen.getByRole("link", { name: "Help Center" })).toHaveAttribute("href", "/help");
      expect(screen.getByRole("link", { name: "Documentation" })).toHaveAttribute("href", "/documentation");
    },
  );
});

describe("route table, signed in", () => {
  it.each([
    ...PUBLIC_PAGES.filter((p) => p.path !== paths.auth),
    // /payment needs a plan chosen on /pricing: without one it sends the visitor there (below).
    ...LOGIN_ONLY_PAGES.filter((p) => p.path !== paths.payment),
    ...gatedTools().map((t) => ({ path: t.path, heading: t.title })),
  ])("$path shows $heading", async ({ path, heading }) => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    // The app shell is around every page but the login and not-found pages.
    const topBar = screen.getByRole("navigation", { name: "Account" });
    expect(within(topBar).getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    expect(within(topBar).getByRole("link", { name: "Documentation" })).toHaveAttribute(
      "href",
      "/documentation",
    );
    // A public page shows its content at once and the account control once the session is known.
    expect(await within(topBar).findByRole("button", { name: "Account menu" })).toBeInTheDocument();
  });

  it("/payment without a chosen plan sends the visitor to /pricing", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp(paths.payment);
    expect(await screen.findByRole("heading", { level: 1, name: "Pricing" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.pricing);
  });

  it("/auth sends a signed-in visitor on to the page named in redirect", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp("/auth?redirect=%2Fskeleton");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Skeleton Transformer" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/skeleton");
  });

  it("/auth never follows a redirect off the site", async () => {
    storeSession();
    const { router } = renderApp("/auth?redirect=%2F%2Fevil.example%2Fphish");
    expect(await screen.findByRole("heading", { level: 1, name: HOME_TOOL.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});
