export const GEMINI_ORIGIN: string;
export const HOSTED_SUPABASE_ORIGINS: string;
export function inlineScriptHashes(html: string): string[];
export function contentSecurityPolicy(options: {
  scriptHashes: string[];
  connect?: (string | undefined)[];
}): string;
export function connectSources(options?: { geminiBaseUrl?: string; supabaseUrl?: string }): string[];
export function securityHeaders(options: {
  scriptHashes: string[];
  connect: string[];
}): Record<string, string>;
