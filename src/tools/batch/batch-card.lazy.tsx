/**
 * (Fetched on demand by batch-card.tsx with the first result of a batch.) A result's Share and
 * "Edit with…"; leaving for another tool would stop the run, so "Edit with…" is offered once it is over.
 */
import { EditWith } from "@/components/edit-with";
import { ShareButton } from "@/components/share-button";

export function ResultActions({ blob, name, running }: { blob: Blob; name: string; running: boolean }) {
  return (
    <>
      <ShareButton
        content={{ kind: "file", file: blob, fileName: name, title: "Batch Processing" }}
        size="sm"
        variant="outline"
        label={`Share ${name}`}
      />
      <EditWith
        source={{ image: blob, tool: "batch" }}
        size="sm"
        disabled={running}
        label={`Edit with… ${name}`}
      />
    </>
  );
}
