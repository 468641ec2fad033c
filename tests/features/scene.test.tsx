// Modify Scene: the upload, the form, the position, and changes made one at a time (keep editing, undo).
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { scenePrompt } from "@/tools/scene/prompts";
import { getUsedConversions } from "@/lib/usage";
import { renderApp } from "../utils";
import {
  clickPicture,
  fill,
  fixture,
  openWithBase,
  partsOf,
  sceneTestSetup,
  signedIn,
  submit,
  SUBMIT,
  USER,
} from "./scene-kit";
import { fakeGemini, fixtureFile } from "./tool-kit";

const env = sceneTestSetup();
const NO_DESCRIPTION = "Please provide a description of what you want to add";

async function choosePosition(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Position (optional)" }));
  await user.click(await screen.findByRole("option", { name }));
}

describe("upload, then the form (SPEC 2.11, 5)", () => {
  it("shows the uploader, then the form; the description's message waits until the person tried", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    renderApp("/create-nft");
    expect(await screen.findByText("Drop your image here")).toBeInTheDocument();
    // Nothing was tried yet: no warning before the upload (issue 27 §4).
    expect(screen.queryByText("Please upload a base image first")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: SUBMIT })).not.toBeInTheDocument();

    await userEvent.setup().upload(screen.getByTestId("file-input"), fixtureFile("cat-chelsea.png"));
    expect(await screen.findByText("Image uploaded successfully")).toBeInTheDocument();
    expect(screen.queryByText("Drop your image here")).not.toBeInTheDocument();
    expect(screen.queryByText("Please upload a base image first")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Base image" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Image" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Position (optional)" })).toHaveTextContent(
      "Anywhere (let the AI choose)",
    );
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 20 left this month.",
    );
    // A fresh form: the button reads as disabled (SPEC 5), and no field is flagged yet.
    const button = screen.getByRole("button", { name: SUBMIT });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(screen.queryByText(NO_DESCRIPTION)).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Describe the image to add" })).not.toHaveAttribute(
      "aria-invalid",
    );

    // Pressing it with a blank description sends nothing and says why, once, under the field.
    await userEvent.setup().click(button);
    const field = screen.getByRole("textbox", { name: "Describe the image to add" });
    expect(await screen.findByText(NO_DESCRIPTION)).toBeInTheDocument();
    expect(screen.getAllByText(NO_DESCRIPTION)).toHaveLength(1);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining(NO_DESCRIPTION));
    expect(field).toHaveFocus();
    expect(document.querySelector("[data-sonner-toast] [data-title]")?.textContent).not.toBe(NO_DESCRIPTION);
    expect(requests).toHaveLength(0);

    // Spaces are still blank; Enter in the form says the same and sends nothing.
    await fill("Text", "   ");
    expect(screen.getByRole("button", { name: SUBMIT })).toHaveAttribute("aria-disabled", "true");
    fireEvent.submit(screen.getByRole("button", { name: SUBMIT }).closest("form")!);
    expect(screen.getAllByText(NO_DESCRIPTION)).toHaveLength(1);
    expect(requests).toHaveLength(0);

    await fill("Text", "Hello");
    expect(screen.queryByText(NO_DESCRIPTION)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: SUBMIT })).toBeEnabled();
    expect(screen.getByRole("button", { name: SUBMIT })).not.toHaveAttribute("aria-disabled");
    expect(requests).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("the description's message shows after leaving the field once typed in, not on a mere visit", async () => {
    signedIn();
    fakeGemini(fixture("image-success.json"));
    await openWithBase();
    const user = userEvent.setup();
    const field = screen.getByRole("textbox", { name: "Describe the image to add" });
    await user.click(field);
    await user.tab();
    expect(screen.queryByText(NO_DESCRIPTION)).not.toBeInTheDocument();
    await user.type(field, "x");
    await user.clear(field);
    expect(screen.queryByText(NO_DESCRIPTION)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(NO_DESCRIPTION)).toBeInTheDocument();
  });

  it("a file that is not an image is refused clearly, nothing sent or counted", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    renderApp("/create-nft");
    await userEvent
      .setup()
      .upload(await screen.findByTestId("file-input"), fixtureFile("not-an-image.jpg", "image/jpeg"));
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(/not an image/i);
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
    expect(requests).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});

describe("position", () => {
  it("a click on the picture sets the nearest named place and marks it; the select shows it", async () => {
    signedIn();
    await openWithBase();
    expect(screen.queryByTestId("position-marker")).not.toBeInTheDocument();
    clickPicture(0.1, 0.9);
    expect(screen.getByTestId("position-marker")).toHaveAttribute("data-position", "bottom-left");
    expect(screen.getByTestId("position-marker").style.left).toMatch(/^16\.66/);
    expect(screen.getByRole("combobox", { name: "Position (optional)" })).toHaveTextContent("Bottom left");
    expect(screen.getByText(/Placed at bottom left/)).toBeInTheDocument();
    clickPicture(0.55, 0.4);
    expect(screen.getByTestId("position-marker")).toHaveAttribute("data-position", "center");
    await choosePosition("Top right");
    expect(screen.getByTestId("position-marker")).toHaveAttribute("data-position", "top-right");
    await choosePosition("Anywhere (let the AI choose)");
    expect(screen.queryByTestId("position-marker")).not.toBeInTheDocument();
  });
});

