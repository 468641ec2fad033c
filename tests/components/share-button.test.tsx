// @vitest-environment jsdom
// (jsdom, not the ui project's happy-dom: the download fallback is caught by a spy on HTMLAnchorElement.prototype.click)
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "sonner";
import { ShareButton } from "@/components/share-button";
import { SHARE_COPIED_TEXT, SHARE_DOWNLOADED, shareContent } from "@/components/share-button.lazy";

const PNG = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });

function setNavigator(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values))
    Object.defineProperty(navigator, key, { configurable: true, value });
}

afterEach(() => {
  for (const key of ["share", "canShare", "clipboard"]) Reflect.deleteProperty(navigator, key);
  vi.restoreAllMocks();
});

describe("Share", () => {
  it("shares the file itself where the browser can share files (phones); nothing is uploaded", async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    setNavigator({ share, canShare: (data: ShareData) => Boolean(data.files?.length) });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(await shareContent({ kind: "file", file: PNG, fileName: "hulk-edition.png", title: "Hulk" })).toBe(
      "shared",
    );
    const sent = share.mock.calls[0]![0];
    expect(sent.files?.[0]?.name).toBe("hulk-edition.png");
    expect(sent.files?.[0]?.type).toBe("image/png");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a cancelled share sheet is not an error and falls back to nothing", async () => {
    setNavigator({
      share: async () => {
        throw new DOMException("cancelled", "AbortError");
      },
      canShare: () => true,
    });
    expect(await shareContent({ kind: "text", text: "A poem" })).toBe("cancelled");
  });

  it("without Web Share, text is copied to the clipboard and says so", async () => {
    // user-event puts its own clipboard on navigator: set ours after it.
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => undefined);
    setNavigator({ clipboard: { writeText } });
    render(
      <>
        <Toaster />
        <ShareButton content={{ kind: "text", text: "Roses are green" }} />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(SHARE_COPIED_TEXT)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith("Roses are green");
  });

  it("with neither sharing nor an image clipboard, the file is downloaded with its name", async () => {
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL ??= () => "blob:test";
    URL.revokeObjectURL ??= () => {};
    render(
      <>
        <Toaster />
        <ShareButton content={{ kind: "file", file: PNG, fileName: "birthday-celebration.png" }} />
      </>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(SHARE_DOWNLOADED)).toBeInTheDocument();
    expect(names).toEqual(["birthday-celebration.png"]);
  });
});
