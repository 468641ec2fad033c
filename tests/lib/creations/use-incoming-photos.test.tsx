/**
 * A tool's side of a hand-over: the photos named by the navigation state are taken once (even with the
 * page mounted twice), tagged with their chain and given to the tool's upload handler; the state is
 * cleared; photos that are gone say so.
 */
import { StrictMode } from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import {
  INCOMING_LOST,
  photoOrigin,
  putIncoming,
  readIncoming,
  useIncomingPhotos,
  type KeptInputs,
} from "@/lib/creations";

const photo = (name = "shared.png") => new File([new Uint8Array([1, 2, 3])], name, { type: "image/png" });

function Taker({ accept }: { accept: (files: File[], task?: KeptInputs) => unknown }) {
  useIncomingPhotos(accept);
  return <p>tool page</p>;
}

/** The tool page (here twice over, in StrictMode) at /tool?x=1#top with `state`. */
function renderTool(accept: (files: File[], task?: KeptInputs) => unknown, state: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: "/tool",
        element: (
          <>
            <Taker accept={accept} />
            <Taker accept={accept} />
          </>
        ),
      },
    ],
    { initialEntries: [{ pathname: "/tool", search: "?x=1", hash: "#top", state }] },
  );
  render(
    <StrictMode>
      <Toaster />
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

describe("useIncomingPhotos", () => {
  it("takes the photos once, mounted twice over: one call with the files, tagged with their chain", async () => {
    const chain = [{ tool: "hulk" as const, id: "hulk-1" }];
    const id = await putIncoming([photo("a.png"), photo("b.png")], "edit", chain);
    const accept = vi.fn();
    const router = renderTool(accept, { incoming: id });

    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
    const files: File[] = accept.mock.calls[0]![0];
    expect(files.map((f) => f.name)).toEqual(["a.png", "b.png"]);
    for (const file of files) expect(photoOrigin(file)).toEqual(chain);
    // Taken from the store, and the state cleared in place: a reload or Back does not load them again.
    expect(await readIncoming(id)).toBeNull();
    expect(router.state.location).toMatchObject({
      pathname: "/tool",
      search: "?x=1",
      hash: "#top",
      state: null,
    });
    // Every mount waited on the same take, whose answers have all run by now: still one call, and no
    // mount found the photos gone.
    expect(accept).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(INCOMING_LOST)).not.toBeInTheDocument();
  });

  it("a share has no chain: the files are given untagged", async () => {
    const id = await putIncoming([photo()], "share");
    const accept = vi.fn();
    renderTool(accept, { incoming: id });
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
    expect(photoOrigin(accept.mock.calls[0]![0][0])).toBeUndefined();
  });

  it("photos that are gone (taken in another tab, older than a day) say so, and nothing is loaded", async () => {
    const accept = vi.fn();
    const router = renderTool(accept, { incoming: "gone-id" });
    expect(await screen.findByText(INCOMING_LOST)).toBeInTheDocument();
    expect(accept).not.toHaveBeenCalled();
    expect(router.state.location.state).toBeNull();
  });

  it("a page opened without a hand-over takes nothing", async () => {
    const id = await putIncoming([photo()], "share");
    const accept = vi.fn();
    renderTool(accept, { somethingElse: true });
    await screen.findAllByText("tool page");
    // Without an id the hook starts nothing: the photos are still waiting for their tool.
    expect(accept).not.toHaveBeenCalled();
    expect(await readIncoming(id)).not.toBeNull();
  });

  it("a gate's task without a photo: its words and options are handed over once, with no files", async () => {
    const accept = vi.fn();
    const task = { words: "a friendly robot", options: { aspectRatio: "3:4" } };
    const router = renderTool(accept, { task });
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
    expect(accept).toHaveBeenCalledWith([], task);
    expect(router.state.location.state).toBeNull();
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it("a gate's photo stays kept after Pricing's Go back, and goes with its last way back (after paying)", async () => {
    const id = await putIncoming([photo("kept.png")], "gate");
    const accept = vi.fn();
    const router = renderTool(accept, { incoming: id, task: { words: "snow" } });
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
    expect(accept.mock.calls[0]![1]).toEqual({ words: "snow" });
    // Back on Pricing and paying later still finds it.
    expect(await readIncoming(id)).not.toBeNull();
    await act(() =>
      router.navigate("/tool", { state: { incoming: id, task: { words: "snow" }, last: true } }),
    );
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(2));
    expect(accept.mock.calls[1]![0][0].name).toBe("kept.png");
    await waitFor(async () => expect(await readIncoming(id)).toBeNull());
  });

  it("a second hand-over to the page already open is taken too", async () => {
    const first = await putIncoming([photo("first.png")], "edit");
    const accept = vi.fn();
    const router = renderTool(accept, { incoming: first });
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
    const second = await putIncoming([photo("second.png")], "edit");
    await act(() => router.navigate("/tool", { state: { incoming: second } }));
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(2));
    expect(accept.mock.calls[1]![0][0].name).toBe("second.png");
  });
});
