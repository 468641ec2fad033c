/// <reference types="node" />
// What the /api/checkout tests share: a test card, shoppers (signed-up users with their token), what a
// user reads back of their plan and payments, and requests to the running server.
import { signUpUser, supabaseUrl, type TestUser, accessToken } from "./helpers";
import type { Tables } from "../../src/config/database.types";

export const ENDPOINT = "/api/checkout";
export const CARD_NUMBER = "4242424242424242";
export const CVC = "987";
/** A card good until December, two years from now (MMYY). */
export const EXPIRY = `12${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
export const CARD = { number: CARD_NUMBER, expiry: EXPIRY, cvc: CVC, name: "Ada Lovelace" };

export type Shopper = TestUser & { token: string };

export async function shopper(label: string): Promise<Shopper> {
  const user = await signUpUser(label);
  return { ...user, token: await accessToken(user) };
}

/** The tier the user reads from their own row (no row: Freemium, as the app reads it). */
export async function tierOf(user: TestUser): Promise<string> {
  const { data, error } = await user.client.from("subscriptions").select("tier").eq("user_id", user.user.id);
  expect(error).toBeNull();
  expect(data?.length ?? 0).toBeLessThanOrEqual(1);
  return data?.[0]?.tier ?? "Freemium";
}

/** The payments the user can read (row-level security: their own). */
export async function paymentsOf(user: TestUser): Promise<Tables<"payments">[]> {
  const { data, error } = await user.client.from("payments").select("*").order("created_at");
  expect(error).toBeNull();
  return data ?? [];
}

export type SendOptions = {
  token?: string | null;
  method?: string;
  contentType?: string;
  body?: BodyInit | null;
};

export function send(options: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? "POST";
  return fetch(`${supabaseUrl()}${ENDPOINT}`, { method, headers, body: options.body ?? null });
}

export function post(body: unknown, token: string | null): Promise<Response> {
  return send({ token, body: JSON.stringify(body) });
}

export type Answer = {
  error?: string;
  fields?: Record<string, string>;
  ok?: boolean;
  tier?: string;
  paymentId?: unknown;
};

export async function answerOf(response: Response): Promise<Answer> {
  return (await response.json()) as Answer;
}

/** Waits, if the current fixed window ends within `marginMs`, until the next one starts. */
export async function clearOfWindowEdge(windowSeconds: number, marginMs = 5_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
