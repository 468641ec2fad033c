/// <reference types="node" />
// The picture's shape and size through /api/ai (issue 28 §2), on the real server: a 2K picture needs
// the $10/month plan and a 4K one the $30/month plan, refused before anything is reserved, counted or
// sent, with the gate's words (the page's size picker is no security boundary); a ratio or size Gemini
// does not take is refused the same way; and a real 4K answer (tens of MB of base64) gets through
// whole, passed on as it arrives rather than held in one buffer (a host answers a buffered response of
// at most a few MB), counted once and recorded and priced as 4K.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import sharp from "sharp";
import { inject } from "vitest";
import { aiSettings, REASONS, type AiSettings } from "../../api/ai";
import { WHOLE_ANSWER_BUFFER_BYTES } from "../../api/_lib/ai-answer";
import { AI_PRICES } from "../../src/config/ai-prices";
import type { TierId } from "../../src/config/tiers";
import { createServiceClient, signUpUser, type TestUser } from "./helpers";
import {
  IMAGE_MODEL,
  callProxy,
  expectGeminiError,
  fixture,
  imageBody,
  post,
  upstreamAnswer,
  usageOf,
} from "./ai-proxy-helpers";

let sql: postgres.Sql;
let settings: AiSettings;

beforeAll(() => {
  sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => undefined });
  settings = { ...aiSettings({ GEMINI_API_KEY: "server-key-for-tests" }), ratePerMinute: 100 };
});

afterAll(async () => {
  await sql.end();
});

/** A new user on `tier` (the subscriptions row the payment would write). */
async function userOn(tier: TierId, label: string): Promise<TestUser> {
  const user = await signUpUser(label);
  if (tier !== "Freemium") {
    const { error } = await createServiceClient()
      .from("subscriptions")
      .upsert({ user_id: user.user.id, tier });
    if (error) throw new Error(error.message);
  }
  return user;
}

/** An image request asking for this imageConfig. */
const asking = (imageConfig: unknown) => ({
  ...imageBody(),
  generationConfig: { responseModalities: ["TEXT", "IMAGE"], imageConfig },
});

async function callsOf(user: TestUser) {
  return sql<{ image_size: string | null; counted: boolean; cost_usd_micros: number; cost_basis: string }[]>`
    select image_size, counted, cost_usd_micros::float8 as cost_usd_micros, cost_basis
    from public.ai_calls where user_id = ${user.user.id} order by created_at`;
}

