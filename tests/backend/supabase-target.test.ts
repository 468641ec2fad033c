/// <reference types="node" />
// supabaseTarget (api/_lib/supabase.ts): the handlers' Supabase project comes from configuration only,
// never from the request, so a forged Host header can never redirect a caller's token.
import handler from "../../api/submit-support";
import { supabaseTarget } from "../../api/_lib/supabase";
import { LOCAL_PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { signUpUser, supabaseUrl, accessToken } from "./helpers";
import { ENDPOINT, payload, errorOf, withNewRows } from "./support-helpers";

describe("supabaseTarget (api/_lib/supabase.ts): the project comes from configuration only", () => {
  it("uses the hosted project's server-side names first, then the app's VITE_ names, with its secret key", () => {
    const env = {
      SUPABASE_URL: "https://server.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_server",
      SUPABASE_SECRET_KEY: "sb_secret_server",
      VITE_SUPABASE_URL: "https://app.supabase.co",
      VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_app",
      LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173",
      LOCAL_SUPABASE_SECRET_KEY: "sb_secret_local",
    };
    expect(supabaseTarget(env)).toEqual({
      ok: true,
      target: {
        url: "https://server.supabase.co",
        publishableKey: "sb_publishable_server",
        secretKey: "sb_secret_server",
      },
    });
    // A hosted project never gets the local key.
    expect(
      supabaseTarget({
        VITE_SUPABASE_URL: env.VITE_SUPABASE_URL,
        VITE_SUPABASE_PUBLISHABLE_KEY: env.VITE_SUPABASE_PUBLISHABLE_KEY,
        LOCAL_SUPABASE_SECRET_KEY: env.LOCAL_SUPABASE_SECRET_KEY,
      }),
    ).toEqual({
      ok: true,
      target: { url: "https://app.supabase.co", publishableKey: "sb_publishable_app", secretKey: undefined },
    });
  });

  it("reports a hosted URL without a publishable key, and the handler answers 500 naming it in the log", async () => {
    const result = supabaseTarget({
      SUPABASE_URL: "https://server.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: " ",
    });
    expect(result).toEqual({ ok: false, problem: expect.stringContaining("SUPABASE_PUBLISHABLE_KEY") });

    vi.stubEnv("SUPABASE_URL", "https://server.supabase.co");
    vi.stubEnv("SUPABASE_PUBLISHABLE_KEY", "");
    vi.stubEnv("VITE_SUPABASE_PUBLISHABLE_KEY", "");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await handler.fetch(
        new Request("http://localhost/api/submit-support", {
          method: "POST",
          headers: { authorization: "Bearer t", "content-type": "application/json" },
          body: JSON.stringify(payload()),
        }),
      );
      expect(response.status).toBe(500);
      expect(await errorOf(response)).toBe("Failed to submit support request");
      expect(String(consoleError.mock.calls[0]?.[0])).toContain("SUPABASE_PUBLISHABLE_KEY");
    } finally {
      consoleError.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it("reports no project at all when neither a URL nor the local server's own origin is set", () => {
    for (const env of [{}, { SUPABASE_URL: " ", VITE_SUPABASE_URL: "", LOCAL_SERVER_ORIGIN: "" }]) {
      expect(supabaseTarget(env)).toEqual({
        ok: false,
        problem: expect.stringContaining("SUPABASE_URL is not set"),
      });
    }
  });

  it("without a hosted URL, uses the local server's own origin, the local publishable key and the local secret key", () => {
    expect(
      supabaseTarget({
        LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173",
        LOCAL_SUPABASE_SECRET_KEY: "sb_secret_local",
      }),
    ).toEqual({
      ok: true,
      target: {
        url: "http://127.0.0.1:4173",
        publishableKey: LOCAL_PUBLISHABLE_KEY,
        secretKey: "sb_secret_local",
      },
    });
    // SUPABASE_SECRET_KEY, when set, wins over the generated local key.
    expect(
      supabaseTarget({
        LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173",
        LOCAL_SUPABASE_SECRET_KEY: "sb_secret_local",
        SUPABASE_SECRET_KEY: "sb_secret_set",
      }),
    ).toMatchObject({ ok: true, target: { secretKey: "sb_secret_set" } });
  });

  it("ignores a forged Host header: the caller's token goes to the configured backend, never to that host", async () => {
    const alice = await signUpUser("support-host");
    const token = await accessToken(alice);
    // A server standing in for an attacker's: it records whatever reaches it.
    const reached: { url?: string; authorization?: string }[] = [];
    const attacker = createServer((req, res) => {
      reached.push({ url: req.url, authorization: req.headers.authorization });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ id: "11111111-1111-4111-8111-111111111111", aud: "authenticated" }));
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    const attackerHost = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    try {
      const { result, added } = await withNewRows(alice, () =>
        postWithHost(
          attackerHost,
          token,
          JSON.stringify(payload({ description: "Sent with a forged Host." })),
        ),
      );

      expect(result.status).toBe(201);
      expect(added.map((row) => [row.user_id, row.description])).toEqual([
        [alice.user.id, "Sent with a forged Host."],
      ]);
      expect(reached).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => attacker.close(() => resolve()));
    }
  });
});

/** POST /api/submit-support to the running server with the Host header of our choosing. */
function postWithHost(host: string, token: string, body: string): Promise<{ status: number; body: string }> {
  const server = new URL(supabaseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: server.hostname,
        port: server.port,
        path: ENDPOINT,
        method: "POST",
        headers: {
          host,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
