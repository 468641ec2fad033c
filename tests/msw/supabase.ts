import { http, HttpResponse, type JsonBodyType } from "msw";
import type { Session, User } from "@supabase/supabase-js";
import type { TierId } from "@/config/tiers";

export const SUPABASE_URL = "http://supabase.test";
/** Where supabase-js keeps the session for SUPABASE_URL (sb-<first host label>-auth-token). */
export const SESSION_STORAGE_KEY = "sb-supabase-auth-token";

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    aud: "authenticated",
    role: "authenticated",
    email: "ada@example.com",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: {},
    identities: [],
    created_at: "2026-10-01T10:00:00Z",
    ...overrides,
  } as User;
}

export function makeSession(user: User = makeUser()): Session {
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: "test-access-token",
    refresh_token: "test-refresh-token",
    expires_in: 3600,
    expires_at: now + 3600,
    token_type: "bearer",
    user,
  };
}

/** Start a test signed in: supabase-js reads this stored session without a network call. */
export function storeSession(session: Session = makeSession()) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** GET /rest/v1/subscriptions answering the given tier (null: no row, i.e. Freemium). */
export function subscriptionHandler(tier: TierId | null, onRequest?: (url: URL) => void) {
  return http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, ({ request }) => {
    onRequest?.(new URL(request.url));
    // maybeSingle() asks for an object; no row is answered as an empty array by PostgREST.
    const body: JsonBodyType = tier ? [{ tier }] : [];
    return HttpResponse.json(body);
  });
}

/** POST /auth/v1/token?grant_type=password answering a session or the provider's error. */
export function passwordLoginHandler(
  result: { session: Session } | { status: number; message: string; code?: string },
) {
  return http.post(`${SUPABASE_URL}/auth/v1/token`, ({ request }) => {
    const grant = new URL(request.url).searchParams.get("grant_type");
    if (grant !== "password") return HttpResponse.json({ message: "unexpected grant" }, { status: 400 });
    if ("session" in result) return HttpResponse.json(result.session);
    return HttpResponse.json(
      {
        code: result.status,
        error_code: result.code ?? "invalid_credentials",
        msg: result.message,
        message: result.message,
      },
      { status: result.status },
    );
  });
}

export function signUpHandler(
  result: { session: Session | null; user?: User } | { status: number; message: string; code?: string },
) {
  return http.post(`${SUPABASE_URL}/auth/v1/signup`, () => {
    if ("status" in result) {
      return HttpResponse.json(
        {
          code: result.status,
          error_code: result.code ?? "weak_password",
          msg: result.message,
          message: result.message,
        },
        { status: result.status },
      );
    }
    return HttpResponse.json(result.session ?? result.user ?? makeUser());
  });
}

export function logoutHandler(onRequest?: () => void) {
  return http.post(`${SUPABASE_URL}/auth/v1/logout`, () => {
    onRequest?.();
    return new HttpResponse(null, { status: 204 });
  });
}
