import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiRequestError, postWithSession, type ApiAnswer } from "@/lib/api-request";

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

/**
 * POST /api/submit-support with the caller's own access token, so the handler stores the row as that
 * user (row-level security applies there too).
 */
export async function submitSupportRequest(request: SupportRequest): Promise<SupportReceipt> {
  let answer: ApiAnswer;
  try {
    answer = await postWithSession(SUPPORT_ENDPOINT, request);
  } catch (error) {
    const signedOut = error instanceof ApiRequestError && error.signedOut;
    throw new SupportRequestError(signedOut ? error.message : null, { cause: error });
  }
  if (!answer.ok) throw new SupportRequestError(answer.error);
  const { id } = answer.body;
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
