/** The before/after slider: on the result first on phones, half and half wider, labelled, one peek at most. */
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CompareSlider, compareValueText } from "@/components/compare-slider.lazy";
import { stubMatchMedia } from "../media-query";

const BEFORE = "data:image/png;base64,YmVmb3Jl";
const AFTER = "data:image/png;base64,YWZ0ZXI=";
const AFTER_AGAIN = "data:image/png;base64,YWdhaW4=";

/** The screen the slider is shown on: a phone's width or not, less motion asked for or not. */
function screenIs({ phone, reducedMotion = false }: { phone: boolean; reducedMotion?: boolean }) {
  stubMatchMedia((query) =>
    query.includes("max-width") ? phone : query.includes("reduced-motion") && reducedMotion,
  );
}

type Played = { element: Element; keyframes: Keyframe[]; cancel: ReturnType<typeof vi.fn> };

/** Web Animations, recorded instead of played: what is played on which element. */
function recordAnimations(): Played[] {
  const played: Played[] = [];
  Object.defineProperty(Element.prototype, "animate", {
    configurable: true,
    writable: true,
    value(this: Element, keyframes: Keyframe[]) {
      const entry = { element: this, keyframes, cancel: vi.fn() };
      played.push(entry);
      // Still running: its `finished` settles only if it is cancelled (as the page's own does, rejected).
      return { cancel: entry.cancel, finished: new Promise<Animation>(() => undefined) };
    },
  });
  return played;
}

function slider() {
  return screen.getByRole("slider", { name: "Compare the result with the original" });
}

function resultLayer() {
  return screen.getByTestId("compare-result-layer");
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, "animate");
});

describe("CompareSlider", () => {
  it("on a phone starts on the whole result, and says so", () => {
    screenIs({ phone: true, reducedMotion: true });
    render(<CompareSlider before={BEFORE} after={AFTER} />);
    expect(slider()).toHaveValue("100");
    expect(slider()).toHaveAttribute("aria-valuetext", "Result only");
    expect(resultLayer().style.clipPath).toBe("inset(0 0% 0 0)");
    expect(screen.getByRole("img", { name: "Result" })).toHaveAttribute("src", AFTER);
    expect(screen.getByRole("img", { name: "Original" })).toHaveAttribute("src", BEFORE);
    expect(screen.getByText("Slide to compare the result with the original")).toBeInTheDocument();
  });

  it("on a wider screen starts half and half", () => {
    screenIs({ phone: false });
    render(<CompareSlider before={BEFORE} after={AFTER} />);
    expect(slider()).toHaveValue("50");
    expect(slider()).toHaveAttribute("aria-valuetext", "50% result, 50% original");
    expect(resultLayer().style.clipPath).toBe("inset(0 50% 0 0)");
  });

  it("the range moves the divider to either end, and tells a screen reader where it is", () => {
    screenIs({ phone: true, reducedMotion: true });
    render(<CompareSlider before={BEFORE} after={AFTER} />);
    fireEvent.change(slider(), { target: { value: "30" } });
    expect(slider()).toHaveAttribute("aria-valuetext", "30% result, 70% original");
    expect(resultLayer().style.clipPath).toBe("inset(0 70% 0 0)");
    fireEvent.change(slider(), { target: { value: "0" } });
    expect(slider()).toHaveAttribute("aria-valuetext", "Original only");
    expect(resultLayer().style.clipPath).toBe("inset(0 100% 0 0)");
  });

  it("a new result starts over on the result", () => {
    screenIs({ phone: true, reducedMotion: true });
    const { rerender } = render(<CompareSlider before={BEFORE} after={AFTER} />);
    fireEvent.change(slider(), { target: { value: "10" } });
    rerender(<CompareSlider before={BEFORE} after={AFTER_AGAIN} />);
    expect(slider()).toHaveAttribute("aria-valuetext", "Result only");
    expect(screen.getByRole("img", { name: "Result" })).toHaveAttribute("src", AFTER_AGAIN);
  });

  it("on a phone shows once that it slides: the result glides back a little and returns; using it stops that", () => {
    screenIs({ phone: true });
    const played = recordAnimations();
    render(<CompareSlider before={BEFORE} after={AFTER} />);
    const onLayer = played.find((p) => p.element === resultLayer());
    expect(onLayer?.keyframes.map((k) => k.clipPath)).toEqual([
      "inset(0 0% 0 0)",
      "inset(0 18% 0 0)",
      "inset(0 0% 0 0)",
    ]);
    // The divider and its grip move with it; nothing changes the slider's value meanwhile.
    expect(played).toHaveLength(3);
    expect(slider()).toHaveAttribute("aria-valuetext", "Result only");
    fireEvent.change(slider(), { target: { value: "60" } });
    for (const p of played) expect(p.cancel).toHaveBeenCalled();
  });

  it("two versions of a photo are named by their own labels", () => {
    screenIs({ phone: false });
    render(<CompareSlider before={BEFORE} after={AFTER} labels={{ before: "Original", after: "Hulk 2" }} />);
    const range = screen.getByRole("slider", { name: "Compare Hulk 2 with Original" });
    expect(range).toHaveAttribute("aria-valuetext", "50% Hulk 2, 50% Original");
    expect(screen.getByRole("img", { name: "Hulk 2" })).toHaveAttribute("src", AFTER);
    expect(screen.getByRole("img", { name: "Original" })).toHaveAttribute("src", BEFORE);
    expect(screen.getByText("Slide to compare Hulk 2 with Original")).toBeInTheDocument();
    fireEvent.change(range, { target: { value: "100" } });
    expect(range).toHaveAttribute("aria-valuetext", "Hulk 2 only");
  });

  it("no peek for visitors who asked for less motion, nor on wider screens", () => {
    const played = recordAnimations();
    screenIs({ phone: true, reducedMotion: true });
    const { unmount } = render(<CompareSlider before={BEFORE} after={AFTER} />);
    unmount();
    screenIs({ phone: false });
    render(<CompareSlider before={BEFORE} after={AFTER} />);
    expect(played).toEqual([]);
  });
});

describe("compareValueText", () => {
  it("names both ends and the mix between", () => {
    expect(compareValueText(100)).toBe("Result only");
    expect(compareValueText(0)).toBe("Original only");
    expect(compareValueText(99)).toBe("99% result, 1% original");
  });

  it("names two versions by their labels", () => {
    const labels = { before: "Hulk", after: "Frog" };
    expect(compareValueText(100, labels)).toBe("Frog only");
    expect(compareValueText(0, labels)).toBe("Hulk only");
    expect(compareValueText(30, labels)).toBe("30% Frog, 70% Hulk");
  });
});