describe("a change to the scene", () => {
  it("text at a clicked position: the real prompt and the base as JPEG, the result compared, toast, one conversion, download", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openWithBase();
    await fill("Text", "  Happy Birthday, Sam!  ");
    clickPicture(0.05, 0.05);
    await submit();

    const result = await screen.findByRole("img", { name: "Modified scene" });
    expect(result).toHaveAttribute("src", expect.stringMatching(/^blob:/));
    expect(await screen.findByText("Text added to scene successfully!")).toBeInTheDocument();
    // The slider's code is fetched with the result; the result itself shows meanwhile.
    expect(await screen.findByTestId("compare-slider")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: SUBMIT })).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 19 / 20");

    expect(requests).toHaveLength(1);
    const parts = partsOf(requests[0]!);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.text).toBe(scenePrompt("text", "Happy Birthday, Sam!", "top-left", false));
    expect(parts[1]!.inlineData?.mimeType).toBe("image/jpeg");

    await userEvent.setup().click(screen.getByRole("button", { name: "Download" }));
    expect(env.downloads().at(-1)?.name).toBe("modified-scene.png");
  });

  it("an image with a picture to add: sent as a second JPEG; switching type keeps the picture but does not send it", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openWithBase();
    await fill("Image", "my cat on the sofa");
    await userEvent
      .setup()
      .upload(screen.getByLabelText("Picture to add", { selector: "input" }), fixtureFile("cat-chelsea.png"));
    expect(await screen.findByRole("img", { name: "Picture to add" })).toBeInTheDocument();
    await choosePosition("Center right");
    await submit();
    expect(await screen.findByText("Image added to scene successfully!")).toBeInTheDocument();
    const parts = partsOf(requests[0]!);
    expect(parts).toHaveLength(3);
    expect(parts[0]!.text).toBe(scenePrompt("image", "my cat on the sofa", "center-right", true));
    expect(parts[1]!.inlineData?.mimeType).toBe("image/jpeg");
    expect(parts[2]!.inlineData?.mimeType).toBe("image/jpeg");

    await userEvent.setup().click(screen.getByRole("button", { name: "Try a Different Change" }));
    expect(screen.getByRole("textbox", { name: "Describe the image to add" })).toHaveValue(
      "my cat on the sofa",
    );
    await fill("Widget", "a 5-star rating badge");
    expect(screen.queryByRole("group", { name: "Picture to add" })).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByText("Widget added to scene successfully!")).toBeInTheDocument();
    const second = partsOf(requests[1]!);
    expect(second).toHaveLength(2);
    expect(second[0]!.text).toBe(scenePrompt("widget", "a 5-star rating badge", "center-right", false));
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("Keep editing stacks changes (one conversion each); Undo goes back to the previous base for free", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openWithBase();
    const firstBase = screen.getByRole("img", { name: "Base image" }).getAttribute("src");
    await fill("Text", "Hello");
    await submit();
    await screen.findByRole("img", { name: "Modified scene" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Keep editing" }));

    const stacked = await screen.findByRole("img", { name: "Base image (your last result)" });
    expect(stacked.getAttribute("src")).not.toBe(firstBase);
    expect(screen.getByText(/Editing your result: 1 change so far/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "The text to add" })).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Text" })).toBeChecked();

    await fill("Widget", "Sale -50%");
    await submit();
    await screen.findByRole("img", { name: "Modified scene" });
    expect(screen.getByRole("img", { name: "Base image" })).toHaveAttribute(
      "src",
      stacked.getAttribute("src"),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Keep editing" }));
    expect(await screen.findByText(/Editing your result: 2 changes so far/)).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(2);

    // Ctrl+Z in the description field is the field's own undo; elsewhere it is Undo.
    const user = userEvent.setup();
    await user.click(screen.getByRole("textbox", { name: "Describe the widget to add" }));
    await user.keyboard("{Control>}z{/Control}");
    expect(screen.getByText(/Editing your result: 2 changes so far/)).toBeInTheDocument();
    await user.click(screen.getByRole("heading", { level: 1, name: "Modify Scene" }));
    await user.keyboard("{Control>}z{/Control}");
    expect(await screen.findByText(/Editing your result: 1 change so far/)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Base image (your last result)" })).toHaveAttribute(
      "src",
      stacked.getAttribute("src"),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByRole("img", { name: "Base image" })).toHaveAttribute("src", firstBase);
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("a double click sends one request", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openWithBase();
    await fill("Text", "Once");
    await userEvent.setup().dblClick(screen.getByRole("button", { name: SUBMIT }));
    await screen.findByText("Text added to scene successfully!");
    expect(requests).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("a refused picture to add says why and keeps the base and the form", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openWithBase();
    await fill("Image", "a balloon");
    await userEvent
      .setup()
      .upload(screen.getByLabelText("Picture to add", { selector: "input" }), fixtureFile("empty.png"));
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(/empty/i);
    expect(screen.getByRole("img", { name: "Base image" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Describe the image to add" })).toHaveValue("a balloon");
    expect(requests).toHaveLength(0);
  });
});
