/**
 * The versions of a tool's photo, under its result: the original first, then every result made from it,
 * oldest to newest, so an earlier result is never lost. Driven only by props: the page keeps the
 * versions, which one is shown, and what is compared with it (and mounts useVersionKeys,
 * src/hooks/use-version-keys.ts, for Ctrl/Cmd+Z anywhere on it). Choosing, comparing or deleting a
 * version counts nothing: this component never touches usage.
 *
 * The pattern: a list of buttons with a roving tabindex (one tab stop, Left/Right/Home/End between the
 * versions), the shown one with aria-current. Not a listbox: every version has its own Delete button,
 * and an option may contain no control (axe's nested-interactive; its children are presentational, so a
 * screen reader would never find the button). A list of buttons is also what screen readers in browse
 * mode read best: each version is a plain button with its position in the list ("2 of 4"), and Enter
 * on any of them chooses it without the arrow keys.
 *
 * What is said: a move that takes focus to a version (the arrow keys, Home, End, Ctrl+Z inside the strip)
 * is said by the screen reader reading the focused button, so nothing else says it; a choice made where
 * focus already is (Enter on a version) or away from the strip (useVersionKeys) is said once through the
 * announcer ("Version 2 of 4: Hulk").
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { Check, Columns2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePrefersReducedMotion } from "@/hooks/use-reduced-motion";
import { noVersionMessage, versionAt, versionMessage, versionStepForKey } from "@/hooks/use-version-keys";
import { announce } from "@/lib/announce";
import { cn } from "@/lib/utils";

export type StripVersion = {
  /** "original" for the photo itself, else the saved result's id. */
  id: string;
  /** An image URL (object or data URL) shown as the thumbnail. */
  src: string;
  /** Short and visible: "Original", "Hulk", "Hulk 2", "Convert Anything". */
  label: string;
  /**
   * The screen-reader name if richer than the label, e.g. "Version 2 of 4, Hulk, made 10:42" (it must
   * contain the label: what is seen is what is named).
   */
  description?: string;
  /** False for the original. */
  deletable: boolean;
  /** Made by changing an area of the photo only (a region edit, issue 29): marked "Area" on it. */
  area?: boolean;
};

export type VersionStripProps = {
  /** The original first, then oldest to newest. */
  versions: readonly StripVersion[];
  chosenId: string;
  onChoose: (id: string) => void;
  /**
   * Deletes one version: the page removes it from `versions` (choosing another if it was shown, ending
   * the comparison if it was compared) and offers Undo with toastVersionDeleted
   * (src/components/version-deleted-toast.ts).
   */
  onDelete: (id: string) => void;
  /** The version compared with the chosen one, or null when not comparing. */
  compareId: string | null;
  onCompare: (id: string | null) => void;
  /**
   * While a run is going: choosing, deleting and comparing are off (the run's result joins the strip and
   * is shown when it comes, which would overrule a choice made meanwhile); the strip stays in view and
   * scrolls, and says why. Pass the same to useVersionKeys' `enabled` (negated).
   */
  disabled?: boolean;
  className?: string;
};

/** Scrolls the strip sideways (never the page) until `item` is in it, with a little room either side. */
function scrollIntoStrip(scroller: HTMLElement, item: HTMLElement, behavior: ScrollBehavior) {
  const box = scroller.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  const room = 8;
  let by = 0;
  if (rect.left < box.left) by = rect.left - box.left - room;
  else if (rect.right > box.right) by = rect.right - box.right + room;
  if (by !== 0 && typeof scroller.scrollBy === "function") scroller.scrollBy({ left: by, behavior });
}

