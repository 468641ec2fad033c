/** The Contact Support dialog: an issue type and a description, sent with the user's session. */
import { useId, useRef, useState, type FormEvent } from "react";
import { Loader2 } from "lucide-react";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useUser } from "@/lib/auth";
import { DEFAULT_DISPLAY_NAME, usePreferences } from "@/lib/preferences";
import {
  DEFAULT_ISSUE_TYPE,
  ISSUE_TYPES,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  isIssueType,
  type IssueType,
} from "@/config/support";
import { SupportRequestError, useSubmitSupportRequest } from "./api/submit-support";
import type { AccountDialogProps } from "./dialog-props";

const BLANK_DESCRIPTION = "Please provide a description of your issue";
const SUBMIT_FAILED = "An error occurred submitting your request. Please try again later.";

/** The form, mounted while the dialog is open: every visit starts empty. */
function SupportForm({ onDone }: { onDone: () => void }) {
  const user = useUser();
  const { displayName } = usePreferences();
  const submit = useSubmitSupportRequest();
  const [issueType, setIssueType] = useState<IssueType>(DEFAULT_ISSUE_TYPE);
  const [description, setDescription] = useState("");
  const [blank, setBlank] = useState(false);
  // A double click must send one request, before React has re-rendered the button as disabled.
  const inFlight = useRef(false);
  const ids = { type: useId(), description: useId(), counter: useId(), error: useId() };

  const email = user?.email ?? "";
  const serverMessage = submit.error instanceof SupportRequestError ? submit.error.serverMessage : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const text = description.trim();
    if (!text) {
      setBlank(true);
      return;
    }
    inFlight.current = true;
    submit.mutate(
      {
        name: displayName !== DEFAULT_DISPLAY_NAME ? displayName : email || displayName,
        email,
        issueType,
        description: text,
      },
      {
        onSuccess: onDone,
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={ids.type}>Issue type</Label>
        <Select
          value={issueType}
          onValueChange={(value) => {
            if (isIssueType(value)) setIssueType(value);
          }}
          disabled={submit.isPending}
        >
          <SelectTrigger id={ids.type} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ISSUE_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {type}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          value={description}
          maxLength={SUPPORT_DESCRIPTION_MAX_LENGTH}
          rows={6}
          placeholder="What happened, and what did you expect? Steps to reproduce help us most."
          className="max-h-64 min-h-32"
          readOnly={submit.isPending}
          aria-invalid={blank || undefined}
          aria-describedby={blank ? `${ids.error} ${ids.counter}` : ids.counter}
          onChange={(event) => {
            setDescription(event.target.value);
            if (blank && event.target.value.trim()) setBlank(false);
          }}
        />
        <div className="flex items-start justify-between gap-3 text-sm">
          {blank ? (
            <p id={ids.error} role="alert" className="text-destructive">
              {BLANK_DESCRIPTION}
            </p>
          ) : (
            <span />
          )}
          <p id={ids.counter} className="shrink-0 text-muted-foreground tabular-nums">
            {description.length} / {SUPPORT_DESCRIPTION_MAX_LENGTH}
          </p>
        </div>
      </div>

      {submit.isError && (
        <Alert variant="destructive">
          <AlertTitle className="line-clamp-none">{SUBMIT_FAILED}</AlertTitle>
          {/* In the alert's own colour: the description style's 90% red is too faint to read. */}
          {serverMessage && <p className="col-start-2 text-sm">{serverMessage}</p>}
        </Alert>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={submit.isPending} aria-busy={submit.isPending || undefined}>
          {submit.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {submit.isPending ? "Submitting..." : "Submit Request"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Contact Support" (SPEC 2.9): issue type and description, sent to /api/submit-support. */
export function SupportDialog({ open, onOpenChange, onCloseAutoFocus }: AccountDialogProps) {
  const user = useUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Contact Support</DialogTitle>
          <DialogDescription>
            {user?.email
              ? `Tell us what's wrong and we'll reply to ${user.email}.`
              : "Tell us what's wrong and we'll get back to you."}
          </DialogDescription>
        </DialogHeader>
        <SupportForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
