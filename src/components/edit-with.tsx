/**
 * "Edit with…" under an image result: a menu of the tools that take a photo; picking one opens that
 * tool with the result as its photo. Only results show it, so its code is fetched when the first one
 * is shown (the button, edit-with-button.tsx) and when the button is approached or pressed (the menu,
 * edit-with-menu.tsx): no page pays for it in its first load.
 */
import { lazyPart } from "@/components/on-demand";
import type { EditWithSource } from "@/lib/creations";

export type EditWithProps = {
  source: EditWithSource;
  disabled?: boolean;
  size?: "default" | "sm";
  /** The accessible name where several results show one each ("Edit with… holiday.png"). */
  label?: string;
};

const EditWithButton = lazyPart(() => import("./edit-with-button").then((m) => m.EditWithButton));

/** The "Edit with…" button, in place a moment after its result (a failed fetch says so and tries again). */
export function EditWith(props: EditWithProps) {
  return <EditWithButton fallback={null} onFailed={() => undefined} {...props} />;
}