describe("a size the plan does not include is refused before anything is reserved or sent", () => {
  it.each([
    ["Freemium", "2K", "2K images require a $10/month subscription"],
    ["$5/month", "2K", "2K images require a $10/month subscription"],
    ["$10/month", "4K", "4K images require a $30/month subscription"],
  ] as const)("%s asking for %s: 403 with the gate's words", async (tier, size, message) => {
    const user = await userOn(tier, "size-gate");
    const upstream = upstreamAnswer(fixture("image-success.json"));
    const response = await callProxy(user, settings, upstream, { body: asking({ imageSize: size }) });
    expect(response.headers.get("x-conversions-used")).toBe("0");
    const body = await expectGeminiError(response, 403, REASONS.planRequired);
    expect(body.error).toMatchObject({ message, status: "PERMISSION_DENIED" });
    expect(upstream).not.toHaveBeenCalled();
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
    expect(await callsOf(user)).toEqual([]);
  });

  it.each([
    ["$10/month", "2K"],
    ["$30/month", "4K"],
    ["Freemium", "1K"],
  ] as const)("%s asking for %s goes through, counted once", async (tier, size) => {
    const user = await userOn(tier, "size-ok");
    const upstream = upstreamAnswer(fixture("image-success.json"));
    const response = await callProxy(user, settings, upstream, {
      body: asking({ aspectRatio: "16:9", imageSize: size }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const init = upstream.mock.calls[0]![1];
    const sent = JSON.parse(new TextDecoder().decode(init?.body as Uint8Array)) as {
      generationConfig: { imageConfig: unknown };
    };
    expect(sent.generationConfig.imageConfig).toEqual({ aspectRatio: "16:9", imageSize: size });
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("POST /api/ai on the running server refuses a Freemium 4K request the same way", async () => {
    const user = await userOn("Freemium", "size-server");
    const response = await post(user, asking({ imageSize: "4K" }));
    const body = await expectGeminiError(response, 403, REASONS.planRequired);
    expect(body.error).toMatchObject({ message: "4K images require a $30/month subscription" });
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });
});

describe("a shape or size Gemini does not take", () => {
  it.each([
    [{ imageSize: "8K" }],
    [{ imageSize: "4k" }],
    [{ imageSize: 4 }],
    [{ aspectRatio: "7:3" }],
    [{ aspectRatio: "same" }],
    ["16:9"],
  ])("%o: 400, nothing reserved or sent", async (imageConfig) => {
    const user = await userOn("$30/month", "size-unknown");
    const upstream = upstreamAnswer(fixture("image-success.json"));
    const response = await callProxy(user, settings, upstream, { body: asking(imageConfig) });
    const body = await expectGeminiError(response, 400, REASONS.outputNotSupported);
    expect(body.error).toMatchObject({ message: "This picture shape or size is not available." });
    expect(upstream).not.toHaveBeenCalled();
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });
});

describe("a 4K answer through the proxy", () => {
  it("arrives whole, passed on before the upstream has finished, counts one, priced as 4K", async () => {
    // A 4K 16:9 picture of noise (it does not compress): about 28 MB of PNG, 38 MB of base64.
    const width = 4096;
    const height = 2304;
    const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const data = png.toString("base64");
    expect(data.length).toBeGreaterThan(30_000_000);
    // Gemini's answer without usageMetadata: the call is priced by the per-image price of its size.
    const answer = new TextEncoder().encode(
      JSON.stringify({
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ text: "Here." }, { inlineData: { mimeType: "image/png", data } }],
            },
            finishReason: "STOP",
            index: 0,
          },
        ],
        modelVersion: IMAGE_MODEL,
      }),
    );
    // The upstream sends 1 MiB pieces and holds its last one back until the proxy's caller has
    // received the first bytes: a proxy that waited for the whole answer would never answer.
    let firstBytesArrived!: () => void;
    const received = new Promise<void>((resolve) => (firstBytesArrived = resolve));
    let upstreamDone = false;
    const PIECE = 1024 * 1024;
    const upstream = vi.fn<typeof fetch>(async () => {
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (at + PIECE >= answer.byteLength) {
            await received;
            controller.enqueue(answer.subarray(at));
            upstreamDone = true;
            controller.close();
            return;
          }
          controller.enqueue(answer.subarray(at, at + PIECE));
          at += PIECE;
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    });

    const user = await userOn("$30/month", "size-4k");
    const response = await callProxy(user, settings, upstream, {
      body: asking({ aspectRatio: "16:9", imageSize: "4K" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    // The reservation's count, as a stream's: this call is counted in what remains.
    expect(response.headers.get("x-conversions-remaining")).toBe(String((await usageOf(user)).remaining));

    const reader = response.body!.getReader();
    const pieces: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      if (pieces.length === 0) {
        expect(upstreamDone).toBe(false);
        firstBytesArrived();
      }
      pieces.push(chunk.value);
      size += chunk.value.byteLength;
    }
    // Never one buffer: the answer came in many pieces, none near its whole size.
    expect(size).toBe(answer.byteLength);
    expect(pieces.length).toBeGreaterThan(10);
    expect(Math.max(...pieces.map((piece) => piece.byteLength))).toBeLessThanOrEqual(
      WHOLE_ANSWER_BUFFER_BYTES,
    );
    const whole = JSON.parse(Buffer.concat(pieces).toString("utf8")) as {
      candidates: { content: { parts: { inlineData?: { data: string } }[] } }[];
    };
    const returned = whole.candidates[0]!.content.parts[1]!.inlineData!.data;
    expect(returned === data).toBe(true);

    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
    expect(await callsOf(user)).toEqual([
      {
        image_size: "4K",
        counted: true,
        cost_usd_micros: AI_PRICES[IMAGE_MODEL]!.perImage!["4K"]! * 1_000_000,
        cost_basis: "image_price",
      },
    ]);
  }, 60_000);

  it("the local preview engine's 4K answer through POST /api/ai on the running server: a 4096 px PNG", async () => {
    const user = await userOn("$30/month", "size-4k-engine");
    const response = await post(user, asking({ aspectRatio: "16:9", imageSize: "4K" }), {
      headers: { "x-cucumber-tool": "hulk" },
    });
    expect(response.status).toBe(200);
    const whole = (await response.json()) as {
      candidates: { content: { parts: { inlineData?: { data: string } }[] } }[];
    };
    const inline = whole.candidates[0]!.content.parts.find((part) => part.inlineData)!.inlineData!;
    const meta = await sharp(Buffer.from(inline.data, "base64")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 4096, 2304]);
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
    const [call] = await callsOf(user);
    expect(call).toMatchObject({ image_size: "4K", counted: true, cost_basis: "tokens" });
    // The engine's 4K image tokens (3780 at $30 per million) and its prompt: at least the 4K price.
    expect(call!.cost_usd_micros).toBeGreaterThanOrEqual(113_400);
  }, 60_000);
});
