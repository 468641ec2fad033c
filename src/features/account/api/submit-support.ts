/** Sends a support request to the handler with the user's session, and says how it went. */
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiRequestError, postWithSession, type ApiAnswer } from "@/lib/api-request";
import { SUPPORT_ENDPOINT, type SupportReceipt, type SupportRequest } from "@/config/support";

/** The request was refused or failed; `serverMessage` is the server's own `{error}` text, when it sent one. */
export class SupportRequestError extends Error {
  readonly serverMessage: string | null;
  constructor(serverMessage: string | null, options?: ErrorOptions) {
    super(serverMessage ?? "Failed to submit support request", options);
    this.name = "SupportRequestError";
    this.serverMessage = serverMessage;
  }
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
  // The handler answers a stored request with SupportReceipt (api/submit-support.ts).
  return answer.body as SupportReceipt;
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
