/** The inside of the API key field: the key itself, remembering it, and where a typed key goes. */
import { useId, useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiKeyRemembered, setApiKey, useApiKey } from "@/lib/api-key";
import { geminiBaseUrl, typedKeyGoesToGoogle } from "@/lib/gemini/target";

/** The one sentence the field shows: what happens without a key. */
export function apiKeySummary(): string {
  return import.meta.env.VITE_AI_MODE === "hosted"
    ? "Optional: without a key, the app's own AI service makes your pictures."
    : "Optional: without a key, the app's shared key is used, which can run out.";
}

/**
 * Behind "More": where a typed key goes and how its conversions are counted: straight from this
 * browser to Google (or to the AI service VITE_GEMINI_BASE_URL names); in hosted mode they still count
 * towards the plan, counted in this browser (the server never sees them).
 */
export function apiKeyDetails(): string {
  let where = "Google";
  if (!typedKeyGoesToGoogle()) {
    let host = "";
    try {
      host = ` (${new URL(geminiBaseUrl()).host})`;
    } catch {
      // Not a URL: the app's start-up check says so.
    }
    where = `the configured AI service${host}`;
  }
  if (import.meta.env.VITE_AI_MODE === "hosted") {
    return `A key you enter is sent from this browser straight to ${where}, in a request header; conversions made with it still count towards your plan, and are counted in this browser.`;
  }
  return `The shared key has a limited quota. Your key is sent only to ${where}, in a request header.`;
}

/** Behind "More", and the checkbox's description: how long a typed key is kept, and for whom. */
export const API_KEY_KEPT_HINT =
  "Only for this account. Ticked, it is kept on this device until you log out; unticked, it is forgotten when this tab closes or you log out.";

/** The open API key field (components/api-key-field.tsx loads it when its disclosure opens). */
export function ApiKeyFieldBody({ userId, disabled }: { userId: string | null; disabled?: boolean }) {
  const stored = useApiKey();
  const [remember, setRemember] = useState(() => isApiKeyRemembered(userId));
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = useId();
  const keptId = useId();
  const off = disabled || !userId;
  return (
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
          disabled={off}
          maxLength={200}
          aria-describedby={hintId}
          onChange={(e) => setApiKey(e.target.value, remember, userId)}
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
        {apiKeySummary()}
      </p>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-[var(--primary)]"
          checked={remember}
          disabled={off}
          aria-describedby={keptId}
          onChange={(e) => {
            setRemember(e.target.checked);
            setApiKey(stored, e.target.checked, userId);
          }}
        />
        Remember on this device until I log out
      </label>
      <details className="text-muted-foreground">
        <summary className="w-fit cursor-pointer rounded-sm font-medium text-foreground underline-offset-2 hover:underline">
          More
        </summary>
        <div className="mt-1 grid gap-1">
          <p>{apiKeyDetails()}</p>
          <p id={keptId}>{API_KEY_KEPT_HINT}</p>
        </div>
      </details>
    </div>
  );
}
