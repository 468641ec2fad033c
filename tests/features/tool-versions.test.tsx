/**
 * The strip of versions on a tool page (the shared tool hook's versions, src/hooks/use-tool-versions.ts,
 * and src/components/tool-versions.tsx): every result made from the photo stays in it with the original
 * first; choosing one shows it as the result and counts nothing; a reload brings back the strip and the
 * version chosen; deleting one offers Undo.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getVariant } from "@/config/variants";
import { keepCreation, setChosenVersion } from "@/lib/creations";
import { getUsedConversions } from "@/lib/usage";
import { blobDataUrl } from "@/lib/read-blob";
import { server } from "../msw/server";
import { subscriptionHandler } from "../msw/supabase";
import { renderApp, shownPicture } from "../utils";
import { creationsTestSetup, frogResult, USER } from "./creations-kit";
import { fakeImageModel } from "./fake-image-model";
import { keptOf } from "./incoming-kit";
import { fixtureFile } from "./tool-kit";

creationsTestSetup();

const FROG = getVariant("frog");
const strip = () => screen.findByRole("region", { name: "Versions of this photo" });

describe("the strip of versions", () => {
  it("keeps every version with the original first; choosing one shows it and counts nothing", async () => {
    server.use(subscriptionHandler("$10/month"));
    fakeImageModel(["image-success.json"]);
    const user = userEvent.setup();
    renderApp(FROG.path);
    await screen.findByRole("heading", { level: 1, name: FROG.title });
    await user.upload(await screen.findByTestId("file-input"), fixtureFile("portrait-astronaut.png"));
    await screen.findByRole("img", { name: "Modified" });
    const versions = await strip();
    await waitFor(() =>
      expect(
        within(versions)
          .getAllByRole("button", { name: /^(Original|Frog)/ })
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining("Original"), expect.stringContaining("Frog")]),
    );
    await user.click(screen.getByRole("button", { name: "Try Another Version" }));
    await keptOf("frog", 2);
    const second = await within(await strip()).findByRole("button", { name: /^Frog 2/ });
    expect(second).toHaveAttribute("aria-current", "true");
    const used = getUsedConversions(USER.id);

    await user.click(within(await strip()).getByRole("button", { name: /^Frog(?! 2)/ }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: "Versions of this photo" })).getByRole("button", {
          name: /^Frog(?! 2)/,
        }),
      ).toHaveAttribute("aria-current", "true"),
    );
    expect(getUsedConversions(USER.id)).toBe(used);
  });

  it("a reload brings back the strip with the version chosen", async () => {
    const photo = fixtureFile("portrait-astronaut.png");
    const older = await keepCreation(USER.id, frogResult(1, photo));
    await keepCreation(USER.id, frogResult(2, photo));
    setChosenVersion(USER.id, "frog", { photo: older!.photo, id: older!.id });
    renderApp(FROG.path);
    const shown = await screen.findByRole("img", { name: "Modified" });
    expect(await shownPicture(shown)).toBe(await blobDataUrl(frogResult(1, photo).file as Blob));
    const versions = await strip();
    expect(await within(versions).findByRole("button", { name: /^Frog(?! 2)/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    expect(within(versions).getByRole("button", { name: /^Frog 2/ })).toBeInTheDocument();
    expect(within(versions).getByRole("button", { name: /^Original/ })).toBeInTheDocument();
  });

  it("a reload brings back a version another tool made, chosen on the home page's strip", async () => {
    // Frog's result handed to Convert Anything ("Edit with…"): its result joins the frog's group, and
    // the frog version chosen on "/" is the one "/" shows again.
    const photo = fixtureFile("portrait-astronaut.png");
    const frog = await keepCreation(USER.id, frogResult(1, photo));
    await keepCreation(USER.id, {
      ...frogResult(2, photo),
      tool: "cucumber",
      instruction: "Cucumber",
      photo: frog!.photo,
    });
    setChosenVersion(USER.id, "cucumber", { photo: frog!.photo, id: frog!.id });
    renderApp("/");
    const shown = await screen.findByRole("img", { name: "Modified" });
    expect(await shownPicture(shown)).toBe(await blobDataUrl(frogResult(1, photo).file as Blob));
    const versions = await strip();
    expect(await within(versions).findByRole("button", { name: /^Frog/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    expect(within(versions).getByRole("button", { name: /^Original/ })).toBeInTheDocument();
  });

  it("deleting a version takes it out, and Undo puts it back", async () => {
    const photo = fixtureFile("portrait-astronaut.png");
    await keepCreation(USER.id, frogResult(1, photo));
    await keepCreation(USER.id, frogResult(2, photo));
    const user = userEvent.setup();
    renderApp(FROG.path);
    const versions = await strip();
    await user.click(await within(versions).findByRole("button", { name: "Delete Frog" }));
    await waitFor(() =>
      expect(within(versions).queryByRole("button", { name: /^Frog 2/ })).not.toBeInTheDocument(),
    );
    await user.click(await screen.findByRole("button", { name: "Undo" }));
    expect(await within(await strip()).findByRole("button", { name: /^Frog 2/ })).toBeInTheDocument();
  });
});
