/** The help center's articles, read from the public `help_articles` table, and what a failed load says. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Tables } from "@/config/database.types";
import { getSupabase } from "@/lib/supabase";

/** A row of `help_articles` (SPEC 3): public, read-only, listed by ascending id. */
export type HelpArticle = Tables<"help_articles">;

/** The backend answered the query with an error (network down, table missing, refused...). */
export class HelpArticlesQueryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "HelpArticlesQueryError";
  }
}

/** Every help article, in id order. Throws HelpArticlesQueryError when the query fails. */
export async function fetchHelpArticles(): Promise<HelpArticle[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("help_articles").select("*").order("id", { ascending: true });
  if (error) throw new HelpArticlesQueryError(error.message, { cause: error });
  return data;
}

export const helpArticlesQueryOptions = () =>
  queryOptions({
    queryKey: ["help-articles"],
    queryFn: fetchHelpArticles,
    staleTime: 5 * 60_000,
    // supabase-js already retries a failed read with backoff; the dialog offers "Try again" after that.
    retry: false,
  });

export function useHelpArticles() {
  return useQuery(helpArticlesQueryOptions());
}

/** What the help center says when loading failed (SPEC 8, Help). */
export function helpArticlesErrorMessage(error: unknown): string {
  return error instanceof HelpArticlesQueryError
    ? "Failed to load help articles"
    : "An unexpected error occurred";
}
