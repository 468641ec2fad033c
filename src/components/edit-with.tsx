/**
 * "Edit with…" under an image result: a menu of the tools that take a photo; picking one opens that
 * tool with the result as its photo. Only results show it, so its code (the button and its menu,
 * edit-with.lazy.tsx) is fetched when the first one is shown: no page pays for it in its first load.
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

const EditWithMenu = lazyPart(() => import("./edit-with.lazy").then((m) => m.EditWithMenu));

/** The "Edit with…" button, in place a moment after its result (a failed fetch says so and tries again). */
export function EditWith(props: EditWithProps) {
  return <EditWithMenu fallback={null} onFailed={() => undefined} {...props} />;
}
