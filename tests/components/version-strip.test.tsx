/**
 * The version strip: every version of a photo named and the shown one marked; the arrow keys, Home and
 * End choose; Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z step anywhere but in a text field, each move said once;
 * deleting by its button or by key with Undo; comparing two versions; nothing changes while a run goes.
 */
import { useCallback, useState } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LiveAnnouncer } from "@/components/live-announcer";
import { VersionCompare } from "@/components/version-compare";
import { toastVersionDeleted } from "@/components/version-deleted-toast";
import { VersionStrip, type StripVersion } from "@/components/version-strip";
import { keysBelongElsewhere, useVersionKeys, versionStepForKey } from "@/hooks/use-version-keys";
import { listenToLiveRegions } from "../live-announce-kit";
import { stubMatchMedia } from "../media-query";

const picture = (name: string) => `data:image/png;base64,${btoa(name)}`;

const VERSIONS: StripVersion[] = [
  { id: "original", src: picture("original"), label: "Original", deletable: false },
  { id: "r1", src: picture("hulk"), label: "Hulk", deletable: true },
  { id: "r2", src: picture("hulk 2"), label: "Hulk 2", deletable: true },
  { id: "r3", src: picture("convert"), label: "Convert Anything", deletable: true },
];

type PageProps = {
  versions?: StripVersion[];
  chosen?: string;
  disabled?: boolean;
  onChoose?: (id: string) => void;
  onDelete?: (id: string) => void;
};

/** A tool page as one would use the strip: its state, the page-wide keys, a text field, Undo. */
function Page({ versions: first = VERSIONS, chosen = "r2", disabled = false, ...spies }: PageProps) {
  const [versions, setVersions] = useState(first);
  const [chosenId, setChosenId] = useState(chosen);
  const [compareId, setCompareId] = useState<string | null>(null);
  const { onChoose: chooseSpy, onDelete: deleteSpy } = spies;
  const onChoose = useCallback(
    (id: string) => {
      chooseSpy?.(id);
      setChosenId(id);
    },
    [chooseSpy],
  );
  useVersionKeys({ versions, chosenId, onChoose, enabled: !disabled });
  function onDelete(id: string) {
    deleteSpy?.(id);
    const index = versions.findIndex((v) => v.id === id);
    const gone = versions[index]!;
    setVersions(versions.filter((v) => v.id !== id));
    if (chosenId === id) setChosenId(versions[index - 1]!.id);
    toastVersionDeleted(gone.label, () => setVersions((now) => now.toSpliced(index, 0, gone)));
  }
  return (
    <>
      <LiveAnnouncer />
      <Toaster />
      <label>
        What to change
        <textarea />
      </label>
      <VersionCompare versions={versions} chosenId={chosenId} compareId={compareId} />
      <VersionStrip
        versions={versions}
        chosenId={chosenId}
        onChoose={onChoose}
        onDelete={onDelete}
        compareId={compareId}
        onCompare={setCompareId}
        disabled={disabled}
      />
    </>
  );
}

const live = listenToLiveRegions();

beforeAll(() => {
  // Sonner's toasts capture the pointer when pressed (Undo); jsdom lacks it.
  Element.prototype.setPointerCapture ??= () => {};
});

