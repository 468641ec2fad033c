/**
 * Pointer input on the drawing canvas, mouse, pen and finger alike: one pointer draws, or pans the
 * view (the Pan tool, Space held, the middle mouse button); a second finger turns the gesture into a
 * pinch that zooms and pans, and gives up the stroke it interrupted. Returns the canvas's handlers.
 */
import { useRef, type MouseEvent, type PointerEvent, type RefObject } from "react";
import type { DrawingEngine } from "./engine";
import type { Point } from "./rules";

type Gesture =
  | { kind: "draw" | "pan"; id: number; last: Point }
  | { kind: "pinch"; distance: number; mid: Point; zoom: number };

type CanvasPointerEvent = PointerEvent<HTMLCanvasElement>;

function pinchOf(a: Point, b: Point) {
  return {
    distance: Math.max(1, Math.hypot(b.x - a.x, b.y - a.y)),
    mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  };
}

export function usePointerGestures(
  engine: DrawingEngine,
  viewportRef: RefObject<HTMLDivElement | null>,
  spaceHeld: boolean,
) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);

  function local(e: { clientX: number; clientY: number }): Point {
    const rect = viewportRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  function startPinch() {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return;
    engine.cancelStroke();
    gesture.current = { kind: "pinch", ...pinchOf(a, b), zoom: engine.getState().view.zoom };
  }

  function onPointerDown(e: CanvasPointerEvent) {
    if (e.pointerType === "mouse" && e.button !== 0 && e.button !== 1) return;
    e.preventDefault();
    e.currentTarget.focus({ preventScroll: true });
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2 && e.pointerType === "touch") {
      startPinch();
      return;
    }
    if (gesture.current) return;
    // The engine's own tool, not a rendered copy of it: a Pan tool pointer never reaches the engine.
    const pan = spaceHeld || e.button === 1 || engine.getState().tool === "pan";
    gesture.current = { kind: pan ? "pan" : "draw", id: e.pointerId, last: p };
    if (!pan) engine.pointerDown(p, { pointerType: e.pointerType, pressure: e.pressure });
  }

  function onPointerMove(e: CanvasPointerEvent) {
    if (!pointers.current.has(e.pointerId)) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const { mid, distance } = pinchOf(a, b);
      engine.panBy(mid.x - g.mid.x, mid.y - g.mid.y);
      engine.zoomTo((g.zoom * distance) / g.distance, mid);
      g.mid = mid;
      g.distance = distance;
      g.zoom = engine.getState().view.zoom;
      return;
    }
    if (g.id !== e.pointerId) return;
    if (g.kind === "pan") {
      engine.panBy(p.x - g.last.x, p.y - g.last.y);
      g.last = p;
      return;
    }
    const coalesced =
      typeof e.nativeEvent.getCoalescedEvents === "function" ? e.nativeEvent.getCoalescedEvents() : [];
    const points = coalesced.length > 0 ? coalesced.map(local) : [p];
    engine.pointerMove(points, { pointerType: e.pointerType, pressure: e.pressure });
  }

  function onPointerEnd(e: CanvasPointerEvent, cancelled: boolean) {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch") {
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    if (g.id !== e.pointerId) return;
    gesture.current = null;
    if (g.kind === "draw") {
      if (cancelled) engine.cancelStroke();
      else engine.pointerUp();
    }
  }

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: CanvasPointerEvent) => onPointerEnd(e, false),
    onPointerCancel: (e: CanvasPointerEvent) => onPointerEnd(e, true),
    onLostPointerCapture: (e: CanvasPointerEvent) => onPointerEnd(e, false),
    // No context menu on a right click or a long press.
    onContextMenu: (e: MouseEvent<HTMLCanvasElement>) => e.preventDefault(),
  };
}
