/**
 * The photo pickers' lock: a tool page with no conversions left turns every picker on it off (the
 * limit notice beside them says why and offers the upgrade), so nobody picks a photo only to be sent
 * away. Given once by the tool page's frame (tool-page.tsx); each picker reads it.
 */
import { createContext, useContext } from "react";

export const PickLock = createContext(false);

/** Whether a picker is off: its own `disabled`, or the page's lock. */
export function usePickDisabled(disabled: boolean | undefined): boolean {
  return useContext(PickLock) || Boolean(disabled);
}
