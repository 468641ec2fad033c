/** Whether the browser has a connection, for a component: re-renders when it goes offline or online. */
import { useSyncExternalStore } from "react";
import { isOnline, onConnectionChange } from "@/lib/connection";

/** navigator.onLine, live (lib/connection.ts). Server rendering: online. */
export function useOnline(): boolean {
  return useSyncExternalStore(onConnectionChange, isOnline, () => true);
}
