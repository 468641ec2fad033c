/**
 * The fake Gemini of the image tools' tests (styles, batch, animator): the image model answers short
 * replies in the order requests arrive (the last one repeats), after an optional latency; the text
 * model (the styles' photo analysis) answers one recorded answer or an error. Every request is
 * recorded, and the most image requests at once.
 */
import { delay, http, HttpResponse } from "msw";
import { server } from "../msw/server";
import { fixtureText, GEMINI_BASE_URL, type GeminiFixtureName } from "../msw/gemini";

export const TEXT_MODEL = "gemini-3.8-flash";
export const IMAGE_MODEL = "gemini-nano-banana-2.1";

/** A recorded answer (its status from an error-* name), a status with a non-JSON body, no connection, or no answer. */
export type ImageReply = GeminiFixtureName | { status: number; body: string } | "network-error" | "hang";

/** One request the fake received. */
export type GeminiCall = {
  model: string;
  body: {
    contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
    generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } } & Record<
      string,
      unknown
    >;
  };
  key: string | null;
  url: string;
};

type FakeImageModelOptions = {
  /** Each image answer waits this long first; a list gives each image request its own, in arrival order (the last repeats). */
  latencyMs?: number | readonly number[];
  /** What the text model answers (default the recorded analysis), or "hang": it never answers. */
  text?: GeminiFixtureName | "error" | "hang";
};

function answer(reply: Exclude<ImageReply, "hang">): Response {
  if (reply === "network-error") return HttpResponse.error();
  if (typeof reply === "object") {
    return new HttpResponse(reply.body, { status: reply.status, headers: { "Content-Type": "text/html" } });
  }
  const status = /^error-(\d{3})-/.exec(reply)?.[1];
  return new HttpResponse(fixtureText(reply), {
    status: status ? Number(status) : 200,
    headers: { "Content-Type": "application/json" },
  });
}

function textAnswer(reply: GeminiFixtureName | "error"): Response {
  if (reply === "error") {
    return HttpResponse.json({ error: { code: 500, message: "boom", status: "INTERNAL" } }, { status: 500 });
  }
  return new HttpResponse(fixtureText(reply), { headers: { "Content-Type": "application/json" } });
}

export function fakeImageModel(
  replies: ImageReply[],
  { latencyMs = 0, text = "text-success.json" }: FakeImageModelOptions = {},
) {
  const calls: GeminiCall[] = [];
  let imageRequests = 0;
  let inFlight = 0;
  let peak = 0;
  server.use(
    http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, async ({ request }) => {
      const model = decodeURIComponent(/models\/([^/:]+):generateContent/.exec(request.url)?.[1] ?? "");
      // Each image request takes its reply as it arrives, so concurrent requests keep their order.
      const index = imageRequests;
      const reply = model === TEXT_MODEL ? null : replies[Math.min(imageRequests++, replies.length - 1)]!;
      calls.push({
        model,
        body: (await request.json()) as GeminiCall["body"],
        key: request.headers.get("x-goog-api-key"),
        url: request.url,
      });
      if (reply === null) {
        if (text === "hang") return await delay("infinite").then(() => HttpResponse.error());
        return textAnswer(text);
      }
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        if (reply === "hang") return await delay("infinite").then(() => HttpResponse.error());
        const wait =
          typeof latencyMs === "number" ? latencyMs : latencyMs[Math.min(index, latencyMs.length - 1)];
        if (wait) await delay(wait);
        return answer(reply);
      } finally {
        inFlight--;
      }
    }),
  );
  return {
    calls,
    imageCalls: () => calls.filter((c) => c.model === IMAGE_MODEL),
    textCalls: () => calls.filter((c) => c.model === TEXT_MODEL),
    /** The most image requests the fake was answering at once. */
    peak: () => peak,
  };
}
