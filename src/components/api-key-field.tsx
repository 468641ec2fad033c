/** The optional Gemini API key field under a tool, its inside loaded when it first opens. */
import { useState } from "react";
import { KeyRound } from "lucide-react";
import { lazyPart } from "@/components/on-demand";
import { useApiKey } from "@/lib/api-key";
import { useUser } from "@/lib/auth";

/**
 * Optional Gemini key (SPEC 2.15 hint), password-type: the signed-in account's own, kept for this tab
 * unless remembered, and removed at sign-out. Nobody signed in: nothing to type into.
 */
export function ApiKeyField({ disabled }: { disabled?: boolean }) {
  const userId = useUser()?.id ?? null;
  const stored = useApiKey();
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-lg border bg-card p-3 text-sm open:pb-4"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        className="flex cursor-pointer list-none items-center gap-2 font-medium"
        onPointerEnter={KeyFieldBody.preload}
        onFocus={KeyFieldBody.preload}
      >
        <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
        Your own Gemini API key (optional){stored ? " - in use" : ""}
      </summary>
      {open && (
        <KeyFieldBody
          // Another account (or none) starts from its own "remember", not the previous one's.
          key={userId ?? ""}
          fallback={<p className="mt-3 text-muted-foreground">Loading...</p>}
          onFailed={() => setOpen(false)}
          userId={userId}
          disabled={disabled}
        />
      )}
    </details>
  );
}

/**
 * The field itself (input, show/hide, "remember" and where the key goes) is a chunk of its own, fetched
 * when the disclosure is first opened (or hovered or focused): most visitors never open it, and every
 * tool page would otherwise carry it in its first load.
 */
const KeyFieldBody = lazyPart(() => import("./api-key-field.lazy").then((m) => m.ApiKeyFieldBody));
