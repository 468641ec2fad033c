/**
 * Convert Anything continues from the version chosen on the strip (issue 26): the picture of the version
 * chosen is what is sent with the person's words, the dialog says which picture that is, one
 * conversion is counted, and the result is one more version of the same photo; with the original
 * chosen, the photo is sent.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getVariant } from "@/config/variants";
import { keepCreation, type NewCreation } from "@/lib/creations";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";
import { creationsTestSetup, USER } from "./creations-kit";
import { fakeImageModel } from "./fake-image-model";
import { keptOf } from "./incoming-kit";
import { fixtureFile } from "./tool-kit";

creationsTestSetup();

// The canvas stand-in encodes every picture as the same small JPEG: here it also writes the size it
// was drawn at after it, so a request shows which picture it carries (the fixtures' sizes differ).
beforeEach(() => {
  const canvas = (globalThis as unknown as { OffscreenCanvas: { prototype: OffscreenCanvas } })
    .OffscreenCanvas.prototype;
  const encode = canvas.convertToBlob;
  vi.spyOn(canvas, "convertToBlob").mockImplementation(async function (
    this: OffscreenCanvas,
    options?: ImageEncodeOptions,
  ) {
    const blob = await encode.call(this, options);
    return new Blob([blob, `${this.width}x${this.height}`], { type: blob.type });
  });
});

const HOME = getVariant("cucumber");
const PHOTO = "portrait-astronaut.png"; // 512 x 512
const FIRST = "cat-chelsea.png"; // 451 x 300
const SECOND = "coffee.png"; // 600 x 400

const strip = () => screen.findByRole("region", { name: "Versions of this photo" });

/** The size written after the picture the image request carried (see the stand-in above). */
function sentSize(call: { body: { contents: { parts: { inlineData?: { data: string } }[] }[] } }) {
  const data = call.body.contents[0]!.parts.find((p) => p.inlineData)!.inlineData!.data;
  return /(\d+x\d+)$/.exec(atob(data))?.[1];
}

/** Two versions of one photo kept on the home page (the second shown), the page open on them. */
async function twoVersions() {
  const photo = fixtureFile(PHOTO);
  const version = (file: string, n: number): NewCreation => ({
    tool: HOME.id,
    file: fixtureFile(file),
    instruction: `version ${n}`,
    prompt: `Make version ${n}`,
    original: photo,
  });
  const first = await keepCreation(USER.id, version(FIRST, 1));
  await keepCreation(USER.id, version(SECOND, 2));
  renderApp(HOME.path);
  const versions = await strip();
  await within(versions).findByRole("button", { name: new RegExp(`^${HOME.label} 2`) });
  return first!;
}

async function transform(user: ReturnType<typeof userEvent.setup>, transforming: string) {
  await user.click(screen.getByRole("button", { name: "Convert Anything" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Convert Image" }));
  expect(await dialog.findByText(transforming)).toBeInTheDocument();
  await user.type(
    dialog.getByPlaceholderText("Describe how you want to transform the image..."),
    "make it snow",
  );
  await user.click(dialog.getByRole("button", { name: "Transform" }));
  expect(await screen.findByText("Image transformed successfully!")).toBeInTheDocument();
}

describe("Convert Anything from the version chosen", () => {
  it("sends the version chosen, counts one conversion, and the result joins the strip", async () => {
    server.use(subscriptionHandler("$10/month"));
    const gemini = fakeImageModel(["image-success.json"]);
    const first = await twoVersions();
    const user = userEvent.setup();
    const firstButton = new RegExp(`^${HOME.label}(?! \\d)`);
    await user.click(within(await strip()).getByRole("button", { name: firstButton }));
    await waitFor(async () =>
      expect(within(await strip()).getByRole("button", { name: firstButton })).toHaveAttribute(
        "aria-current",
        "true",
      ),
    );

    await transform(user, HOME.label);
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(sentSize(gemini.imageCalls()[0]!)).toBe("451x300");
    expect(gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text).toContain('"make it snow"');
    expect(getUsedConversions(USER.id)).toBe(1);

    // One more version of the same photo, made from the first: its chain runs through it.
    const [made] = await keptOf(HOME.id, 3);
    expect(made!.photo).toBe(first.photo);
    expect(made!.from).toEqual([{ tool: HOME.id, id: first.id }]);
    const third = await within(await strip()).findByRole("button", { name: new RegExp(`^${HOME.label} 3`) });
    expect(third).toHaveAttribute("aria-current", "true");
    expect(within(await strip()).getByRole("button", { name: /^Original/ })).toBeInTheDocument();
  });

  it("with the original chosen, the photo is sent", async () => {
    server.use(subscriptionHandler("$10/month"));
    const gemini = fakeImageModel(["image-success.json"]);
    const first = await twoVersions();
    const user = userEvent.setup();
    await user.click(within(await strip()).getByRole("button", { name: /^Original/ }));
    await waitFor(async () =>
      expect(within(await strip()).getByRole("button", { name: /^Original/ })).toHaveAttribute(
        "aria-current",
        "true",
      ),
    );

    await transform(user, "your photo");
    expect(sentSize(gemini.imageCalls()[0]!)).toBe("512x512");
    expect(getUsedConversions(USER.id)).toBe(1);
    const [made] = await keptOf(HOME.id, 3);
    expect(made!.photo).toBe(first.photo);
    expect(made!.from).toBeUndefined();
  });
});
