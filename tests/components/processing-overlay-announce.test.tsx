/** The overlay's retry countdown: announced once per wait, while the visible seconds tick down (fake timers). */
import { act, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { LiveAnnouncer } from "@/components/live-announcer";
import { ProcessingOverlay } from "@/components/processing-overlay";
import { clearAnnouncements } from "@/lib/announce";
import type { RetryWait } from "@/lib/gemini";

afterEach(() => {
  vi.useRealTimers();
  clearAnnouncements();
});

const wait = (attempt: number): RetryWait => ({
  attempt,
  maxAttempts: 3,
  delayMs: 8_000,
  reason: "The AI is busy.",
});

function Page({ retryWait }: { retryWait: RetryWait }) {
  return (
    <>
      <LiveAnnouncer />
      <ProcessingOverlay title="Converting..." text="Hold on." retryWait={retryWait} onCancel={() => {}} />
    </>
  );
}

/** The countdown's code is fetched when the overlay opens: once it is in, it shows at once. */
async function countdownLoaded() {
  const view = render(<Page retryWait={wait(2)} />);
  await screen.findByTestId("retry-countdown");
  view.unmount();
  clearAnnouncements();
}

it("sets the live text once per wait; the countdown 8 to 1 is visible but not live", async () => {
  await countdownLoaded();
  vi.useFakeTimers();
  const view = render(<Page retryWait={wait(2)} />);
  const polite = screen.getByTestId("live-polite");
  const said = "The AI is busy. Next try in 8 seconds, attempt 2 of 3.";
  expect(polite).toHaveTextContent(said);
  for (let left = 8; left >= 1; left--) {
    expect(screen.getByTestId("retry-countdown")).toHaveTextContent(
      `Trying again in ${left} s (attempt 2 of 3)`,
    );
    expect(polite.textContent).toBe(said);
    act(() => vi.advanceTimersByTime(1_000));
  }
  expect(screen.getByTestId("retry-countdown").closest("[aria-live]")).toBeNull();

  // The next wait is a new announcement, said once too (the old sentence, long read, goes).
  view.rerender(<Page retryWait={wait(3)} />);
  expect(polite.querySelectorAll("p")).toHaveLength(1);
  expect(polite).toHaveTextContent("The AI is busy. Next try in 8 seconds, attempt 3 of 3.");
  act(() => vi.advanceTimersByTime(1_000));
  expect(polite.querySelectorAll("p")).toHaveLength(1);
});

it("turns its ring only when motion is welcome (a CSS media variant; e2e/motion.spec.ts watches it stand still)", () => {
  render(<Page retryWait={wait(2)} />);
  const ring = screen.getByTestId("processing-ring");
  expect(ring).toHaveClass("motion-safe:animate-spin", "motion-reduce:border-r-green-400");
  expect(ring).not.toHaveClass("animate-spin");
  // The status and its words stay.
  expect(screen.getByRole("status", { name: "Working" })).toBeInTheDocument();
});
