/** Visual Poetry as a screen reader hears it: the start and the end of the poem, never its tokens. */
import { screen, waitFor } from "@testing-library/react";
import { expect, it } from "vitest";
import { listenToLiveRegions } from "../live-announce-kit";
import { fakePoemGemini, openPage, poetryEnvironment, STREAMED_POEM, upload } from "./poetry-kit";
import { signedIn } from "./tool-kit";

poetryEnvironment();
const live = listenToLiveRegions();

it("announces that the poem is being written and that it is done, not its lines as they stream", async () => {
  signedIn();
  fakePoemGemini({ sse: "stream-text-success.sse", pieceSize: 48, gapMs: 40 });
  await openPage();
  await upload();
  expect(await screen.findByText(STREAMED_POEM[0]!)).toBeInTheDocument();
  await waitFor(() => expect(live.times(/Poem generated successfully!/)).toBe(1));
  expect(live.times(/Writing your poem\.\.\./)).toBe(1);
  for (const line of STREAMED_POEM) expect(live.said().some((text) => text.includes(line))).toBe(false);
  // The streamed lines are not inside any live region.
  expect(screen.getByTestId("poem").closest("[aria-live]")).toBeNull();
});
