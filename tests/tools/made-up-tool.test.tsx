/**
 * Adding a tool is a folder and a line (docs/architecture.md "Tools"): a made-up tool registered with
 * the registry gets its route (behind login and the tier gate), its sidebar entry and a place in the
 * photo tools' lists; its run's calls name it, and the local preview engine answers it with the handler
 * registered for its id (server/local-ai/tools/index.ts), whatever the prompt says.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { screen, within } from "@testing-library/react";
import { http } from "msw";
import { Stamp } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { allTools, photoTools, registerTool, type ToolId } from "@/tools/registry";
import { toolRunContext } from "@/tools/run-context";
import { knownPicture } from "@/lib/image/picture-urls";
import type { ToolDescriptor } from "@/tools/types";
import { handleLocalAiRequest } from "../../server/local-ai/engine";
import { registerEngineTool } from "../../server/local-ai/tools/index";
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

  it("is answered by the local preview engine's handler for its id", async () => {
    vi.stubEnv("VITE_AI_MODE", "");
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    const png = readFileSync(path.resolve("tests/fixtures/images/coffee.png"));
    const removeHandler = registerEngineTool("stamp", (request) => async () => ({
      text: `A ${String(request.input.perforation)} stamp.`,
      png,
    }));
    server.use(
      http.post(`${window.location.origin}/__local-ai/*`, ({ request }) => handleLocalAiRequest(request)),
    );
    try {
      const ctx = toolRunContext("stamp" as ToolId, "", {
        signal: new AbortController().signal,
        onRetryWait: () => {},
      });
      const answer = await ctx.image({
        parts: [{ text: "Any words at all." }],
        toolInput: { perforation: "wavy" },
      });
      expect(answer.text).toBe("A wavy stamp.");
      // The engine's PNG byte for byte, as a Blob shown through the page's object URL of it.
      expect(Buffer.from(await answer.blob.arrayBuffer()).equals(png)).toBe(true);
      expect(answer.url).toMatch(/^blob:/);
      expect(knownPicture(answer.url)).toBe(answer.blob);
    } finally {
      removeHandler();
      vi.unstubAllEnvs();
    }
  });

  it("is gone once taken out again", () => {
    unregister();
    expect(allTools()).not.toContain(stamp);
    unregister = registerTool(stamp);
  });
});
