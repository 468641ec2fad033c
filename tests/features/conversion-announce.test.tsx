/** A style conversion as a screen reader hears it: the start, the result, a failure and a retry wait, once each. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { PLAN_CHECK_FAILURE } from "@/lib/allowance";
import { server } from "../msw/server";
import { SUPABASE_URL } from "../msw/supabase";
import { listenToLiveRegions } from "../live-announce-kit";
import { frog, hulk, openPage, signedIn, upload } from "./conversion-kit";
import { fakeImageModel } from "./fake-image-model";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { toolPageEnvironment } from "./tool-kit";

toolPageEnvironment();
const live = listenToLiveRegions();

describe("a style conversion, as announced", () => {
  it("says the start and the result once each, and focus lands on the result's first action", async () => {
    signedIn();
    fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    await upload();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    await waitFor(() => expect(live.times(new RegExp(hulk.toasts.success))).toBe(1));
    expect(live.times(/Processing your image\.\.\./)).toBe(1);
    // Focus was not left on <body> when the overlay closed.
    await waitFor(() => expect(screen.getByRole("button", { name: "Download" })).toHaveFocus());
  });

  it("says a failure once, with what to do: the banner is the alert and no toast repeats it", async () => {
    signedIn();
    fakeImageModel(["finish-no-image.json"]);
    await openPage(hulk);
    await upload();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveAttribute("role", "alert");
    // The alert appears with its message and advice in it (announced as it is inserted); no live
    // region (a toast) says either a second time.
    expect(banner).toHaveTextContent("Error: Failed to process image: No modified image returned from API");
    const advice = banner.querySelector("[data-slot=alert-description] p")!.textContent!;
    expect(advice.length).toBeGreaterThan(20);
    await waitFor(() =>
      expect(document.querySelector("[data-sonner-toast]:not([data-removed='true'])")).toBeNull(),
    );
    expect(live.times(/Failed to process image/)).toBe(0);
    expect(live.said().some((text) => text.includes(advice))).toBe(false);
    // After the overlay, focus is on the banner's "Try again".
    await waitFor(() => expect(screen.getByRole("button", { name: "Try again" })).toHaveFocus());
  });

  it("says a plan that cannot be checked when a photo is chosen once, assertively (there is no toast)", async () => {
    signedIn();
    fakeImageModel(["image-success.json"]);
    const { queryClient } = await openPage(hulk);
    // The page is open; the check at the moment of the upload reads the plan again, and cannot.
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, () =>
        HttpResponse.json({ message: "unavailable" }, { status: 400 }),
      ),
    );
    queryClient
      .getQueryCache()
      .findAll({ queryKey: ["subscription"] })
      .forEach((q) => q.setState({ isInvalidated: true }));
    await upload();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(PLAN_CHECK_FAILURE.message);
    await waitFor(() =>
      expect(live.times(new RegExp(`${PLAN_CHECK_FAILURE.message}\\. Check your internet connection`))).toBe(
        1,
      ),
    );
    expect(document.querySelector('[aria-live="assertive"]')).toHaveTextContent(PLAN_CHECK_FAILURE.message);
  });

  it("says a retry wait once, with its seconds and attempt, while the visible countdown ticks", async () => {
    signedIn();
    fakeImageModel(["error-429-quota.json", "image-success.json"]);
    await openPage(frog);
    holdRetryWaits();
    await upload();
    const countdown = await screen.findByTestId("retry-countdown");
    const first = countdown.textContent;
    await waitFor(() => expect(countdown.textContent).not.toBe(first), { timeout: 2500 });
    expect(live.times(/Next try in \d+ seconds, attempt 2 of 3\./)).toBe(1);
    // The countdown itself is not a live region.
    expect(countdown.closest("[aria-live]")).toBeNull();
    passRetryWaits();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(live.times(/Next try in/)).toBe(1);
  });

  it("Cancel: focus goes to what is left to do with the photo, not to <body>", async () => {
    signedIn();
    fakeImageModel(["error-429-quota.json"]);
    await openPage(frog);
    holdRetryWaits();
    await upload();
    await screen.findByTestId("retry-countdown");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.setup().keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Try Another Image" })).toHaveFocus());
  });
});