afterEach(() => {
  // Unmounted before the kit empties the regions (after hooks run last-registered first), so nothing
  // renders outside act.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function strip() {
  return screen.getByRole("list", { name: "Versions" });
}

/** The version buttons, by name, in strip order. */
function versionNames() {
  return within(strip())
    .getAllByRole("button")
    .filter((button) => !button.getAttribute("aria-label")?.startsWith("Delete "))
    .map((button) => button.getAttribute("aria-label"));
}

function version(name: string) {
  return within(strip()).getByRole("button", { name });
}

function shown() {
  return within(strip())
    .getAllByRole("button")
    .filter((button) => button.getAttribute("aria-current") === "true")
    .map((button) => button.getAttribute("aria-label"));
}

describe("VersionStrip", () => {
  it("names every version, the original first, marks the shown one, and has one tab stop", () => {
    render(<Page />);
    expect(within(strip()).getAllByRole("listitem")).toHaveLength(4);
    expect(versionNames()).toEqual(["Original", "Hulk", "Hulk 2", "Convert Anything"]);
    expect(shown()).toEqual(["Hulk 2"]);
    // Each thumbnail is the version's picture; its name is the button's.
    const thumbnails = strip().querySelectorAll("img");
    expect([...thumbnails].map((img) => img.getAttribute("src"))).toEqual(VERSIONS.map((v) => v.src));
    expect([...thumbnails].every((img) => img.getAttribute("alt") === "")).toBe(true);
    // Every result can be deleted, the original cannot.
    expect(
      within(strip())
        .getAllByRole("button", { name: /^Delete / })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Delete Hulk", "Delete Hulk 2", "Delete Convert Anything"]);
    expect(version("Hulk 2")).toHaveAttribute("aria-keyshortcuts", "Delete");
    expect(version("Original")).not.toHaveAttribute("aria-keyshortcuts");
    // Tab reaches the shown version and its Delete button, no other.
    const tabStops = within(strip())
      .getAllByRole("button")
      .filter((button) => button.tabIndex === 0);
    expect(tabStops).toEqual([version("Hulk 2"), screen.getByRole("button", { name: "Delete Hulk 2" })]);
    expect(screen.getByRole("button", { name: "Compare" })).toHaveAttribute("aria-pressed", "false");
  });

  it("a richer description is the screen-reader name", () => {
    const described = VERSIONS.map((v, i) => ({
      ...v,
      description: `Version ${i + 1} of 4, ${v.label}, made 10:4${i}`,
    }));
    render(<Page versions={described} />);
    expect(version("Version 3 of 4, Hulk 2, made 10:42")).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "Delete Hulk 2" })).toBeInTheDocument();
  });

  it("Left, Right, Home and End choose and take focus along, said by the focus alone", async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(<Page onChoose={onChoose} />);
    await user.click(screen.getByRole("textbox"));
    await user.tab();
    await user.tab();
    expect(version("Hulk 2")).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(shown()).toEqual(["Convert Anything"]);
    expect(version("Convert Anything")).toHaveFocus();
    // The last one: nowhere further, nothing changes.
    await user.keyboard("{ArrowRight}");
    expect(version("Convert Anything")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(shown()).toEqual(["Hulk 2"]);
    await user.keyboard("{Home}");
    expect(shown()).toEqual(["Original"]);
    expect(version("Original")).toHaveFocus();
    await user.keyboard("{End}");
    expect(shown()).toEqual(["Convert Anything"]);
    expect(version("Convert Anything")).toHaveFocus();
    expect(onChoose.mock.calls.map(([id]) => id)).toEqual(["r3", "r2", "original", "r3"]);
    // The focused button says each move; the live regions add nothing.
    expect(live.said()).toEqual([]);
    // The tab stop follows.
    expect(version("Convert Anything").tabIndex).toBe(0);
    expect(version("Hulk 2").tabIndex).toBe(-1);
  });

  it("Ctrl+Z steps back and Shift+Ctrl+Z (Cmd on a Mac, or Ctrl+Y) forward anywhere on the page, each said once", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.keyboard("{Control>}z{/Control}");
    expect(shown()).toEqual(["Hulk"]);
    expect(live.said()).toEqual(["Version 2 of 4: Hulk"]);

    await user.keyboard("{Meta>}z{/Meta}");
    expect(shown()).toEqual(["Original"]);
    // The first: nothing further back, and that is said.
    await user.keyboard("{Control>}z{/Control}");
    expect(shown()).toEqual(["Original"]);

    await user.keyboard("{Shift>}{Control>}z{/Control}{/Shift}");
    expect(shown()).toEqual(["Hulk"]);
    await user.keyboard("{Shift>}{Meta>}z{/Meta}{/Shift}");
    expect(shown()).toEqual(["Hulk 2"]);
    await user.keyboard("{Control>}y{/Control}");
    expect(shown()).toEqual(["Convert Anything"]);
    expect(live.said()).toEqual([
      "Version 2 of 4: Hulk",
      "Version 1 of 4: Original",
      "No earlier version",
      "Version 2 of 4: Hulk",
      "Version 3 of 4: Hulk 2",
      "Version 4 of 4: Convert Anything",
    ]);
  });

  it("in a text field Ctrl+Z is the field's own undo", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole("textbox"));
    await user.keyboard("{Control>}z{/Control}{Shift>}{Control>}z{/Control}{/Shift}{Control>}y{/Control}");
    expect(shown()).toEqual(["Hulk 2"]);
    expect(live.said()).toEqual([]);
  });

  it("Ctrl+Z on a version steps once (the strip's keys and the page's are one), focus going along", async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(<Page onChoose={onChoose} />);
    await user.click(screen.getByRole("textbox"));
    await user.tab();
    await user.tab();
    await user.keyboard("{Control>}z{/Control}");
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual(["Hulk"]);
    expect(version("Hulk")).toHaveFocus();
    expect(live.said()).toEqual([]);
  });

  it("a version pressed with a key is said once; clicked with the pointer, it is seen", async () => {
    const user = userEvent.setup();
    render(<Page />);
    // A keyboard's or a screen reader's press is a click with no pointer (detail 0).
    fireEvent.click(version("Hulk"), { detail: 0 });
    expect(shown()).toEqual(["Hulk"]);
    await waitFor(() => expect(live.said()).toEqual(["Version 2 of 4: Hulk"]));
    await user.click(version("Original"));
    expect(shown()).toEqual(["Original"]);
    expect(live.said()).toEqual(["Version 2 of 4: Hulk"]);
  });

  it("the shown version is scrolled into the strip, at once when less motion is asked for", async () => {
    const user = userEvent.setup();
    stubMatchMedia((query) => query.includes("reduced-motion"));
    const scrollBy = vi.fn();
    Object.defineProperty(HTMLElement.prototype, "scrollBy", { configurable: true, value: scrollBy });
    // The strip is 200 px wide; each version 80 px, one after another.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const index = [...(this.parentElement?.children ?? [])].indexOf(this);
      const left = this.tagName === "LI" ? index * 88 : 0;
      const width = this.tagName === "LI" ? 80 : 200;
      return DOMRect.fromRect({ x: left, y: 0, width, height: 100 });
    });
    try {
      render(<Page chosen="original" />);
      expect(scrollBy).not.toHaveBeenCalled();
      await user.keyboard("{Control>}y{/Control}{Control>}y{/Control}");
      // Hulk (88 to 168 px) was in view; Hulk 2 ends at 256 px, 56 px past the strip's 200: 8 px more of room.
      expect(scrollBy).toHaveBeenLastCalledWith({ left: 64, behavior: "auto" });
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, "scrollBy");
    }
  });

  it("deletes by its button, and Undo in the toast brings it back", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Page onDelete={onDelete} />);
    await user.click(screen.getByRole("button", { name: "Delete Hulk" }));
    expect(onDelete).toHaveBeenCalledWith("r1");
    expect(versionNames()).toEqual(["Original", "Hulk 2", "Convert Anything"]);
    expect(await screen.findByText("Version deleted")).toBeInTheDocument();
    expect(screen.getByText("Hulk", { selector: "[data-description]" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(versionNames()).toEqual(["Original", "Hulk", "Hulk 2", "Convert Anything"]);
    expect(shown()).toEqual(["Hulk 2"]);
  });

  it("Delete or Backspace on a version deletes it; focus stays in the strip; the original stays", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Page onDelete={onDelete} />);
    await user.click(screen.getByRole("textbox"));
    await user.tab();
    await user.tab();
    await user.keyboard("{Delete}");
    expect(onDelete).toHaveBeenLastCalledWith("r2");
    expect(versionNames()).toEqual(["Original", "Hulk", "Convert Anything"]);
    // The page showed the one before; focus went with it.
    expect(version("Hulk")).toHaveFocus();
    expect(await screen.findByText("Version deleted")).toBeInTheDocument();

    await user.keyboard("{Backspace}");
    expect(onDelete).toHaveBeenLastCalledWith("r1");
    expect(version("Original")).toHaveFocus();
    await user.keyboard("{Delete}");
    expect(onDelete).toHaveBeenCalledTimes(2);
    expect(versionNames()).toEqual(["Original", "Convert Anything"]);
  });

  it("Compare: the next version pressed is compared with the shown one, both marked, in the slider", async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(<Page onChoose={onChoose} />);
    const toggle = screen.getByRole("button", { name: "Compare" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Pick a version to compare with Hulk 2.")).toBeInTheDocument();
    expect(live.said()).toEqual(["Pick a version to compare with Hulk 2"]);

    await user.click(version("Original"));
    expect(onChoose).not.toHaveBeenCalled();
    expect(shown()).toEqual(["Hulk 2, shown"]);
    expect(version("Original, compared")).not.toHaveAttribute("aria-current");
    expect(screen.getByText("Comparing Hulk 2 with Original.")).toBeInTheDocument();
    expect(live.times(/^Comparing Hulk 2 with Original$/)).toBe(1);
    const slider = await screen.findByRole("slider", { name: "Compare Hulk 2 with Original" });
    expect(slider).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Hulk 2" })).toHaveAttribute("src", picture("hulk 2"));
    expect(screen.getByRole("img", { name: "Original" })).toHaveAttribute("src", picture("original"));

    // After that, a press chooses again; the comparison stays.
    await user.click(version("Hulk"));
    expect(shown()).toEqual(["Hulk, shown"]);
    expect(await screen.findByRole("slider", { name: "Compare Hulk with Original" })).toBeInTheDocument();

    // The toggle ends it.
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
    expect(versionNames()).toEqual(["Original", "Hulk", "Hulk 2", "Convert Anything"]);
  });

  it("Compare by keyboard: the arrows move without choosing, Enter picks, Escape ends it", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole("textbox"));
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Compare" })).toHaveAttribute("aria-pressed", "true");
    await user.tab();
    expect(version("Hulk 2, shown")).toHaveFocus();
    // The shown one cannot be compared with itself.
    await user.keyboard("{Enter}");
    expect(live.said()).toContain("Hulk 2 is shown: pick another version to compare with it");
    await user.keyboard("{Home}");
    expect(version("Original")).toHaveFocus();
    expect(shown()).toEqual(["Hulk 2, shown"]);
    await user.keyboard("{Enter}");
    expect(version("Original, compared")).toHaveFocus();
    expect(await screen.findByRole("slider", { name: "Compare Hulk 2 with Original" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Compare" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
    expect(live.times(/^Stopped comparing$/)).toBe(1);
  });

  it("while a run goes nothing changes: not by press, key, Delete or Compare; it says why", async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    const onDelete = vi.fn();
    render(<Page disabled onChoose={onChoose} onDelete={onDelete} />);
    expect(screen.getByText("Versions can be changed once this run finishes.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Compare" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete Hulk" })).toBeDisabled();
    for (const name of versionNames()) {
      expect(version(name!)).toHaveAttribute("aria-disabled", "true");
    }
    expect(version("Hulk 2")).toHaveAccessibleDescription("Versions can be changed once this run finishes.");

    await user.click(version("Hulk"));
    await user.keyboard("{Control>}z{/Control}");
    // Still reachable to look through (and scroll): the arrows move, without choosing.
    await user.click(screen.getByRole("textbox"));
    await user.tab();
    expect(version("Hulk 2")).toHaveFocus();
    await user.keyboard("{ArrowLeft}{Delete}{Control>}z{/Control}");
    expect(version("Hulk")).toHaveFocus();
    expect(onChoose).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
    expect(shown()).toEqual(["Hulk 2"]);
    expect(live.said()).toEqual([]);
  });
});

describe("VersionCompare", () => {
  it("renders nothing unless two different versions are given", () => {
    const { container, rerender } = render(
      <VersionCompare versions={VERSIONS} chosenId="r2" compareId={null} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<VersionCompare versions={VERSIONS} chosenId="r2" compareId="r2" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<VersionCompare versions={VERSIONS} chosenId="r2" compareId="gone" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("useVersionKeys' keys", () => {
  it("reads Ctrl/Cmd+Z as back, Shift with it or Ctrl+Y as forward, nothing else", () => {
    const key = (
      key: string,
      mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>>,
    ) => versionStepForKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key("z", { ctrlKey: true })).toBe(-1);
    expect(key("z", { metaKey: true })).toBe(-1);
    expect(key("Z", { ctrlKey: true, shiftKey: true })).toBe(1);
    expect(key("Z", { metaKey: true, shiftKey: true })).toBe(1);
    expect(key("y", { ctrlKey: true })).toBe(1);
    // Cmd+Y is the browser's history on a Mac; Alt and plain letters are someone else's.
    expect(key("y", { metaKey: true })).toBe(0);
    expect(key("z", { ctrlKey: true, altKey: true })).toBe(0);
    expect(key("z", {})).toBe(0);
  });

  it("leaves text fields and dialogs alone, not buttons, checkboxes or sliders", () => {
    document.body.innerHTML = `
      <input id="text" /><input id="search" type="search" /><textarea id="area"></textarea>
      <div id="editable" contenteditable="true"></div>
      <div role="dialog"><button id="in-dialog">OK</button></div>
      <button id="button">Go</button><input id="check" type="checkbox" /><input id="range" type="range" />`;
    const at = (id: string) => keysBelongElsewhere(document.getElementById(id));
    expect(["text", "search", "area", "editable", "in-dialog"].map(at)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["button", "check", "range"].map(at)).toEqual([false, false, false]);
    expect(keysBelongElsewhere(document.body)).toBe(false);
  });

  it("does nothing when not enabled", () => {
    const onChoose = vi.fn();
    function Keys({ enabled }: { enabled: boolean }) {
      useVersionKeys({ versions: VERSIONS, chosenId: "r2", onChoose, enabled });
      return null;
    }
    const { rerender } = render(<Keys enabled={false} />);
    act(() => {
      fireEvent.keyDown(document.body, { key: "z", ctrlKey: true });
    });
    expect(onChoose).not.toHaveBeenCalled();
    rerender(<Keys enabled />);
    fireEvent.keyDown(document.body, { key: "z", ctrlKey: true });
    expect(onChoose).toHaveBeenCalledWith("r1");
  });
});
