// The Help Center dialog: the articles as the backend lists them, loading, empty and failed states.
import { screen, within } from "@testing-library/react";
import { http, HttpResponse, delay } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HelpArticlesQueryError, helpArticlesErrorMessage } from "@/lib/help-articles";
import { server } from "../../msw/server";
import { SUPABASE_URL } from "../../msw/supabase";
import { openFromMenu, renderSignedIn } from "./helpers";

const ARTICLES = [
  { id: 1, title: "Getting Started", content: "Create an account on the Login page." },
  { id: 2, title: "How to Use Our AI Conversions", content: "Upload a JPG, PNG or WEBP photo." },
  { id: 7, title: "Subscription Plans", content: "Every account starts on the free Freemium plan." },
];

afterEach(() => {
  vi.restoreAllMocks();
});

function articlesHandler(respond: () => Response | Promise<Response>, onRequest?: (url: URL) => void) {
  return http.get(`${SUPABASE_URL}/rest/v1/help_articles`, ({ request }) => {
    onRequest?.(new URL(request.url));
    return respond();
  });
}

async function openHelp() {
  const setup = await renderSignedIn();
  const dialog = await openFromMenu(setup, "Help", "Help Center");
  return { ...setup, dialog };
}

describe("Help Center", () => {
  it("asks for every column ordered by id ascending and lists title and content in that order", async () => {
    const urls: URL[] = [];
    server.use(
      articlesHandler(
        () => HttpResponse.json(ARTICLES),
        (url) => urls.push(url),
      ),
    );
    const { dialog } = await openHelp();
    const list = await within(dialog).findByRole("list", { name: "Help articles" });
    const headings = within(list).getAllByRole("heading", { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(ARTICLES.map((a) => a.title));
    for (const article of ARTICLES) {
      const item = within(list).getByRole("article", { name: article.title });
      expect(item).toHaveTextContent(article.content);
    }
    expect(urls[0]?.searchParams.get("select")).toBe("*");
    expect(urls[0]?.searchParams.get("order")).toBe("id.asc");
  });

  it("shows a loading state first", async () => {
    server.use(
      articlesHandler(async () => {
        await delay(200);
        return HttpResponse.json(ARTICLES);
      }),
    );
    const { dialog } = await openHelp();
    expect(within(dialog).getByRole("status", { name: "Loading help articles" })).toBeInTheDocument();
    expect(await within(dialog).findByText("Getting Started")).toBeInTheDocument();
  });

  it('says "No help articles found" when there are none', async () => {
    server.use(articlesHandler(() => HttpResponse.json([])));
    const { dialog } = await openHelp();
    expect(await within(dialog).findByText("No help articles found")).toBeInTheDocument();
  });

  it('a failed query says "Failed to load help articles", and Try again loads them', async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    server.use(
      articlesHandler(() =>
        fail
          ? HttpResponse.json(
              {
                code: "42P01",
                message: 'relation "help_articles" does not exist',
                details: null,
                hint: null,
              },
              { status: 500 },
            )
          : HttpResponse.json(ARTICLES),
      ),
    );
    const { dialog, user } = await openHelp();
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load help articles");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByText("Subscription Plans")).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  // A query the backend refuses is covered above; the rows' shape is the Database type's
  // (tests/backend/database-types.test.ts). Anything else that goes wrong reads as unexpected.
  it('anything unexpected says "An unexpected error occurred"', () => {
    expect(helpArticlesErrorMessage(new TypeError("Failed to fetch dynamically imported module"))).toBe(
      "An unexpected error occurred",
    );
    expect(helpArticlesErrorMessage(new HelpArticlesQueryError("permission denied"))).toBe(
      "Failed to load help articles",
    );
  });

  it("Contact Support swaps the Help Center for the support form", async () => {
    server.use(articlesHandler(() => HttpResponse.json(ARTICLES)));
    const { dialog, user } = await openHelp();
    await user.click(within(dialog).getByRole("button", { name: "Contact Support" }));
    expect(await screen.findByRole("dialog", { name: "Contact Support" })).toBeInTheDocument();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});
