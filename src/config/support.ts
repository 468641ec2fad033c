/**
 * A support request's rules (SPEC 3), one copy for the form (features/account), its client, the handler
 * (api/submit-support.ts) and the tests: the issue types, Technical Issue first and default, and the
 * description's length. supabase/migrations holds the same rules as check constraints on
 * support_requests (tests/backend/rls.test.ts checks they agree).
 */
export const SUPPORT_ENDPOINT = "/api/submit-support";

export const ISSUE_TYPES = ["Technical Issue", "Billing Question", "Feature Request", "Other"] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const DEFAULT_ISSUE_TYPE: IssueType = "Technical Issue";

/** At most this many characters (code points, as Postgres counts them), and not blank. */
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 5000;

export function isIssueType(value: unknown): value is IssueType {
  return typeof value === "string" && (ISSUE_TYPES as readonly string[]).includes(value);
}

/** What the form sends to SUPPORT_ENDPOINT. */
export type SupportRequest = {
  name: string;
  email: string;
  issueType: IssueType;
  description: string;
};

/** What SUPPORT_ENDPOINT answers when the request was stored (201); a refusal is `{ error }`. */
export type SupportReceipt = { ok: true; id: string };
