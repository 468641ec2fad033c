/**
 * "Choose area" and its mask editor (issue 29 §1), a part of its own (area-editor.lazy.tsx): fetched
 * once the page has a photo, so no tool's first load carries it.
 */
import { lazyPart } from "@/components/on-demand";
import type { AreaControlProps } from "./area-editor.lazy";

const Part = lazyPart<AreaControlProps>(() => import("./area-editor.lazy").then((m) => m.AreaControl));

/** The area control under a tool's photo; nothing while its code is on its way. */
export function AreaControl(props: AreaControlProps) {
  return <Part fallback={null} onFailed={() => undefined} {...props} />;
}
