/**
 * The tools the first-load budget check measures (scripts/lib/tool-routes.ts, read by
 * scripts/check-budget.mjs): every tool of the registry, its route, and the folder it may load.
 */
import { Sparkles } from "lucide-react";
import { allTools, registerTool } from "@/tools/registry";
import { toolRoutes } from "../../scripts/lib/tool-routes";

describe("toolRoutes", () => {
  it("lists every registered tool, in the registry's order, with its route and its folder", () => {
    const routes = toolRoutes();
    expect(routes.map((r) => r.id)).toEqual(allTools().map((t) => t.id));
    expect(routes.map((r) => r.path)).toEqual(allTools().map((t) => t.path));
    expect(routes.find((r) => r.id === "cucumber")).toEqual({ id: "cucumber", path: "/", folder: "styles" });
    expect(routes.find((r) => r.id === "hulk")).toEqual({ id: "hulk", path: "/hulk", folder: "styles" });
    expect(routes.find((r) => r.id === "art")).toEqual({ id: "art", path: "/create-art", folder: "art" });
    expect(routes.find((r) => r.id === "scene")).toEqual({
      id: "scene",
      path: "/create-nft",
      folder: "scene",
    });
  });

  it("refuses a registered tool that no folder of src/tools exports", () => {
    const unregister = registerTool({
      id: "made-up",
      path: "/made-up",
      label: "Made Up",
      title: "Made Up",
      description: "Not a tool of src/tools.",
      icon: Sparkles,
      downloadName: "made-up.png",
      takes: "photo",
      keeps: "image",
      page: async () => null as never,
    });
    try {
      expect(() => toolRoutes()).toThrow('No src/tools/*/tool.tsx exports the descriptor of "made-up".');
    } finally {
      unregister();
    }
  });
});
