/**
 * Create Art's drawing controls as a person meets them (issue 27 §6): one compact bar where every tool and
 * option is reachable and named (with a tooltip), and the keyboard's drawing cursor that shows for the
 * keyboard only, never after a mouse, pen or finger put the focus on the canvas.
 */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CanvasToolbar } from "@/tools/art/canvas/canvas-toolbar";
import type { DrawingEngine, EngineState } from "@/tools/art/canvas/engine";
import type { HistoryState } from "@/tools/art/canvas/history";
import { TOOL_LABELS, TOOL_SHORTCUTS, TOOLS } from "@/tools/art/canvas/rules";
import { useKeyboardPen } from "@/tools/art/canvas/use-keyboard-pen";
import { useRef } from "react";

/** The parts of the engine the toolbar and the keyboard pen call, recorded. */
function fakeEngine() {
  const painter = vi.fn();
  const engine = {
    setTool: vi.fn(),
    setColor: vi.fn(),
    setLineWidth: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    toggleLock: vi.fn(),
    getState: () => ({ tool: "pencil" }),
    subscribe: () => () => {},
    drawing: false,
    penDown: vi.fn(),
    penMove: vi.fn(),
    pointerUp: vi.fn(),
    cancelStroke: vi.fn(),
    panBy: vi.fn(),
    paintOnTop: painter,
  };
  return { engine: engine as unknown as DrawingEngine, calls: engine, painter };
}

const STATE = {
  tool: "pencil",
  color: "#000000",
  lineWidth: 5,
  locked: false,
  blank: false,
  curvePending: false,
  view: { zoom: 1, x: 0, y: 0 },
} as unknown as EngineState;
const HISTORY = { canUndo: true, canRedo: false } as HistoryState;

describe("the drawing's controls", () => {
  it("reach every tool from one toolbar, each named, with its letter on its tooltip", async () => {
    const { engine, calls } = fakeEngine();
    render(<CanvasToolbar engine={engine} state={STATE} history={HISTORY} onClear={() => {}} />);
    const toolbar = screen.getByRole("toolbar", { name: "Drawing tools" });
    const buttons = within(toolbar).getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(TOOLS.map((t) => TOOL_LABELS[t]));
    for (const tool of TOOLS) {
      const button = within(toolbar).getByRole("button", { name: TOOL_LABELS[tool] });
      expect(button).toHaveAttribute("title", `${TOOL_LABELS[tool]} (${TOOL_SHORTCUTS[tool].toUpperCase()})`);
      expect(button).toHaveAttribute("aria-pressed", String(tool === "pencil"));
    }
    await userEvent.setup().click(within(toolbar).getByRole("button", { name: "Fill" }));
    expect(calls.setTool).toHaveBeenCalledWith("fill");
  });

  it("name every option beside the tools, words read on a phone though only icons show, each with a tooltip", async () => {
    const onClear = vi.fn();
    const { engine, calls } = fakeEngine();
    render(<CanvasToolbar engine={engine} state={STATE} history={HISTORY} onClear={onClear} />);
    const options = screen.getByRole("group", { name: "Drawing options" });
    for (const name of ["Undo", "Redo", "Lock background", "Clear"]) {
      expect(within(options).getByRole("button", { name })).toHaveAttribute("title");
    }
    expect(within(options).getByLabelText("Colour")).toHaveAttribute("type", "color");
    expect(within(options).getByRole("slider", { name: "Line width" })).toHaveValue("5");
    // The words of Lock and Clear are the buttons' own text, hidden from sight only below the small breakpoint.
    expect(within(options).getByText("Lock background")).toHaveClass("sr-only", "sm:not-sr-only");
    const user = userEvent.setup();
    await user.click(within(options).getByRole("button", { name: "Lock background" }));
    expect(calls.toggleLock).toHaveBeenCalledOnce();
    await user.click(within(options).getByRole("button", { name: "Clear" }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});

function PenCanvas({ engine }: { engine: DrawingEngine }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const keys = useKeyboardPen(engine, ref);
  return (
    <>
      <button type="button">Before</button>
      <canvas
        ref={ref}
        tabIndex={0}
        data-testid="pen-canvas"
        data-keyboard={keys.keyboard}
        onPointerDown={(e) => e.currentTarget.focus()}
        {...keys.handlers}
      />
    </>
  );
}

/** Whether the keyboard's cursor is painted now: the last paintOnTop call set a painter (null: none). */
const cursorShown = (painter: ReturnType<typeof vi.fn>) =>
  painter.mock.calls.length > 0 && painter.mock.calls.at(-1)?.[0] !== null;

describe("the keyboard's drawing cursor", () => {
  it("shows when the keyboard reaches the canvas, and goes when a pointer presses it", async () => {
    const { engine, painter } = fakeEngine();
    render(<PenCanvas engine={engine} />);
    const canvas = screen.getByTestId("pen-canvas");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.keyboard("{Tab}");
    expect(canvas).toHaveFocus();
    await waitFor(() => expect(cursorShown(painter)).toBe(true));
    expect(canvas).toHaveAttribute("data-keyboard", "true");

    fireEvent.pointerDown(canvas);
    expect(cursorShown(painter)).toBe(false);
    expect(canvas).toHaveAttribute("data-keyboard", "false");
  });

  it("never shows after a finger or mouse put the focus on the canvas and drew", async () => {
    const { engine, painter } = fakeEngine();
    render(<PenCanvas engine={engine} />);
    const canvas = screen.getByTestId("pen-canvas");
    // A press focuses the canvas from the code, which the browser may count as :focus-visible.
    const matches = vi.spyOn(canvas, "matches").mockReturnValue(true);
    fireEvent.pointerDown(canvas, { pointerType: "touch" });
    expect(canvas).toHaveFocus();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(cursorShown(painter)).toBe(false);
    expect(canvas).toHaveAttribute("data-keyboard", "false");
    matches.mockRestore();

    // An arrow key then brings it back: the keyboard is in use.
    await userEvent.setup().keyboard("{ArrowRight}");
    await waitFor(() => expect(cursorShown(painter)).toBe(true));
    expect(canvas).toHaveAttribute("data-keyboard", "true");
  });
});
