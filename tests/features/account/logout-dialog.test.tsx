// The Confirm Logout dialog: signing out, and removing (or keeping) what this device holds of the user.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { openDB } from "idb";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REMOVE_DATA_LABEL } from "@/features/account/logout-dialog";
import { ART_DB_NAME, listCreations } from "@/lib/creations";
import { putCreation } from "@/lib/creations/write";
import { server } from "../../msw/server";
import { logoutHandler, makeUser, SESSION_STORAGE_KEY, SUPABASE_URL } from "../../msw/supabase";
import { openFromMenu, renderSignedIn } from "./helpers";

const ADA = makeUser();
const BOB_ID = "22222222-2222-4222-8222-222222222222";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Confirm Logout", () => {
  it("asks first; Cancel keeps the visitor signed in", async () => {
    let calls = 0;
    server.use(logoutHandler(() => calls++));
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    expect(dialog).toHaveTextContent("Are you sure you want to log out of your account?");
    await setup.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Account menu" })).toBeInTheDocument();
    expect(calls).toBe(0);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('Logout signs out: "You have been logged out successfully" and the login screen', async () => {
    let calls = 0;
    server.use(logoutHandler(() => calls++));
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("You have been logged out successfully")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(setup.router.state.location.pathname).toBe("/auth");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(calls).toBe(1);
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
  });

  it("on a public page, signing out leaves the Log In button and no dialog", async () => {
    server.use(logoutHandler());
    const setup = await renderSignedIn({ path: "/documentation" });
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("button", { name: "Log In" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(setup.router.state.location.pathname).toBe("/documentation");
  });

  it('a failed sign-out says "Failed to log out. Please try again."', async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/logout`, () =>
        HttpResponse.json({ message: "boom" }, { status: 500 }),
      ),
    );
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Failed to log out. Please try again.")).toBeInTheDocument();
  });
});

/** One kept result of `userId` (records and blobs as the store keeps them; no thumbnails needed). */
async function keepFor(userId: string, id: string) {
  await putCreation(userId, {
    record: {
      id,
      tool: "poetry",
      kind: "text",
      mimeType: "text/plain",
      fileName: "poem.txt",
      instruction: `a poem ${id}`,
      photo: id,
      createdAt: Date.now(),
      fileSize: 4,
      totalSize: 4,
      hasOriginal: false,
    },
    thumbs: { id },
    files: { id, file: new Blob(["poem"], { type: "text/plain" }) },
  });
}

/** The Art canvas's database as src/tools/art/canvas/storage.ts makes it. */
function artDb() {
  return openDB(ART_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore("drawings");
    },
  });
}

async function drawFor(userId: string) {
  const database = await artDb();
  await database.put(
    "drawings",
    { picture: new Blob(["png"], { type: "image/png" }), locked: null, savedAt: 1 },
    `drawing:${userId}`,
  );
  database.close();
}

async function drawingKeys(): Promise<string[]> {
  const database = await artDb();
  const keys = (await database.getAllKeys("drawings")).map(String);
  database.close();
  return keys.sort();
}

async function creationIds(userId: string): Promise<string[]> {
  return (await listCreations(userId)).items.map((r) => r.id).sort();
}

/** Ada's and Bob's results and drawings on this device. */
async function twoAccountsOnThisDevice() {
  await keepFor(ADA.id, "ada-1");
  await keepFor(ADA.id, "ada-2");
  await keepFor(BOB_ID, "bob-1");
  await drawFor(ADA.id);
  await drawFor(BOB_ID);
}

async function logOut(setup: Awaited<ReturnType<typeof renderSignedIn>>, removeData: boolean) {
  const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
  const box = within(dialog).getByRole("checkbox", { name: REMOVE_DATA_LABEL });
  if (removeData) await setup.user.click(box);
  await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
  expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
}

describe("Confirm Logout on a shared device", () => {
  it('offers "Also remove my creations from this device", unticked, labelled and explained', async () => {
    server.use(logoutHandler());
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    const box = within(dialog).getByRole("checkbox", { name: "Also remove my creations from this device" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Other accounts' stay/);
  });

  it("unticked: the creations and the drawing stay on this device", async () => {
    server.use(logoutHandler());
    await twoAccountsOnThisDevice();
    const setup = await renderSignedIn();
    await logOut(setup, false);
    expect(await creationIds(ADA.id)).toEqual(["ada-1", "ada-2"]);
    expect(await creationIds(BOB_ID)).toEqual(["bob-1"]);
    expect(await drawingKeys()).toEqual([`drawing:${ADA.id}`, `drawing:${BOB_ID}`]);
  });

  it("ticked: removes only this account's creations and drawing, then signs out", async () => {
    let logouts = 0;
    server.use(logoutHandler(() => logouts++));
    await twoAccountsOnThisDevice();
    const setup = await renderSignedIn();
    await logOut(setup, true);
    expect(await screen.findByText("You have been logged out successfully")).toBeInTheDocument();
    expect(logouts).toBe(1);
    expect(await creationIds(ADA.id)).toEqual([]);
    expect(await creationIds(BOB_ID)).toEqual(["bob-1"]);
    expect(await drawingKeys()).toEqual([`drawing:${BOB_ID}`]);
  });

  it("ticked on a device that never drew: no error, and no empty Art database left behind", async () => {
    server.use(logoutHandler());
    await keepFor(ADA.id, "ada-1");
    const setup = await renderSignedIn();
    await logOut(setup, true);
    expect(await creationIds(ADA.id)).toEqual([]);
    expect(screen.queryByText(/could not be removed/)).not.toBeInTheDocument();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(ART_DB_NAME);
  });

  it("ticked, but the device's storage fails: says so plainly and still signs out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let logouts = 0;
    server.use(logoutHandler(() => logouts++));
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("checkbox", { name: REMOVE_DATA_LABEL }));
    // Storage blocked from here on (a browser setting, a broken profile).
    const blocked = {
      open: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    };
    vi.stubGlobal("indexedDB", blocked);
    try {
      await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
      expect(
        await screen.findByText(
          "Your creations and your drawing could not be removed from this device and are still on it. Log in again to delete them.",
        ),
      ).toBeInTheDocument();
      expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
      expect(logouts).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("the visitor's own Gemini key on a shared device", () => {
  const KEY_FIELD = "Gemini API key";

  async function openKeyField(setup: Awaited<ReturnType<typeof renderSignedIn>>) {
    await setup.user.click(await screen.findByText(/Your own Gemini API key/));
    return screen.findByLabelText(KEY_FIELD);
  }

  const storedKeys = () =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).filter((name) => name.startsWith("geminiApiKey")),
    );

  it.each([
    ["remembered on this device", true],
    ["for this tab only", false],
  ])("%s: kept for this account, gone at logout; the next account sees no key", async (_, remember) => {
    server.use(logoutHandler());
    const ada = await renderSignedIn({ path: "/visual-poetry" });
    const field = await openKeyField(ada);
    await waitFor(() => expect(field).toBeEnabled());
    if (remember)
      await ada.user.click(await screen.findByRole("checkbox", { name: /Remember on this device/ }));
    await ada.user.type(field, "ada-own-key");
    expect(storedKeys()).toEqual([`geminiApiKey:${ADA.id}`]);
    expect((remember ? localStorage : sessionStorage).getItem(`geminiApiKey:${ADA.id}`)).toBe("ada-own-key");

    await logOut(ada, false);
    expect(storedKeys()).toEqual([]);
    cleanup();

    const bob = await renderSignedIn({
      path: "/visual-poetry",
      user: { id: BOB_ID, email: "bob@example.com" },
    });
    expect(await screen.findByText(/Your own Gemini API key/)).not.toHaveTextContent("in use");
    const bobField = await openKeyField(bob);
    await waitFor(() => expect(bobField).toBeEnabled());
    expect(bobField).toHaveValue("");
  });

  it("a key left under the old browser-wide name is dropped, never shown to whoever signs in", async () => {
    localStorage.setItem("geminiApiKey", "someone-elses-key");
    sessionStorage.setItem("geminiApiKey", "someone-elses-key");
    const setup = await renderSignedIn({ path: "/visual-poetry" });
    const field = await openKeyField(setup);
    await waitFor(() => expect(field).toBeEnabled());
    expect(field).toHaveValue("");
    expect(localStorage.getItem("geminiApiKey")).toBeNull();
    expect(sessionStorage.getItem("geminiApiKey")).toBeNull();
  });
});
