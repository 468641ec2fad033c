// The Contact Support dialog: the form, what it sends to /api/submit-support, and every answer.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type JsonBodyType } from "msw";
import type { User } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SUPPORT_DESCRIPTION_MAX_LENGTH } from "@/config/support";
import { server } from "../../msw/server";
import { openFromMenu, renderSignedIn } from "./helpers";

/** jsdom's origin in vitest: a relative fetch("/api/...") goes here. */
const SUPPORT_URL = "http://localhost:3000/api/submit-support";

type Captured = { body: unknown; authorization: string | null; contentType: string | null };

function supportHandler(
  respond: () => Response | Promise<Response> = () => HttpResponse.json({ ok: true, id: "req-1" }),
) {
  const calls: Captured[] = [];
  server.use(
    http.post(SUPPORT_URL, async ({ request }) => {
      calls.push({
        body: await request.json(),
        authorization: request.headers.get("authorization"),
        contentType: request.headers.get("content-type"),
      });
      return respond();
    }),
  );
  return calls;
}

async function openSupport(user?: Partial<User>) {
  const setup = await renderSignedIn({ user });
  const dialog = await openFromMenu(setup, "Support", "Contact Support");
  return { ...setup, dialog };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Contact Support", () => {
  it("offers the four issue types, Technical Issue first and chosen", async () => {
    const { dialog, user } = await openSupport();
    const type = within(dialog).getByRole("combobox", { name: "Issue type" });
    expect(type).toHaveTextContent("Technical Issue");
    await user.click(type);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Technical Issue",
      "Billing Question",
      "Feature Request",
      "Other",
    ]);
    await user.click(screen.getByRole("option", { name: "Feature Request" }));
    expect(type).toHaveTextContent("Feature Request");
  });

  it.each(["", "   \n   "])(
    'a blank description (%j) says "Please provide a description of your issue" and sends nothing',
    async (text) => {
      const calls = supportHandler();
      const { dialog, user } = await openSupport();
      const description = within(dialog).getByLabelText("Description");
      if (text) await user.type(description, text);
      await user.click(within(dialog).getByRole("button", { name: "Submit Request" }));
      expect(within(dialog).getByRole("alert")).toHaveTextContent(
        "Please provide a description of your issue",
      );
      expect(description).toHaveAttribute("aria-invalid", "true");
      expect(calls).toHaveLength(0);
      await user.type(description, "Now with words");
      expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    },
  );

  it(`caps the description at ${SUPPORT_DESCRIPTION_MAX_LENGTH} characters with a counter`, async () => {
    const { dialog, user } = await openSupport();
    const description = within(dialog).getByLabelText("Description");
    expect(description).toHaveAttribute("maxLength", String(SUPPORT_DESCRIPTION_MAX_LENGTH));
    expect(within(dialog).getByText(`0 / ${SUPPORT_DESCRIPTION_MAX_LENGTH}`)).toBeInTheDocument();
    await user.type(description, "Hello");
    expect(within(dialog).getByText(`5 / ${SUPPORT_DESCRIPTION_MAX_LENGTH}`)).toBeInTheDocument();
  });

  it("posts {name, email, issueType, description} with the session's bearer token, then toasts and closes", async () => {
    const calls = supportHandler();
    const { dialog, user } = await openSupport({ email: "ada@example.com" });
    await user.click(within(dialog).getByRole("combobox", { name: "Issue type" }));
    await user.click(await screen.findByRole("option", { name: "Billing Question" }));
    await user.type(within(dialog).getByLabelText("Description"), "  I was charged twice.  ");
    await user.click(within(dialog).getByRole("button", { name: "Submit Request" }));

    expect(await screen.findByText("Support request submitted successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        body: {
          name: "ada@example.com",
          email: "ada@example.com",
          issueType: "Billing Question",
          description: "I was charged twice.",
        },
        authorization: "Bearer test-access-token",
        contentType: "application/json",
      },
    ]);
  });

  it("sends the saved display name as the name", async () => {
    localStorage.setItem("displayName", "Grace Hopper");
    const calls = supportHandler();
    const { dialog, user } = await openSupport({ email: "grace@example.com" });
    await user.type(within(dialog).getByLabelText("Description"), "Hi");
    await user.click(within(dialog).getByRole("button", { name: "Submit Request" }));
    await screen.findByText("Support request submitted successfully!");
    expect(calls[0]?.body).toEqual({
      name: "Grace Hopper",
      email: "grace@example.com",
      issueType: "Technical Issue",
      description: "Hi",
    });
  });

  it('shows "Submitting..." and a disabled button while busy; a double click sends once', async () => {
    // The server answers only once the test has seen the busy button (a fixed delay could pass first
    // on a loaded machine).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = supportHandler(async () => {
      await held;
      return HttpResponse.json({ ok: true, id: "req-2" });
    });
    const { dialog, user } = await openSupport();
    await user.type(within(dialog).getByLabelText("Description"), "Upload fails");
    await user.dblClick(within(dialog).getByRole("button", { name: "Submit Request" }));
    expect(await within(dialog).findByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    expect(await screen.findByText("Support request submitted successfully!")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it.each<[string, number, JsonBodyType, string | null]>([
    ["the server's message", 400, { error: "Description is too long" }, "Description is too long"],
    ["no message", 500, null, null],
  ])("a failure shows the error message (%s) and keeps the form", async (_case, status, body, shown) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    supportHandler(() => HttpResponse.json(body, { status }));
    const { dialog, user } = await openSupport();
    const description = within(dialog).getByLabelText("Description");
    await user.type(description, "Something broke");
    await user.click(within(dialog).getByRole("button", { name: "Submit Request" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("An error occurred submitting your request. Please try again later.");
    if (shown) expect(alert).toHaveTextContent(shown);
    expect(description).toHaveValue("Something broke");
    expect(within(dialog).getByRole("button", { name: "Submit Request" })).toBeEnabled();
    expect(screen.queryByText("Support request submitted successfully!")).not.toBeInTheDocument();
  });

  it("a network failure shows the error message too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.post(SUPPORT_URL, () => HttpResponse.error()));
    const { dialog, user } = await openSupport();
    await user.type(within(dialog).getByLabelText("Description"), "Offline?");
    await user.click(within(dialog).getByRole("button", { name: "Submit Request" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "An error occurred submitting your request. Please try again later.",
    );
  });

  it("Cancel closes the form without sending", async () => {
    const calls = supportHandler();
    const { dialog, user } = await openSupport();
    await user.type(within(dialog).getByLabelText("Description"), "Never mind");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
