/**
 * What the tests of photos handed to a tool share: the photos kept as a hand-over would keep them
 * ("Edit with…" with its chain, or a share), the app opened on a tool with them in the navigation state
 * (or an open page handed them), the handed-over portrait, and the user's kept creations of a tool.
 */
import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { AppProviders } from "@/app/providers";
import { appRoutes } from "@/app/routes";
import type { ToolId } from "@/tools/registry";
import { type ChainStep, type CreationRecord, listCreations, putIncoming } from "@/lib/creations";
import { testQueryClient } from "../utils";
import { fixtureFile, TEST_USER } from "./tool-kit";

/** The step a result sent on with "Edit with…" came from. */
export const HULK_STEP: ChainStep = { tool: "hulk", id: "hulk-creation-1" };

/** A Hulk result handed over: the portrait, as "Edit with…" keeps it. */
export const handedOverPhoto = () => fixtureFile("portrait-astronaut.png", "image/png", "hulk-result.png");

/** Keeps `files` as a hand-over does: with a chain ("Edit with…"), or without (a share). */
export function handOverFiles(files: File[], from?: ChainStep[]): Promise<string> {
  return putIncoming(files, from ? "edit" : "share", from);
}

/** The whole app opened at `path` with the photos under `incoming` handed to it. */
export function renderWithIncoming(path: string, incoming: string) {
  const router = createMemoryRouter(appRoutes(), {
    initialEntries: [{ pathname: path, state: { incoming } }],
  });
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Hands `incoming` to the page already open at `path` (Edit with… to the tool on screen). */
export async function handToOpenPage(
  router: { navigate: (to: string, options: object) => Promise<void> },
  path: string,
  incoming: string,
) {
  await act(() => router.navigate(path, { state: { incoming } }));
}

/** The user's kept creations of `tool`, newest first, once there are `count` of them. */
export async function keptOf(tool: ToolId, count = 1): Promise<CreationRecord[]> {
  let items: CreationRecord[] = [];
  await waitFor(async () => {
    items = (await listCreations(TEST_USER.id, { tool })).items;
    expect(items).toHaveLength(count);
  });
  return items;
}
