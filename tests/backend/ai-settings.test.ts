/// <reference types="node" />
// The AI proxy's settings from the environment (api/_lib/ai-settings.ts) and its in-process session
// check (api/_lib/jwt.ts verifyHs256).
import { aiSettings, REASONS } from "../../api/ai";
import { verifyHs256 } from "../../api/_lib/jwt";
import { jwtSecret, signUpUser, accessToken } from "./helpers";
import { imageBody, post, expectGeminiError } from "./ai-proxy-helpers";

describe("aiSettings", () => {
  it("forwards to the local engine on the server's own address when no key is set", () => {
    expect(aiSettings({ LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173" }).upstream).toEqual({
      configured: true,
      local: true,
      baseUrl: "http://127.0.0.1:4173/__local-ai",
    });
  });

  it("takes its limits from the environment, ignoring nonsense", () => {
    const settings = aiSettings({
      AI_RATE_LIMIT_PER_MINUTE: "5",
      AI_MAX_IMAGES: "-3",
      GEMINI_IMAGE_MODEL: "models/x",
    });
    expect(settings).toMatchObject({ ratePerMinute: 5, maxImages: 4, imageModel: "x" });
  });
});

describe("verifyHs256 (the proxy's in-process session check)", () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  async function sign(claims: Record<string, unknown>, secret: string, alg = "HS256") {
    const unsigned = `${encode({ alg, typ: "JWT" })}.${encode(claims)}`;
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const signature = Buffer.from(
      await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(unsigned)),
    ).toString("base64url");
    return `${unsigned}.${signature}`;
  }
  const claims = (extra: Record<string, unknown> = {}) => ({
    sub: crypto.randomUUID(),
    role: "authenticated",
    exp: Math.floor(Date.now() / 1000) + 600,
    ...extra,
  });

  it("accepts the local backend's own session tokens", async () => {
    const user = await signUpUser("jwt-real");
    const verified = await verifyHs256(await accessToken(user), jwtSecret());
    expect(verified?.sub).toBe(user.user.id);
  });

  it("refuses a token signed with another secret, expired, not yet valid, unsigned or not a user's", async () => {
    const secret = jwtSecret();
    expect(await verifyHs256(await sign(claims(), "another-secret-entirely-0123456789"), secret)).toBeNull();
    expect(
      await verifyHs256(await sign(claims({ exp: Math.floor(Date.now() / 1000) - 120 }), secret), secret),
    ).toBeNull();
    expect(
      await verifyHs256(await sign(claims({ nbf: Math.floor(Date.now() / 1000) + 600 }), secret), secret),
    ).toBeNull();
    expect(await verifyHs256(await sign(claims({ role: "service_role" }), secret), secret)).toBeNull();
    expect(await verifyHs256(await sign(claims({ sub: "not-a-uuid" }), secret), secret)).toBeNull();
    const none = `${encode({ alg: "none" })}.${encode(claims())}.`;
    expect(await verifyHs256(none, secret)).toBeNull();
    expect(await verifyHs256("a.b", secret)).toBeNull();
    expect(await verifyHs256(await sign(claims(), secret), secret)).not.toBeNull();
  });

  it("is what the proxy uses: a token signed with another secret is refused over HTTP", async () => {
    const forged = await sign(claims(), "another-secret-entirely-0123456789");
    await expectGeminiError(await post(null, imageBody(), { token: forged }), 401, REASONS.sessionInvalid);
  });
});
