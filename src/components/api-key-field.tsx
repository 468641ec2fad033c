import { useId, useState } from "react";
import { Eye, EyeOff, KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiKeyRemembered, setApiKey, useApiKey } from "@/lib/api-key";

/** Optional Gemini key (SPEC 2.15 hint); password-type, kept for the session unless remembered. */
export function ApiKeyField({ disabled }: { disabled?: boolean }) {
  const stored = useApiKey();
  const [remember, setRemember] = useState(isApiKeyRemembered);
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = useId();
  return (
    <details className="group rounded-lg border bg-card p-3 text-sm open:pb-4">
      <summary className="flex cursor-pointer list-none items-center gap-2 font-medium">
        <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
        Your own Gemini API key (optional){stored ? " - in use" : ""}
      </summary>
      <div className="mt-3 grid gap-2">
        <Label htmlFor={id}>Gemini API key</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            type={visible ? "text" : "password"}
            autoComplete="off"
            spellCheck={false}
            placeholder="Paste your key"
            value={stored}
            disabled={disabled}
            maxLength={200}
            aria-describedby={hintId}
            onChange={(e) => setApiKey(e.target.value, remember)}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? "Hide key" : "Show key"}
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
        </div>
        <p id={hintId} className="text-muted-foreground">
          Without a key, a default key with limited quota is used. Your key is sent only to Google, in a
          request header.
        </p>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={remember}
            disabled={disabled}
            onChange={(e) => {
              setRemember(e.target.checked);
              setApiKey(stored, e.target.checked);
            }}
          />
          Remember on this device
        </label>
      </div>
    </details>
  );
}
