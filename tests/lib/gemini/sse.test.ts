// Server-sent events framing: whole events out of a growing text, and one event's data.
import { describe, expect, it } from "vitest";
import { eventData, takeEvents } from "@/lib/gemini/sse";

describe("SSE parsing", () => {
  it("splits events on blank lines with LF, CRLF or CR, holding a trailing CR", () => {
    expect(takeEvents("data: a\n\ndata: b\r\n\r\ndata: c")).toEqual({
      events: ["data: a", "data: b"],
      rest: "data: c",
    });
    expect(takeEvents("data: a\r\n\r")).toEqual({ events: [], rest: "data: a\n\r" });
    expect(takeEvents("data: a\n\r" + "\n").events).toEqual(["data: a"]);
    expect(takeEvents("data: z", true).events).toEqual(["data: z"]);
  });

  it("joins data lines, ignores comments and other fields", () => {
    expect(eventData('data: {"a":\ndata: 1}')).toBe('{"a":\n1}');
    expect(eventData(": keep-alive")).toBeUndefined();
    expect(eventData("event: message\ndata:x")).toBe("x");
  });
});
