/** Reduced motion changes what moves: the spinner turns only under motion-safe (CSS decides), the poem's lines get no staggered entrance. */
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Spinner } from "@/components/ui/spinner";
import { PoemView } from "@/tools/poetry/poem-view";
import { stubMatchMedia } from "../media-query";

const REDUCE = "(prefers-reduced-motion: reduce)";
const motion = (reduce: boolean) => stubMatchMedia((query) => reduce && query === REDUCE);

afterEach(() => vi.unstubAllGlobals());

it("the spinner turns only through a motion-safe class (CSS decides; e2e/motion.spec.ts sees it), and keeps its name", () => {
  render(<Spinner label="Loading page" />);
  const status = screen.getByRole("status", { name: "Loading page" });
  const icon = status.querySelector("svg")!;
  expect(icon).toHaveClass("motion-safe:animate-spin");
  expect(icon).not.toHaveClass("animate-spin");
});

describe.each([false, true])("reduced motion %s", (reduce) => {
  it("the poem's lines come in staggered only without it", () => {
    motion(reduce);
    render(<PoemView text={"One line\nTwo line\nThree"} streaming={false} />);
    const lines = screen.getAllByTestId("poem-line");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.classList.contains("poem-line")).toBe(!reduce);
    // Without it each line's entrance is scheduled (0, 100, 200 ms after the first); with it, none.
    for (const line of lines) expect(/^\d+ms$/.test(line.style.animationDelay)).toBe(!reduce);
  });
});
