/** The share chooser: one shared photo to a tool, several to Batch, bad shares told plainly, dismissing, Open with. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { getTool, photoTools } from "@/tools/registry";
import { IMAGE_ADVICE } from "@/hooks/use-tool-photo";
import { putIncoming, readIncoming } from "@/lib/creations";
import { pngHeader } from "../lib/image/bytes";
import { server } from "../msw/server";
import { makeSession, passwordLoginHandler, subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";
import { fixtureFile, signedIn, toolPageEnvironment } from "./tool-kit";

const QUESTION = "What would you like to do with this photo?";

const photo = () => fixtureFile("coffee.webp", "image/webp");
const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => fixtureFile("coffee.webp", "image/webp", `photo-${i + 1}.webp`));

/** Object URLs made and revoked while a test runs (jsdom has none of its own). */
let made: string[] = [];
let revoked: string[] = [];
const realUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  made = [];
  revoked = [];
  URL.createObjectURL = () => {
    const url = `blob:share-test/${made.length + 1}`;
    made.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(() => {
  URL.createObjectURL = realUrls.create;
  URL.revokeObjectURL = realUrls.revoke;
});

type Arrival = { pathname: string; incoming: unknown };

/** Renders the app at the chooser for `files`; `arrivals` lists every page it went to with its state. */
async function openChooser(files: File[]) {
  const id = await putIncoming(files, "share");
  const view = renderApp(`${paths.share}?id=${id}`);
  const arrivals: Arrival[] = [];
  view.router.subscribe(({ location }) =>
    arrivals.push({
      pathname: location.pathname,
      incoming: (location.state as { incoming?: unknown } | null)?.incoming,
    }),
  );
  return { ...view, id, arrivals };
}

describe("share chooser, one photo", () => {
  it("shows the photo and every photo tool with its icon; picking Frog opens Frog with the photo handed over", async () => {
    signedIn({ tier: "$5/month" });
    const { router, id, arrivals } = await openChooser([photo()]);
    expect(await screen.findByRole("heading", { level: 1, name: QUESTION })).toBeInTheDocument();
    const thumb = screen.getByRole("img", { name: "Shared photo coffee.webp" });
    expect(thumb).toHaveAttribute("src", made[0]);

    const tools = screen.getByRole("list", { name: "Tools" });
    const links = within(tools).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(photoTools().map((tool) => tool.label));
    for (const [i, tool] of photoTools().entries()) {
      expect(links[i]).toHaveAttribute("href", tool.path);
      expect(links[i]!.querySelector("svg")).not.toBeNull();
    }
    expect(within(tools).queryByRole("link", { name: "Batch Processing" })).toBeNull();
    expect(within(tools).queryByRole("link", { name: "Animator" })).toBeNull();

    await userEvent.setup().click(within(tools).getByRole("link", { name: "Frog" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Frog.AI" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(getTool("frog").path);
    // The chooser hands the photo over by its id and leaves it for the tool to take.
    expect(arrivals.find((arrival) => arrival.pathname === getTool("frog").path)?.incoming).toBe(id);
    // The thumbnail's object URL went with the chooser.
    expect(revoked).toContain(made[0]);
  });

  it("is behind login only, not the tier gate: a visitor with no conversions left still chooses", async () => {
    signedIn({ used: 3 });
    await openChooser([photo()]);
    expect(await screen.findByRole("heading", { level: 1, name: QUESTION })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Tools" })).toBeInTheDocument();
  });

  it("is reachable by keyboard: Tab to a tool and Enter opens it", async () => {
    signedIn({ tier: "$5/month" });
    const { router, id, arrivals } = await openChooser([photo()]);
    await screen.findByRole("heading", { level: 1, name: QUESTION });
    const hulk = within(screen.getByRole("list", { name: "Tools" })).getByRole("link", { name: "Hulk" });
    const user = userEvent.setup();
    for (let i = 0; i < 60 && document.activeElement !== hulk; i++) await user.tab();
    expect(hulk).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe(getTool("hulk").path));
    expect(arrivals.find((arrival) => arrival.pathname === getTool("hulk").path)?.incoming).toBe(id);
  });

  it("Dismiss forgets the photo and goes home", async () => {
    signedIn();
    const { router, id } = await openChooser([photo()]);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(await readIncoming(id)).toBeNull();
    // Nothing is waiting any more: the chooser says so.
    await router.navigate(paths.share);
    expect(await screen.findByRole("heading", { name: "Nothing has been shared yet" })).toBeInTheDocument();
  });

  it("a HEIC photo is offered to the tools (its header is read, the browser can't draw it: its name shows)", async () => {
    signedIn();
    await openChooser([fixtureFile("cat-chelsea.heic", "image/heic")]);
    expect(await screen.findByRole("heading", { level: 1, name: QUESTION })).toBeInTheDocument();
    fireEvent.error(screen.getByRole("img", { name: "Shared photo cat-chelsea.heic" }));
    expect(await screen.findByText("cat-chelsea.heic")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Tools" })).toBeInTheDocument();
  });

  it("without an id shows the newest share still waiting", async () => {
    signedIn();
    // A millisecond apart: two shares of the same millisecond have no newest (the test failed when they had).
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    await putIncoming([fixtureFile("cat-chelsea.png", "image/png")], "share");
    clock.mockReturnValue(start + 1);
    await putIncoming([photo()], "share");
    clock.mockRestore();
    renderApp(paths.share);
    expect(await screen.findByRole("heading", { level: 1, name: QUESTION })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Shared photo coffee.webp" })).toBeInTheDocument();
  });
});

describe("share chooser, several photos", () => {
  toolPageEnvironment();

  it("sends three photos straight to Batch Processing with all of them", async () => {
    signedIn({ tier: "$5/month" });
    const { router, id, arrivals } = await openChooser(photos(3));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Batch Image Processing" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(getTool("batch").path);
    expect(arrivals.find((arrival) => arrival.pathname === getTool("batch").path)?.incoming).toBe(id);
    expect(screen.queryByRole("heading", { name: QUESTION })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(3));
  });

  it("60 photos: Batch takes 50 and says what an upload of 60 says", async () => {
    signedIn({ tier: "$5/month" });
    await openChooser(photos(60));
    await screen.findByRole("heading", { level: 1, name: "Batch Image Processing" });
    expect(
      await screen.findByText("You can process at most 50 images at a time: 10 files were not added."),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId("batch-card")).toHaveLength(50);
  });

  it("a PDF among the photos is left out and said, as in a drop", async () => {
    signedIn({ tier: "$5/month" });
    const pdf = new File(["%PDF-1.7\n1 0 obj"], "invoice.pdf", { type: "application/pdf" });
    await openChooser([...photos(2), pdf]);
    expect(await screen.findByText("1 file was skipped because it is not an image.")).toBeInTheDocument();
    expect(screen.getAllByTestId("batch-card")).toHaveLength(2);
  });
});

describe("bad shares", () => {
  it.each([
    {
      what: "a PDF",
      file: () => new File(["%PDF-1.7\n1 0 obj"], "invoice.pdf", { type: "application/pdf" }),
      message: "This file is not an image.",
    },
    {
      what: "an empty file",
      file: () => fixtureFile("empty.png"),
      message: "This file is empty.",
    },
    {
      what: "a file named .jpg that is not one",
      file: () => fixtureFile("not-an-image.jpg", "image/jpeg"),
      message: "This file is not an image.",
    },
    {
      what: "a TIFF",
      file: () => new File([new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])], "scan.tif"),
      message: "This image format can't be opened here.",
    },
  ])("$what gets the upload's message, a way to upload, and is forgotten", async ({ file, message }) => {
    signedIn();
    const { id } = await openChooser([file()]);
    expect(
      await screen.findByRole("heading", { level: 1, name: "This file can't be used" }),
    ).toBeInTheDocument();
    const banner = screen.getByTestId("error-banner");
    expect(banner).toHaveTextContent(`Error: ${message}`);
    expect(banner).toHaveTextContent(IMAGE_ADVICE);
    expect(screen.getByRole("link", { name: "Upload a photo" })).toHaveAttribute("href", paths.home);
    expect(screen.queryByRole("list", { name: "Tools" })).toBeNull();
    await waitFor(async () => expect(await readIncoming(id)).toBeNull());
  });

  it("a header over 50 megapixels is refused as too large, before any decode", async () => {
    signedIn();
    const huge = new File([new Uint8Array(pngHeader(10_000, 8_000))], "huge.png", { type: "image/png" });
    await openChooser([huge]);
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(
      "Error: This image is too large to process (80 megapixels).",
    );
    // The advice that fits: not "choose a PNG" for a PNG (issue 27 §4).
    expect(screen.getByTestId("error-banner")).toHaveTextContent("Choose a smaller photo");
    expect(screen.getByTestId("error-banner")).not.toHaveTextContent(IMAGE_ADVICE);
  });

  it.each([
    { url: `${paths.share}?failed=1`, title: "Your shared photos didn't arrive" },
    { url: `${paths.share}?id=gone-already`, title: "These photos are no longer here" },
    { url: paths.share, title: "Nothing has been shared yet" },
  ])("$url says $title and offers an upload", async ({ url, title }) => {
    signedIn();
    renderApp(url);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upload a photo" })).toHaveAttribute("href", paths.home);
  });
});

describe("signed out", () => {
  it("signs in first, then lands in the chooser with the shared photo still there", async () => {
    server.use(passwordLoginHandler({ session: makeSession() }), subscriptionHandler(null));
    const { router, id } = await openChooser([photo()]);
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.auth);
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`${paths.share}?id=${id}`)}`);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("heading", { level: 1, name: QUESTION })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(`${paths.share}?id=${id}`);
    expect(screen.getByRole("img", { name: "Shared photo coffee.webp" })).toBeInTheDocument();
  });
});

describe("Open with (File Handling API)", () => {
  type Consumer = (params: { files: { kind: "file"; getFile: () => Promise<File> }[] }) => unknown;
  let consumer: Consumer | null = null;
  beforeEach(() => {
    consumer = null;
    vi.stubGlobal("launchQueue", { setConsumer: (next: Consumer) => void (consumer = next) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const launchWith = (files: File[]) =>
    consumer!({ files: files.map((file) => ({ kind: "file" as const, getFile: async () => file })) });

  it("one file opened with the app shows the chooser for it, kept as an Open with", async () => {
    signedIn();
    const { router } = renderApp(paths.share);
    await screen.findByRole("heading", { name: "Nothing has been shared yet" });
    await waitFor(() => expect(consumer).not.toBeNull());
    launchWith([photo()]);
    expect(await screen.findByRole("heading", { level: 1, name: QUESTION })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Shared photo coffee.webp" })).toBeInTheDocument();
    const id = new URLSearchParams(router.state.location.search).get("id");
    expect((await readIncoming(id!))?.source).toBe("open-with");
  });

  it("several files opened with the app go to Batch Processing", async () => {
    signedIn({ tier: "$5/month" });
    const { router } = renderApp(paths.share);
    await waitFor(() => expect(consumer).not.toBeNull());
    launchWith(photos(3));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Batch Image Processing" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(getTool("batch").path);
  });
});
