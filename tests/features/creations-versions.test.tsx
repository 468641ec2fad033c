/**
 * Versions of a photo on a tool page: every result made from the photo on screen is one group, the
 * version chosen on the tool is what a reload shows again, and a result made from the photo shown
 * again is one more version of it.
 */
import type { ReactNode } from "react";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getVariant } from "@/config/variants";
import { AppProviders } from "@/app/providers";
import {
  getChosenVersion,
  keepCreation,
  setChosenVersion,
  useToolVersions,
  type NewCreation,
} from "@/lib/creations";
import { blobDataUrl } from "@/lib/read-blob";
import { server } from "../msw/server";
import { subscriptionHandler } from "../msw/supabase";
import { renderApp, testQueryClient } from "../utils";
import { creationsTestSetup, USER } from "./creations-kit";
import { fakeImageModel } from "./fake-image-model";
import { keptOf } from "./incoming-kit";
import { fixtureFile } from "./tool-kit";

creationsTestSetup();

const FROG = getVariant("frog");

function frogResult(tag: number, original: File): NewCreation {
  const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tag])], {
    type: "image/png",
  });
  return { tool: "frog", file, instruction: `frog ${tag}`, prompt: `Make it a frog ${tag}`, original };
}

describe("versions on a tool page", () => {
  it("results made from the photo on screen are one group; a new photo starts another", async () => {
    server.use(subscriptionHandler("$10/month"));
    fakeImageModel(["image-success.json"]);
    const user = userEvent.setup();
    renderApp(FROG.path);
    await screen.findByRole("heading", { level: 1, name: FROG.title });
    await user.upload(await screen.findByTestId("file-input"), fixtureFile("portrait-astronaut.png"));
    await screen.findByRole("img", { name: "Modified" });
    await keptOf("frog", 1);
    await user.click(screen.getByRole("button", { name: "Try Another Version" }));
    const [second, first] = await keptOf("frog", 2);
    expect(second!.photo).toBe(first!.photo);
    expect(getChosenVersion(USER.id, "frog")).toEqual({ photo: second!.photo, id: second!.id });

    await user.click(screen.getByRole("button", { name: "Try Another Image" }));
    await user.upload(await screen.findByTestId("file-input"), fixtureFile("cat-chelsea.png"));
    const [third] = await keptOf("frog", 3);
    expect(third!.photo).not.toBe(first!.photo);
  });

  it("a reload shows the version chosen, and Try Another Version from it is one more version of its photo", async () => {
    server.use(subscriptionHandler("$10/month"));
    const gemini = fakeImageModel(["image-success.json"]);
    const photo = fixtureFile("portrait-astronaut.png");
    const older = await keepCreation(USER.id, frogResult(1, photo));
    const newer = await keepCreation(USER.id, frogResult(2, photo));
    expect(newer!.photo).toBe(older!.photo);
    // The user had gone back to the first version.
    setChosenVersion(USER.id, "frog", { photo: older!.photo, id: older!.id });

    renderApp(FROG.path);
    expect(await screen.findByText("Your last result, kept on this device.")).toBeInTheDocument();
    const shown = await screen.findByRole("img", { name: "Modified" });
    const olderFile = frogResult(1, photo).file as Blob;
    expect(shown).toHaveAttribute("src", await blobDataUrl(olderFile));

    await userEvent.setup().click(screen.getByRole("button", { name: "Try Another Version" }));
    const [made] = await keptOf("frog", 3);
    expect(made!.photo).toBe(older!.photo);
    expect(gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text).toContain("Make it a frog 1");
  });

  it("a chosen version deleted since: the tool's newest comes back instead", async () => {
    const photo = fixtureFile("portrait-astronaut.png");
    const newer = await keepCreation(USER.id, frogResult(3, photo));
    setChosenVersion(USER.id, "frog", { photo: newer!.photo, id: "deleted-since" });
    renderApp(FROG.path);
    const shown = await screen.findByRole("img", { name: "Modified" });
    await waitFor(async () =>
      expect(shown).toHaveAttribute("src", await blobDataUrl(frogResult(3, photo).file as Blob)),
    );
  });
});

describe("useToolVersions", () => {
  it("gives the chosen version's photo, its versions oldest first with the photo, and chooses another", async () => {
    const photo = fixtureFile("portrait-astronaut.png");
    const a = await keepCreation(USER.id, frogResult(1, photo));
    const b = await keepCreation(USER.id, frogResult(2, photo));
    const other = await keepCreation(USER.id, frogResult(3, fixtureFile("cat-chelsea.png")));
    setChosenVersion(USER.id, "frog", { photo: a!.photo, id: a!.id });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={client}>{children}</AppProviders>
    );
    const { result } = renderHook(() => useToolVersions("frog"), { wrapper });
    await waitFor(() => expect(result.current.current?.id).toBe(a!.id));
    expect(result.current.photo).toBe(a!.photo);
    expect(result.current.group?.versions.map((r) => r.id)).toEqual([a!.id, b!.id]);
    expect(result.current.group?.original).toBeInstanceOf(Blob);

    act(() => result.current.choose(b!.id));
    await waitFor(() => expect(result.current.current?.id).toBe(b!.id));
    expect(getChosenVersion(USER.id, "frog")).toEqual({ photo: a!.photo, id: b!.id });

    // Nothing chosen: the tool's newest creation's photo, and its newest version.
    act(() => setChosenVersion(USER.id, "frog", null));
    await waitFor(() => expect(result.current.current?.id).toBe(other!.id));
  });
});
