/**
 * Server-sent events framing (the stream's wire format): a growing text cut into whole events, and
 * the data of one event. Knows nothing of Gemini.
 */

/**
 * Splits a growing text buffer into complete SSE events. Line ends may be LF, CRLF or CR; a CR at the
 * very end waits for the next chunk (it may be the first half of a CRLF).
 */
export function takeEvents(buffer: string, final = false): { events: string[]; rest: string } {
  let text = buffer;
  let held = "";
  if (!final && text.endsWith("\r")) {
    held = "\r";
    text = text.slice(0, -1);
  }
  text = text.replace(/\r\n?/g, "\n");
  const blocks = text.split("\n\n");
  const rest = final ? "" : (blocks.pop() ?? "");
  return { events: blocks.filter((b) => b.trim() !== ""), rest: rest + held };
}

/** The data of one SSE event (its `data:` lines joined with LF), or undefined for comments and others. */
export function eventData(block: string): string | undefined {
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    if (name !== "data") continue;
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    data.push(value);
  }
  return data.length > 0 ? data.join("\n") : undefined;
}
