/** announce(): a sentence said twice in a moment is said once, unless it is a new event that reads the same. */
import { afterEach, describe, expect, it } from "vitest";
import { announce, announcements, clearAnnouncements } from "@/lib/announce";

afterEach(() => clearAnnouncements());

const texts = () => announcements().map((a) => a.text);

describe("announce", () => {
  it("says the same sentence once within a moment (a double render, a double click)", () => {
    announce("Saved");
    announce("Saved");
    expect(texts()).toEqual(["Saved"]);
  });

  it("says it again when asked: a new event that happens to read the same", () => {
    announce("Version 2 of 4: Hulk", "polite", { again: true });
    announce("Version 1 of 4: Original", "polite", { again: true });
    announce("Version 2 of 4: Hulk", "polite", { again: true });
    expect(texts()).toEqual(["Version 2 of 4: Hulk", "Version 1 of 4: Original", "Version 2 of 4: Hulk"]);
  });
});
