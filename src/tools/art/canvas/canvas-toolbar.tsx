/**
 * The drawing's controls above the canvas: a button per tool (with its letter), the colour, the line
 * width and the zoom, then undo, redo, the background lock and clear. It shows the engine's state and
 * calls the engine; clearing a drawing asks first, so that is left to `onClear`.
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
import { ZoomControls } from "./zoom-controls";

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
    <>
      <div
        role="toolbar"
        aria-label="Drawing tools"
        className="flex flex-wrap items-center gap-1 sm:gap-1.5"
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

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={colourId} className="text-sm font-medium">
            Colour
          </label>
          <input
            id={colourId}
            type="color"
            value={state.color}
            onChange={(e) => engine.setColor(e.currentTarget.value)}
            className="h-9 w-11 cursor-pointer rounded-md border bg-background p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={widthId} className="text-sm font-medium whitespace-nowrap">
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
            className="h-9 w-28 cursor-pointer accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:w-36"
          />
          <output htmlFor={widthId} className="w-6 text-sm tabular-nums">
            {state.lineWidth}
          </output>
        </div>
        <ZoomControls engine={engine} zoom={state.view.zoom} />
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
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
        <Button
          type="button"
          variant={state.locked ? "secondary" : "outline"}
          aria-pressed={state.locked}
          onClick={() => engine.toggleLock()}
          title="Keep what is drawn now: the eraser then only removes later strokes"
        >
          {state.locked ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
          Lock background
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={onClear}
          onPointerEnter={ConfirmDialog.preload}
          onFocus={ConfirmDialog.preload}
          disabled={state.blank && !state.locked && !state.curvePending}
        >
          <Trash2 aria-hidden="true" />
          Clear
        </Button>
      </div>
    </>
  );
}
