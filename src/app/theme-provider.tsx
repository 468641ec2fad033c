/**
 * Applies the current theme to the whole document and follows it: a change in Settings, a save in
 * another tab, or the system's colour scheme while "system" is chosen. index.html applies the saved
 * theme before the first paint; this takes over once the app runs.
 */
import { useLayoutEffect, type ReactNode } from "react";
import { applyThemeClass, useResolvedTheme } from "@/lib/preferences";

export function ThemeProvider({ children }: { children: ReactNode }): ReactNode {
  const theme = useResolvedTheme();
  useLayoutEffect(() => applyThemeClass(theme), [theme]);
  return children;
}
