/**
 * The result view (style tools, Create Art) and Modify Scene's: one compare view and its actions, Edit
 * with…, the cost of another version, the result brought into view.
 */
import type { ReactElement } from "react";
import { fireEvent, render as renderBare, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResultView } from "@/components/result-view";
import { SceneResult } from "@/tools/scene/scene-page.lazy";
import { stubMatchMedia } from "../media-query";
import { AppProviders } from "@/app/providers";
import { testQueryClient } from "../utils";

/** The cost note reads the conversions left (the user, TanStack Query): the views get the app's providers. */
function render(ui: ReactElement) {
  const client = testQueryClient();
  const wrap = (node: ReactElement) => <AppProviders queryClient={client}>{node}</AppProviders>;
  const view = renderBare(wrap(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)) };
}

/** The view's top lies `top` px down the screen and its bottom `bottom` px (jsdom lays nothing out). */
function placeAt(top: number, bottom: number) {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue({
    top,
    bottom,
    left: 0,
    right: 0,
    x: 0,
    y: top,
    width: 0,
    height: bottom - top,
    toJSON: () => ({}),
  });
}

const ORIGINAL = "data:image/png;base64,b3JpZ2luYWw=";
const RESULT = "data:image/png;base64,cmVzdWx0";
const ANOTHER = "data:image/png;base64,YW5vdGhlcg==";

function screenIs({ phone, reducedMotion = false }: { phone: boolean; reducedMotion?: boolean }) {
  stubMatchMedia((query) =>
    query.includes("max-width") ? phone : query.includes("reduced-motion") && reducedMotion,
  );
}

/**
 * Records what was scrolled into view, and how. The pictures count as loaded (jsdom loads none; one test
 * below holds them back).
 */
function watchScrolls() {
  vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
  return vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
}

const EDIT_WITH = <button type="button">Edit with…</button>;

function view(props: Partial<Parameters<typeof ResultView>[0]> = {}) {
  return (
    <ResultView
      originalUrl={ORIGINAL}
      modifiedUrl={RESULT}
      waitingText="Waiting for the AI to add the cucumber..."
      onReset={() => {}}
      onDownload={() => {}}
      onRecreate={() => {}}
      share={{ fileName: "cucumber.png", title: "Cucumber" }}
      editWith={EDIT_WITH}
      {...props}
    />
  );
}

/** The view is there once its code is (fetched when it is first shown): its last action is always present. */
async function shown() {
  await screen.findByRole("button", { name: /^Try Another Image$/ });
}

