/** The letter the avatar shows. */
import { DEFAULT_DISPLAY_NAME } from "@/lib/preferences";

/** The avatar letter: the display name's first letter once one is set, else the email's, else "U". */
export function initialOf(displayName: string | undefined, email: string | null | undefined): string {
  const name = displayName && displayName !== DEFAULT_DISPLAY_NAME ? displayName : email;
  const [first] = Array.from(name?.trim() ?? "");
  return first?.toUpperCase() || "U";
}
