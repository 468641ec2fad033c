/** What the batch tests share: the photos, signing in, opening the page, adding files, running, waiting. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, vi } from "vitest";
import type { TierId } from "@/config/tiers";
import { renderApp } from "../utils";
import { fakeImageModel } from "./fake-image-model";
import { holdRetryWaits } from "./retry-waits";
import { fixtureFile, signedIn as signIn } from "./tool-kit";

export const INSTRUCTION = "make it look like a watercolour painting";

export const photos = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    fixtureFile("portrait-astronaut.png", "image/png", `photo-${i + 1}.png`),
  );

/** Batch tests run on the $5/month plan unless they say otherwise. */
export const signedIn = (tier: TierId | null = "$5/month", used = 0) => signIn({ tier, used });

export async function openBatch() {
  const view = renderApp("/batch-processing");
  await screen.findByRole("heading", { level: 1, name: "Batch Image Processing" });
  return view;
}

export async function addFiles(files: File[]) {
  await userEvent.setup().upload(screen.getByTestId("files-input"), files);
  await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(files.length));
}

export async function processAll(instruction = INSTRUCTION) {
  const user = userEvent.setup();
  const field = screen.getByLabelText("Instruction");
  await user.clear(field);
  if (instruction) {
    await user.click(field);
    await user.paste(instruction);
  }
  await user.click(screen.getByRole("button", { name: "Process All Images" }));
}

export const counter = () => screen.findByTestId("remaining-counter");
export const statuses = () => screen.getAllByTestId("batch-card").map((card) => card.dataset.status);
export const finished = (n: number, timeout = 15_000) =>
  screen
    .findByText(`${n} of ${n}`, {}, { timeout })
    .then(() => waitFor(() => expect(screen.queryByRole("button", { name: "Cancel all" })).toBeNull()));

/**
 * A batch of three whose first two answers are "busy" (429), so the whole batch pauses once.
 * `whilePaused` runs once the run has started, on fake timers with the pause held; then the wait
 * passes and all three finish. Resolves with what the fake model received.
 */
export async function pausedBatch(whilePaused: () => Promise<void>) {
  signedIn();
  const gemini = fakeImageModel(["error-429-quota.json", "error-429-quota.json", "image-success.json"]);
  await openBatch();
  await addFiles(photos(3));
  holdRetryWaits();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    await processAll();
    await whilePaused();
    await vi.advanceTimersByTimeAsync(8_000);
    await finished(3);
  } finally {
    vi.useRealTimers();
  }
  return gemini;
}
