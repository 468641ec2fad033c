/**
 * (Fetched on demand by animator-page.tsx when the first character arrives.) A character's Share and
 * "Edit with…": the still character goes on to a photo tool, not its animation; the versions of the
 * character (every character made since the page started, or since "Create New"); and the player of its
 * animation.
 */
import { EditWith } from "@/components/edit-with";
import { ShareButton } from "@/components/share-button";
import { ToolVersions } from "@/components/tool-versions";
import type { VersionsSource } from "@/hooks/use-tool-versions";
import { getTool } from "@/tools/registry";

export { AnimationPlayer } from "./animation-player";

export function CharacterActions({ image, busy }: { image: string; busy: boolean }) {
  return (
    <>
      <ShareButton
        content={{
          kind: "file",
          file: image,
          fileName: getTool("animator").downloadName,
          title: "Character Animator",
        }}
        disabled={busy}
      />
      <EditWith source={{ image, tool: "animator" }} disabled={busy} />
    </>
  );
}

/** The strip of the characters made: choosing one makes it the character shown and animated. */
export function CharacterVersions({ versions }: { versions: VersionsSource | null }) {
  return <ToolVersions versions={versions} />;
}
