/** An error boundary for a lazily loaded part whose code could not be fetched. */
import { Component, type ReactNode } from "react";

type Props = { fallback: ReactNode; onError?: (error: unknown) => void; children: ReactNode };

/**
 * Catches a lazily loaded part that could not be fetched (offline, or a new deploy removed the old
 * chunk), so only that part is missing instead of the whole page failing.
 */
export class LazyBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error("A part of the page could not be loaded", error);
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
