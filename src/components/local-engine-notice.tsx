/** The notice that AI calls are answered by the local preview engine, and the hook that tells. */
import { Cpu } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useApiKey } from "@/lib/api-key";
import { localPreviewEngineMounted, resolveGeminiTarget } from "@/lib/gemini/target";

/**
 * Whether AI calls made now are answered by the local preview engine: no key typed, and either none
 * embedded (client mode) or, in hosted mode, a server without a Gemini key, whose proxy forwards to the
 * engine (npm start and npm run dev then set VITE_LOCAL_PREVIEW_ENGINE).
 */
export function useUsesLocalEngine(): boolean {
  const apiKey = useApiKey();
  try {
    const { source } = resolveGeminiTarget(apiKey);
    return source === "local-engine" || (source === "hosted" && localPreviewEngineMounted());
  } catch {
    return false;
  }
}

/** DESIGN: the UI always says when the local preview engine answers instead of Gemini. */
export function LocalEngineNotice() {
  if (!useUsesLocalEngine()) return null;
  return (
    <Alert className="border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
      <Cpu aria-hidden="true" />
      <AlertDescription className="text-inherit">
        Local preview engine - add a Gemini key for AI results
      </AlertDescription>
    </Alert>
  );
}
