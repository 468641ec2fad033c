import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { getSupabase } from "@/lib/supabase";

/** Issue types of a support request (SPEC 3), Technical Issue first and default. */
export const ISSUE_TYPES = ["Technical Issue", "Billing Question", "Feature Request", "Other"] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const DEFAULT_ISSUE_TYPE: IssueType = "Technical Issue";
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 5000;

export const SUPPORT_ENDPOINT = "/api/submit-support";

/** The support submission payload (SPEC 3). */
export type SupportRequest = {
  name: string;
  email: string;
  issueType: IssueType;
  description: string;
};

export type SupportReceipt = { ok: true; id: string | number | null };

/** The request was refused or failed; `serverMessage` is the server's own `{error}` text, when it sent one. */
export class SupportRequestError extends Error {
  readonly serverMessage: string | null;
  constructor(serverMessage: string | null, options?: ErrorOptions) {
    super(serverMessage ?? "Failed to submit support request", options);
    this.name = "SupportRequestError";
    this.serverMessage = serverMessage;
  }
}

export function isIssueType(value: unknown): value is IssueType {
  return typeof value === "string" && (ISSUE_TYPES as readonly string[]).includes(value);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function errorText(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { error } = body as Record<string, unknown>;
  return typeof error === "string" && error.trim() ? error.trim() : null;
}

/**
 * POST /api/submit-support with the caller's own access token, so the handler stores the row as that
 * user (row-level security applies there too).
 */
export async function submitSupportRequest(request: SupportRequest): Promise<SupportReceipt> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw new SupportRequestError(null, { cause: error });
  const token = data.session?.access_token;
  if (!token) throw new SupportRequestError("You are signed out. Please log in again.");

  let response: Response;
  try {
    response = await fetch(SUPPORT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(request),
    });
  } catch (cause) {
    throw new SupportRequestError(null, { cause });
  }
  const body = await readJson(response);
  if (!response.ok) throw new SupportRequestError(errorText(body));
  const id = typeof body === "object" && body !== null ? (body as Record<string, unknown>).id : null;
  return { ok: true, id: typeof id === "string" || typeof id === "number" ? id : null };
}

export function useSubmitSupportRequest() {
  return useMutation({
    mutationKey: ["support", "submit"],
    mutationFn: submitSupportRequest,
    // Never re-send a support request on its own: the visitor decides whether to try again.
    retry: false,
    // Here rather than in the dialog: the toast still comes when the dialog was closed meanwhile.
    onSuccess: () => toast.success("Support request submitted successfully!"),
    onError: (error) => console.error("Support request failed", error),
  });
}
