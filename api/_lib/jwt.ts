/**
 * Verifies a Supabase access token (HS256) with the project's JWT secret, in this process: no round
 * trip to the auth server, for the one handler where every millisecond is added to each AI call
 * (api/ai.ts). Checks the signature (constant time, Web Crypto), the algorithm, expiry and not-before
 * (with a little clock skew), the `authenticated` role and a user id. A token stays valid until it
 * expires (an hour by default) even after its session signs out; handlers that change something
 * lasting (checkout, support) ask the auth server instead.
 */

export type VerifiedClaims = { sub: string; email?: string; exp: number; role: string };

const SKEW_SECONDS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function base64UrlDecode(part: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return null;
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (part.length % 4)) % 4);
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = base64UrlDecode(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    );
    keys.set(secret, key);
  }
  return key;
}

/** The token's claims when it is a valid, unexpired user session signed with `secret`; else null. */
export async function verifyHs256(
  token: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
): Promise<VerifiedClaims | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  if (!header || header.alg !== "HS256") return null;
  const signature = base64UrlDecode(signaturePart);
  if (!signature) return null;
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, signed);
  if (!valid) return null;
  const claims = decodeJson(payloadPart);
  if (!claims) return null;
  const { sub, exp, nbf, role, email } = claims;
  if (typeof exp !== "number" || exp + SKEW_SECONDS < nowSeconds) return null;
  if (typeof nbf === "number" && nbf - SKEW_SECONDS > nowSeconds) return null;
  if (role !== "authenticated" || typeof sub !== "string" || !UUID.test(sub)) return null;
  return { sub, exp, role, ...(typeof email === "string" ? { email } : {}) };
}
