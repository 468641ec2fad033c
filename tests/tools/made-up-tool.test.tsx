/**
 * Adding a tool is a folder and a line (docs/architecture.md "Tools"): a made-up tool registered with
 * the registry gets its route (behind login and the tier gate), its sidebar entry, and a place in the
 * photo tools' lists.
 */
import { screen, within } from "@testing-library/react";
import { Stamp } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { allTools, photoTools, registerTool } from "@/tools/registry";
import type { ToolDescriptor } from "@/tools/types";
import { server } from "../msw/server";
import { storeSession, subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";

const stamp: ToolDescriptor = {
  id: "stamp",
  path: "/stamp",
  label: "Stamp Maker",
  title: "Stamp Maker",
  description: "Turn a photo into a postage stamp.",
  icon: Stamp,
  downloadName: "stamp.png",
  takes: "photo",
  keeps: "image",
  page: async () => <h1>Stamp Maker</h1>,
};

let unregister: () => void;
beforeEach(() => {
  unregister = registerTool(stamp);
});
afterEach(() => unregister());

describe("a made-up tool, registered", () => {
  it("is listed with the others, after them, and where a photo can be sent", () => {
    expect(allTools().at(-1)).toBe(stamp);
    expect(photoTools()).toContain(stamp);
  });

  it("has its route and its sidebar entry", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp("/stamp");
    expect(await screen.findByRole("heading", { level: 1, name: "Stamp Maker" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/stamp");
    const link = screen.getAllByRole("link", { name: "Stamp Maker" })[0]!;
    expect(link).toHaveAttribute("href", "/stamp");
    expect(within(link).queryByText("Stamp Maker")).toBeInTheDocument();
  });

  it("is behind login like every tool", async () => {
    const { router } = renderApp("/stamp");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.auth);
    expect(router.state.location.search).toBe("?redirect=%2Fstamp");
  });

  it("is gone once taken out again", () => {
    unregister();
    expect(allTools()).not.toContain(stamp);
    unregister = registerTool(stamp);
  });
});
