/**
 * (Fetched on demand by animator-page.tsx when the first character arrives.) A character's Share and
 * "Edit with…": the still character goes on to a photo tool, not its animation.
 */
import { EditWith } from "@/components/edit-with";
import { ShareButton } from "@/components/share-button";
import { getTool } from "@/tools/registry";

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