function actionNames() {
  return within(screen.getByRole("region", { name: "Result" }))
    .getAllByRole("button")
    .map((button) => button.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ResultView", () => {
  it("the photo shows at once, and the whole view as soon as its code is here", async () => {
    screenIs({ phone: false });
    render(view({ modifiedUrl: null }));
    expect(screen.getByRole("img", { name: "Original" })).toHaveAttribute("src", ORIGINAL);
    expect(await screen.findByRole("status")).toHaveTextContent("No result yet");
    expect(screen.getByRole("img", { name: "Original" })).toHaveAttribute("src", ORIGINAL);
  });

  it("the actions: Download, Share, then Edit with…, Try Another Version and Try Another Image", async () => {
    screenIs({ phone: true, reducedMotion: true });
    render(view());
    await shown();
    expect(actionNames()).toEqual([
      "Download",
      "Share",
      "Edit with…",
      "Try Another Version",
      "Try Another Image",
    ]);
  });

  it("Try Another Version is named by the words it shows (nothing hidden, no other label)", async () => {
    screenIs({ phone: true, reducedMotion: true });
    render(view());
    const button = await screen.findByRole("button", { name: "Try Another Version" });
    expect(button).toHaveAccessibleName(button.textContent!);
    expect(button).not.toHaveAttribute("aria-label");
  });

  it("without a result: the original and the waiting note, no slider, no Edit with…", async () => {
    screenIs({ phone: true });
    render(view({ modifiedUrl: null, processing: true }));
    await shown();
    expect(screen.getByRole("img", { name: "Original" })).toHaveAttribute("src", ORIGINAL);
    expect(screen.getByRole("status")).toHaveTextContent("Working on it");
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
    expect(actionNames()).toEqual(["Try Another Image"]);
  });

  it("with a result: one compare view (on the result on a phone), not the two pictures again beside it", async () => {
    screenIs({ phone: true, reducedMotion: true });
    render(view());
    expect(await screen.findByRole("slider")).toHaveAttribute("aria-valuetext", "Result only");
    expect(screen.queryByTestId("result-pair")).not.toBeInTheDocument();
    const region = screen.getByRole("region", { name: "Result" });
    expect(within(region).getAllByRole("img", { name: "Original" })).toHaveLength(1);
    // Named as the tool names them (the pictures of the one compare view).
    expect(within(region).getByRole("img", { name: "Modified" })).toHaveAttribute("src", RESULT);
    expect(within(region).getByRole("img", { name: "Original" })).toHaveAttribute("src", ORIGINAL);
  });

  it("on a wider screen it starts half and half, with the actions in one group beside the slider", async () => {
    screenIs({ phone: false });
    render(view());
    expect(await screen.findByRole("slider")).toHaveAttribute("aria-valuetext", "50% result, 50% original");
    const actions = screen.getByTestId("result-actions");
    for (const name of ["Download", "Share", "Edit with…", "Try Another Version", "Try Another Image"])
      expect(within(actions).getByRole("button", { name })).toBeInTheDocument();
  });

  it("Try Another Version says what it uses, next to it", async () => {
    screenIs({ phone: true, reducedMotion: true });
    render(view());
    await shown();
    const actions = screen.getByTestId("result-actions");
    expect(within(actions).getByTestId("cost-note")).toHaveTextContent(/^This uses 1 conversion/);
  });

  it("without Try Another Version there is nothing to pay, and no cost note", async () => {
    screenIs({ phone: true, reducedMotion: true });
    render(view({ onRecreate: undefined }));
    await shown();
    expect(screen.queryByTestId("cost-note")).not.toBeInTheDocument();
  });

  it("on a phone, a result that comes is brought to the top of the screen (smoothly, or at once for less motion)", async () => {
    screenIs({ phone: true });
    const scrolls = watchScrolls();
    const { rerender } = render(view({ modifiedUrl: null, processing: true }));
    rerender(view());
    await waitFor(() => expect(scrolls).toHaveBeenCalledTimes(1));
    expect(scrolls.mock.contexts[0]).toBe(screen.getByRole("region", { name: "Result" }));
    expect(scrolls).toHaveBeenCalledWith({ block: "start", behavior: "smooth" });

    // Another version: brought up again, at once when less motion is asked for.
    screenIs({ phone: true, reducedMotion: true });
    rerender(view({ modifiedUrl: ANOTHER }));
    await waitFor(() => expect(scrolls).toHaveBeenCalledTimes(2));
    expect(scrolls).toHaveBeenLastCalledWith({ block: "start", behavior: "auto" });
  });

  it("waits for the pictures to have their size, so the page is as tall as it will be", async () => {
    screenIs({ phone: true, reducedMotion: true });
    const scrolls = watchScrolls();
    const complete = vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(false);
    render(view());
    await screen.findByRole("slider");
    const pictures = within(screen.getByRole("region", { name: "Result" })).getAllByRole("img");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scrolls).not.toHaveBeenCalled();
    complete.mockReturnValue(true);
    fireEvent.load(pictures[0]!);
    fireEvent.error(pictures[1]!);
    for (const picture of pictures.slice(2)) fireEvent.load(picture);
    await waitFor(() => expect(scrolls).toHaveBeenCalledTimes(1));
  });

  it("on a wider screen a result already wholly on the screen stays where it is", async () => {
    screenIs({ phone: false });
    const scrolls = watchScrolls();
    placeAt(200, 700);
    const { rerender } = render(view({ modifiedUrl: null, processing: true }));
    await shown();
    rerender(view());
    // What a phone would have scrolled to by then (the slider's chunk is here with the view's).
    await screen.findByRole("slider");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scrolls).not.toHaveBeenCalled();
  });

  it("on a wider screen a result that runs below the screen is brought into view", async () => {
    screenIs({ phone: false, reducedMotion: true });
    const scrolls = watchScrolls();
    placeAt(400, 1300);
    const { rerender } = render(view({ modifiedUrl: null, processing: true }));
    await shown();
    rerender(view());
    await waitFor(() => expect(scrolls).toHaveBeenCalledTimes(1));
    expect(scrolls.mock.contexts[0]).toBe(screen.getByRole("region", { name: "Result" }));
    expect(scrolls).toHaveBeenCalledWith({ block: "start", behavior: "auto" });
  });

  it("without Try Another Version on the plan, its hint shows instead", () => {
    screenIs({ phone: true, reducedMotion: true });
    render(view({ onRecreate: undefined, recreateHint: <p>Want another version? See plans</p> }));
    expect(screen.queryByRole("button", { name: "Try Another Version" })).not.toBeInTheDocument();
    expect(screen.getByText("Want another version? See plans")).toBeInTheDocument();
  });
});

describe("SceneResult", () => {
  function scene(editWith = EDIT_WITH) {
    return (
      <SceneResult
        baseUrl={ORIGINAL}
        resultUrl={RESULT}
        onKeepEditing={() => {}}
        onDiscard={() => {}}
        onDownload={() => {}}
        onReset={() => {}}
        editWith={editWith}
      />
    );
  }

  it("Edit with… right after Share, then the scene's own actions", async () => {
    screenIs({ phone: true, reducedMotion: true });
    render(scene());
    expect(actionNames()).toEqual([
      "Download",
      "Share",
      "Edit with…",
      "Keep editing",
      "Try a Different Change",
      "Try Another Image",
    ]);
    expect(await screen.findByRole("slider")).toHaveAttribute("aria-valuetext", "Result only");
    expect(screen.queryByTestId("result-pair")).not.toBeInTheDocument();
  });

  it("on a phone the result is brought to the top of the screen as it shows", async () => {
    screenIs({ phone: true, reducedMotion: true });
    const scrolls = watchScrolls();
    render(scene());
    await waitFor(() => expect(scrolls).toHaveBeenCalledTimes(1));
    expect(scrolls.mock.contexts[0]).toBe(screen.getByRole("region", { name: "Result" }));
  });
});
