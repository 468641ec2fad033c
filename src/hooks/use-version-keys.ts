/**
 * Stepping through the versions of a photo with the keyboard (the version strip,
 * src/components/version-strip.tsx): Ctrl/Cmd+Z goes back one version, Shift+Ctrl/Cmd+Z and Ctrl+Y
 * forward one, anywhere on the tool page but in a text field (which keeps its own undo) or a dialog.
 * The strip reads its own keys with the same functions; a page mounts `useVersionKeys` for the rest of it.
 */
import { useEffect } from "react";
import { announce } from "@/lib/announce";

/** What the keys need to know of a version (StripVersion has more). */
export type KeyedVersion = { id: string; label: string };

/** -1 for a step back, 1 for a step forward, 0 for any other key. */
export type VersionStep = -1 | 0 | 1;

/** Input types that are not typed into: Ctrl+Z there is ours, not the browser's text undo. */
const NOT_TYPED = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** Whether keys at `target` belong to something else: a text field (its own undo) or a dialog over the page. */
export function keysBelongElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("[role='dialog'], [role='alertdialog']")) return true;
  const field = target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])");
  if (!field) return false;
  return !(field instanceof HTMLInputElement && NOT_TYPED.has(field.type));
}

/** Ctrl/Cmd+Z: back; Shift+Ctrl/Cmd+Z or Ctrl+Y: forward (Cmd+Y is the browser's history on a Mac). */
export function versionStepForKey(
  e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
): VersionStep {
  if (e.altKey || !(e.ctrlKey || e.metaKey)) return 0;
  const key = e.key.toLowerCase();
  if (key === "z") return e.shiftKey ? 1 : -1;
  if (key === "y" && e.ctrlKey && !e.shiftKey) return 1;
  return 0;
}

/** The version `step` away from `fromId` in strip order (no wrapping), or null at either end. */
export function versionAt<V extends KeyedVersion>(
  versions: readonly V[],
  fromId: string,
  step: number,
): V | null {
  const index = versions.findIndex((v) => v.id === fromId);
  if (index < 0) return null;
  return versions[index + step] ?? null;
}

/** What is said when `id` is chosen without focus going to it: "Version 2 of 4: Hulk". */
export function versionMessage(versions: readonly KeyedVersion[], id: string): string {
  const index = versions.findIndex((v) => v.id === id);
  if (index < 0) return "";
  return `Version ${index + 1} of ${versions.length}: ${versions[index]!.label}`;
}

/** What is said when there is nothing further back or forward. */
export function noVersionMessage(step: VersionStep): string {
  return step < 0 ? "No earlier version" : "No later version";
}

export type VersionKeysOptions = {
  versions: readonly KeyedVersion[];
  chosenId: string;
  onChoose: (id: string) => void;
  /** Off while a run is going, or when the page has no versions to step through. */
  enabled?: boolean;
};

/**
 * Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) anywhere on the page choose the previous and the next
 * version, each said once through the announcer (focus stays where it is, so nothing else says it).
 * Keys already handled (the version strip's own, another copy of this hook) are left alone.
 */
export function useVersionKeys({ versions, chosenId, onChoose, enabled = true }: VersionKeysOptions): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || keysBelongElsewhere(e.target)) return;
      const step = versionStepForKey(e);
      if (step === 0) return;
      e.preventDefault();
      const next = versionAt(versions, chosenId, step);
      if (!next) {
        announce(noVersionMessage(step));
        return;
      }
      onChoose(next.id);
      // Each step is said, even back to the version said a moment ago.
      announce(versionMessage(versions, next.id), "polite", { again: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [chosenId, enabled, onChoose, versions]);
}
