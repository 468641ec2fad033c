/// <reference types="node" />
// What the /api/submit-support tests share: a valid request body, requests to the running server, and
// the rows a user reads back.
import { supabaseUrl, type TestUser } from "./helpers";

export const ENDPOINT = "/api/submit-support";

export type Payload = Record<string, unknown>;

export function payload(overrides: Payload = {}): Payload {
  return {
    name: "Ada Lovelace",
    email: "ada@example.com",
    issueType: "Billing Question",
    description: "I was charged twice this month.",
    ...overrides,
  };
}

export type PostOptions = {
  token?: string | null;
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
};

/** Sends a request to the running server; the body defaults to `payload()` as JSON. */
export function send(options: PostOptions = {}, path = ENDPOINT): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? "POST";
  const body =
    options.body !== undefined ? options.body : method === "GET" ? null : JSON.stringify(payload());
  return fetch(`${supabaseUrl()}${path}`, { method, headers, body });
}

export function post(body: Payload, token: string | null): Promise<Response> {
  return send({ token, body: JSON.stringify(body) });
}

export async function errorOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: unknown };
  return String(body.error);
}

export async function ownRows(user: TestUser) {
  const { data, error } = await user.client
    .from("support_requests")
    .select("id, user_id, description, type")
    .order("created_at");
  expect(error).toBeNull();
  return data ?? [];
}

/** Runs `act`; its result and the rows `user` gained meanwhile (of all the rows they can see). */
export async function withNewRows<T>(user: TestUser, act: () => Promise<T>) {
  const before = await ownRows(user);
  const result = await act();
  const after = await ownRows(user);
  return { result, added: after.filter((row) => !before.some((old) => old.id === row.id)) };
}
