/**
 * The drawing's controls above the canvas, one compact bar that fits a phone's width in two rows: a
 * button per tool (with its letter), then undo, redo, the colour, the line width, the background lock
 * and clear. Every control is named for screen readers and has a tooltip (`title`); on a phone the
 * words of the colour, width, lock and clear controls are read but not shown. It shows the engine's
 * state and calls the engine; clearing a drawing asks first, so that is left to `onClear`. The zoom is
 * under the canvas (./zoom-controls).
 */
import { useId, useState, type KeyboardEvent } from "react";
import {
  Brush,
  Circle,
  Eraser,
  Hand,
  Lock,
  LockOpen,
  Minus,
  PaintBucket,
  Pencil,
  Redo2,
  Spline,
  Square,
  Trash2,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { DrawingEngine, EngineState } from "./engine";
import type { HistoryState } from "./history";
import { IconButton } from "./icon-button";
import { MAX_LINE_WIDTH, MIN_LINE_WIDTH, TOOL_LABELS, TOOL_SHORTCUTS, TOOLS, type Tool } from "./rules";

const TOOL_ICONS: Record<Tool, LucideIcon> = {
  pencil: Pencil,
  brush: Brush,
  eraser: Eraser,
  fill: PaintBucket,
  circle: Circle,
  square: Square,
  line: Minus,
  curve: Spline,
  pan: Hand,
};

/** A control's label: read by screen readers everywhere, shown from the small breakpoint up. */
const LABEL = "sr-only text-sm font-medium whitespace-nowrap sm:not-sr-only";
/** A button with words: only its icon on a phone (its words still name it), icon and words above. */
const TEXT_BUTTON = "size-8 sm:h-9 sm:w-auto sm:px-3";

type CanvasToolbarProps = {
  engine: DrawingEngine;
  state: EngineState;
  history: HistoryState;
  onClear: () => void;
};

/** Where an arrow, Home or End moves the focus among `count` tools from `index` (null: not such a key). */
export function toolbarMove(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight" || key === "ArrowDown") return (index + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

export function CanvasToolbar({ engine, state, history, onClear }: CanvasToolbarProps) {
  const widthId = useId();
  const colourId = useId();
  // One Tab stop for the tools (the last one focused, at first the selected one); arrows move along.
  const [focused, setFocused] = useState<Tool | null>(null);
  const tabStop = focused ?? state.tool;

  function onToolbarKey(e: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...e.currentTarget.querySelectorAll("button")];
    const next = toolbarMove(e.key, buttons.indexOf(e.target as HTMLButtonElement), buttons.length);
    if (next === null) return;
    e.preventDefault();
    buttons[next]?.focus();
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div
        role="toolbar"
        aria-label="Drawing tools"
        className="flex items-center gap-1 sm:gap-1.5"
        onKeyDown={onToolbarKey}
      >
        {TOOLS.map((tool) => {
          const Icon = TOOL_ICONS[tool];
          const selected = state.tool === tool;
          const letter = TOOL_SHORTCUTS[tool].toUpperCase();
          return (
            <Button
              key={tool}
              type="button"
              size="icon"
              className="size-8 sm:size-9"
              variant={selected ? "default" : "outline"}
              aria-label={TOOL_LABELS[tool]}
              aria-pressed={selected}
              aria-keyshortcuts={letter}
              title={`${TOOL_LABELS[tool]} (${letter})`}
              tabIndex={tool === tabStop ? 0 : -1}
              onFocus={() => setFocused(tool)}
              onClick={() => engine.setTool(tool)}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
      </div>

      <div role="group" aria-label="Drawing options" className="flex items-center gap-1 sm:gap-1.5">
        <IconButton
          icon={Undo2}
          label="Undo"
          keyshortcuts="Control+Z Meta+Z"
          title="Undo (Ctrl+Z)"
          disabled={!history.canUndo && !state.curvePending}
          onClick={() => engine.undo()}
        />
        <IconButton
          icon={Redo2}
          label="Redo"
          keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          title="Redo (Shift+Ctrl+Z)"
          disabled={!history.canRedo}
          onClick={() => engine.redo()}
        />
        <div className="flex items-center gap-1.5 pl-1 sm:pl-2" title="Colour">
          <label htmlFor={colourId} className={LABEL}>
            Colour
          </label>
          <input
            id={colourId}
            type="color"
            value={state.color}
            onChange={(e) => engine.setColor(e.currentTarget.value)}
            className="h-8 w-9 cursor-pointer rounded-md border bg-background p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:w-11"
          />
        </div>
        <div className="flex items-center gap-1.5" title="Line width">
          <label htmlFor={widthId} className={LABEL}>
            Line width
          </label>
          <input
            id={widthId}
            type="range"
            min={MIN_LINE_WIDTH}
            max={MAX_LINE_WIDTH}
            step={1}
            value={state.lineWidth}
            onChange={(e) => engine.setLineWidth(Number(e.currentTarget.value))}
            className="h-8 w-16 cursor-pointer accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:w-28"
          />
          <output htmlFor={widthId} className="w-5 text-sm tabular-nums">
            {state.lineWidth}
          </output>
        </div>
        <Button
          type="button"
          variant={state.locked ? "secondary" : "outline"}
          aria-pressed={state.locked}
          onClick={() => engine.toggleLock()}
          title="Lock background: keep what is drawn now, the eraser then only removes later strokes"
          size="icon"
          className={TEXT_BUTTON}
        >
          {state.locked ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
          <span className="sr-only sm:not-sr-only">Lock background</span>
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={onClear}
          onPointerEnter={ConfirmDialog.preload}
          onFocus={ConfirmDialog.preload}
          disabled={state.blank && !state.locked && !state.curvePending}
          title="Clear the drawing"
          size="icon"
          className={TEXT_BUTTON}
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Clear</span>
        </Button>
      </div>
    </div>
  );
}
