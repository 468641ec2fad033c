/** The top bar's avatar: the round button with the user's initial, and its stand-in while loading. */
import { User as UserIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

/** The round avatar of the top bar: the user's initial, or a person icon. */
export function AvatarButton({
  initial,
  ...props
}: { initial?: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu" {...props}>
      <AvatarFace initial={initial} />
    </Button>
  );
}

function AvatarFace({ initial, className }: { initial?: string; className?: string }) {
  return (
    <Avatar className={cn("size-8", className)}>
      <AvatarFallback className="bg-primary font-medium text-primary-foreground">
        {initial ?? <UserIcon aria-hidden="true" className="size-4" />}
      </AvatarFallback>
    </Avatar>
  );
}

/**
 * The avatar's exact size and place while the account menu's code or the session is still on its way:
 * not a button yet (nothing to open), so nothing moves or changes role when the real one arrives.
 */
export function AvatarPlaceholder({ initial }: { initial?: string }) {
  return (
    <span
      data-slot="avatar-placeholder"
      aria-hidden="true"
      className="inline-flex size-9 items-center justify-center"
    >
      {initial ? (
        <AvatarFace initial={initial} />
      ) : (
        <span className="size-8 animate-pulse rounded-full bg-muted" />
      )}
    </span>
  );
}