/** The version strip (see the file's comment). Renders nothing without versions. */
export function VersionStrip({
  versions,
  chosenId,
  onChoose,
  onDelete,
  compareId,
  onCompare,
  disabled = false,
  className,
}: VersionStripProps) {
  const reducedMotion = usePrefersReducedMotion();
  const titleId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** Compare is on and the next version pressed is the one to compare with. */
  const [picking, setPicking] = useState(false);
  /** Where focus is while picking or while a run goes (the arrow keys then move without choosing). */
  const [roamId, setRoamId] = useState<string | null>(null);
  /** A version just deleted, and its place: focus goes back into the strip once it is gone. */
  const deletedRef = useRef<{ id: string; index: number } | null>(null);
  const scrolledOnce = useRef(false);

  // A run that starts ends any picking; focus moves start again from the shown version either way.
  const [wasDisabled, setWasDisabled] = useState(disabled);
  if (wasDisabled !== disabled) {
    setWasDisabled(disabled);
    setRoamId(null);
    if (disabled) setPicking(false);
  }
  // Nothing left to compare with (the others deleted): picking ends too.
  if (picking && versions.length < 2) setPicking(false);

  const has = (id: string | null) => id !== null && versions.some((v) => v.id === id);
  const chosen = versions.find((v) => v.id === chosenId);
  const compared = compareId === null ? undefined : versions.find((v) => v.id === compareId);
  const comparing = picking || compared !== undefined;
  const roaming = picking || disabled;
  const tabStopId = roaming && has(roamId) ? roamId : chosen ? chosen.id : (versions[0]?.id ?? null);

  function focusVersion(id: string) {
    const button = buttons.current.get(id);
    if (!button) return;
    button.focus({ preventScroll: true });
    if (scrollerRef.current && button.parentElement) {
      scrollIntoStrip(scrollerRef.current, button.parentElement, reducedMotion ? "auto" : "smooth");
    }
  }

  // The shown version scrolled into the strip: at once the first time, then smoothly (unless less motion).
  useEffect(() => {
    const item = buttons.current.get(chosenId)?.parentElement;
    if (!scrollerRef.current || !item) return;
    scrollIntoStrip(scrollerRef.current, item, scrolledOnce.current && !reducedMotion ? "smooth" : "auto");
    scrolledOnce.current = true;
    // Only a new choice, or a version more or less, moves the strip (not every render of the page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenId, versions.length]);

  // Focus in the strip follows the shown version (Ctrl+Z while on a version); after a delete, once the
  // version is gone, focus goes to the shown version, or the one that took the deleted one's place.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const active = document.activeElement;
    const deleted = deletedRef.current;
    if (deleted && !has(deleted.id)) {
      deletedRef.current = null;
      if (active && active !== document.body && !list.contains(active)) return;
      const target = tabStopId ?? versions[Math.min(deleted.index, versions.length - 1)]?.id;
      if (target) focusVersion(target);
      return;
    }
    if (picking || !list.contains(active) || !chosen) return;
    if (active !== buttons.current.get(chosen.id)) focusVersion(chosen.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenId, versions]);

  // A comparison with a version that is gone, or with itself, ends.
  useEffect(() => {
    if (compareId !== null && (compareId === chosenId || !has(compareId))) onCompare(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [compareId, chosenId, versions]);

  function endComparing() {
    setPicking(false);
    if (compareId !== null) onCompare(null);
  }

  // Escape anywhere on the page ends comparing (focus is elsewhere, so it is said).
  const comparingNow = comparing && !disabled;
  useEffect(() => {
    if (!comparingNow) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      // Escape in a dialog closes the dialog, not the comparison behind it.
      if (e.target instanceof Element && e.target.closest("[role='dialog'], [role='alertdialog']")) return;
      setPicking(false);
      if (compareId !== null) onCompare(null);
      // On the toggle, its pressed state going off is heard; elsewhere this says it.
      if (e.target !== toggleRef.current) announce("Stopped comparing");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [comparingNow, compareId, onCompare]);

  if (versions.length === 0) return null;

  /** Goes to `id` by key: chooses it (or, while picking or running, only moves there) and focuses it. */
  function goTo(id: string) {
    if (roaming) setRoamId(id);
    else if (id !== chosenId) onChoose(id);
    focusVersion(id);
  }

  function press(version: StripVersion, e: MouseEvent) {
    if (disabled) return;
    // Pressed with a key (or a screen reader's click): focus was already there, so the change is said.
    const byKey = e.detail === 0;
    if (picking) {
      if (version.id === chosenId) {
        announce(`${version.label} is shown: pick another version to compare with it`);
        return;
      }
      setPicking(false);
      onCompare(version.id);
      announce(`Comparing ${chosen?.label ?? ""} with ${version.label}`);
      return;
    }
    if (version.id === chosenId) return;
    onChoose(version.id);
    if (byKey) announce(versionMessage(versions, version.id), "polite", { again: true });
  }

  function remove(version: StripVersion) {
    if (disabled || !version.deletable) return;
    deletedRef.current = { id: version.id, index: versions.findIndex((v) => v.id === version.id) };
    onDelete(version.id);
  }

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    if (e.defaultPrevented) return;
    const step = versionStepForKey(e);
    if (step !== 0) {
      if (disabled) return;
      e.preventDefault();
      const next = versionAt(versions, chosenId, step);
      if (!next) {
        announce(noVersionMessage(step));
        return;
      }
      if (picking) setRoamId(next.id);
      onChoose(next.id);
      focusVersion(next.id);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const id = (e.target as Element).closest<HTMLElement>("[data-version-id]")?.dataset.versionId;
    const index = versions.findIndex((v) => v.id === id);
    if (index < 0) return;
    const target = {
      ArrowLeft: versions[index - 1],
      ArrowRight: versions[index + 1],
      Home: versions[0],
      End: versions[versions.length - 1],
    }[e.key];
    if (e.key in { ArrowLeft: 1, ArrowRight: 1, Home: 1, End: 1 }) {
      e.preventDefault();
      if (target) goTo(target.id);
      return;
    }
    if ((e.key === "Delete" || e.key === "Backspace") && !e.shiftKey) {
      e.preventDefault();
      remove(versions[index]!);
    }
  }

  function toggleCompare() {
    if (comparing) {
      // The toggle has focus: its pressed state going off is what is heard.
      endComparing();
      return;
    }
    setPicking(true);
    setRoamId(null);
    if (chosen) announce(`Pick a version to compare with ${chosen.label}`);
  }

  const hint = disabled
    ? "Versions can be changed once this run finishes."
    : picking
      ? `Pick a version to compare with ${chosen?.label ?? "this one"}.`
      : compared && chosen
        ? `Comparing ${chosen.label} with ${compared.label}.`
        : null;

  return (
    <div data-slot="version-strip" className={cn("min-w-0 space-y-2", className)}>
      {/* Phones: the title and Compare, the hint under them; wider: the hint beside Compare. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm font-medium">
          <span id={titleId}>Versions</span>{" "}
          <span className="text-muted-foreground" aria-hidden="true">
            ({versions.length})
          </span>
        </p>
        {hint && (
          <p
            id={hintId}
            className="order-last w-full text-xs text-muted-foreground md:order-none md:ml-auto md:w-auto"
          >
            {hint}
          </p>
        )}
        <Button
          ref={toggleRef}
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={comparing}
          onClick={toggleCompare}
          disabled={disabled || versions.length < 2}
          className={cn(
            "ml-auto pointer-coarse:h-11 aria-pressed:border-primary aria-pressed:bg-accent aria-pressed:text-accent-foreground",
            hint && "md:ml-0",
          )}
        >
          <Columns2 aria-hidden="true" />
          Compare
        </Button>
      </div>
      {/* Room around the row, so focus rings are not cut off by the sideways scroll. */}
      <div ref={scrollerRef} className="overflow-x-auto overscroll-x-contain p-1 [scrollbar-width:thin]">
        <ul
          ref={listRef}
          role="list"
          aria-labelledby={titleId}
          onKeyDown={onKeyDown}
          className="flex w-max gap-2"
        >
          {versions.map((version) => {
            const isChosen = version.id === chosenId;
            const isCompared = version.id === compared?.id;
            const mark = comparing && isChosen ? "shown" : isCompared ? "compared" : null;
            const tabIndex = version.id === tabStopId ? 0 : -1;
            return (
              <li key={version.id} data-version-id={version.id} className="group relative shrink-0">
                <button
                  type="button"
                  ref={(button) => {
                    if (button) buttons.current.set(version.id, button);
                    else buttons.current.delete(version.id);
                  }}
                  tabIndex={tabIndex}
                  aria-label={`${version.description ?? version.label}${version.area ? ", area" : ""}${mark ? `, ${mark}` : ""}`}
                  aria-current={isChosen ? "true" : undefined}
                  aria-keyshortcuts={version.deletable ? "Delete" : undefined}
                  aria-describedby={picking || disabled ? hintId : undefined}
                  // Still focusable while a run goes (its name, and the scroll), not pressable.
                  aria-disabled={disabled || undefined}
                  onClick={(e) => press(version, e)}
                  className={cn(
                    "flex w-18 flex-col items-center gap-1 rounded-lg p-1 text-xs transition-colors outline-none md:w-22",
                    "hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    "aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent",
                    isChosen &&
                      "bg-accent hover:bg-accent aria-disabled:hover:bg-accent dark:bg-accent/60 dark:hover:bg-accent/60",
                  )}
                >
                  <span
                    className={cn(
                      "relative block size-16 overflow-hidden rounded-md bg-muted md:size-20",
                      isChosen
                        ? "border-2 border-primary"
                        : isCompared
                          ? "border-2 border-dashed border-foreground/70"
                          : "border",
                    )}
                  >
                    <img
                      src={version.src}
                      alt=""
                      draggable={false}
                      decoding="async"
                      className="size-full object-cover select-none"
                    />
                    {version.area && (
                      <span
                        aria-hidden="true"
                        className="absolute bottom-0.5 left-0.5 rounded bg-background/90 px-1 text-[10px] leading-4 font-medium text-foreground"
                      >
                        Area
                      </span>
                    )}
                  </span>
                  <span
                    className={cn(
                      "w-full truncate text-center",
                      isChosen ? "font-semibold text-foreground" : "text-muted-foreground",
                    )}
                  >
                    {version.label}
                  </span>
                </button>
                {/* The marks on the thumbnail, outside the button: what they say is in its name already
                    (as its state, after the label, so the name still holds the words that are seen). */}
                {(isChosen || isCompared) && (
                  <span
                    aria-hidden="true"
                    className={cn(
                      "pointer-events-none absolute top-1 left-1/2 size-16 -translate-x-1/2 md:size-20",
                      disabled && "opacity-50",
                    )}
                  >
                    {isChosen ? (
                      <span className="absolute bottom-1 left-1/2 inline-flex h-5 min-w-5 -translate-x-1/2 items-center justify-center gap-0.5 rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground shadow-[0_0_0_2px_var(--background)]">
                        <Check className="size-3.5" strokeWidth={3} />
                        {comparing && "Shown"}
                      </span>
                    ) : (
                      <span className="absolute bottom-1 left-1/2 inline-flex h-5 -translate-x-1/2 items-center rounded-full bg-foreground px-1 text-[10px] leading-none font-semibold text-background shadow-[0_0_0_2px_var(--background)]">
                        Compared
                      </span>
                    )}
                  </span>
                )}
                {version.deletable && (
                  <button
                    type="button"
                    tabIndex={tabIndex}
                    aria-label={`Delete ${version.label}`}
                    disabled={disabled}
                    onClick={() => remove(version)}
                    className={cn(
                      "absolute -top-1 -right-1 flex size-6 items-center justify-center rounded-full border bg-background text-foreground shadow-sm outline-none",
                      "opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100 pointer-coarse:size-7 pointer-coarse:opacity-100",
                      "hover:border-destructive hover:bg-destructive hover:text-destructive-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      "disabled:pointer-events-none disabled:opacity-0",
                    )}
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
