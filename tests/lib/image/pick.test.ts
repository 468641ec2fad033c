import { pickImageFile } from "@/lib/image";

const png = new File(["p"], "a.png", { type: "image/png" });
const heic = new File(["h"], "b.heic", { type: "image/heic" });
const text = new File(["t"], "notes.txt", { type: "text/plain" });
const untyped = new File(["u"], "photo.heic", { type: "" });

describe("pickImageFile (SPEC 5)", () => {
  it("drop: the first file whose type starts with image/, non-images ignored silently", () => {
    expect(pickImageFile([text, png, heic], "drop")).toBe(png);
    expect(pickImageFile([heic, png], "drop")).toBe(heic);
    expect(pickImageFile([text, untyped], "drop")).toBeNull();
  });

  it("paste: the same rule as a drop", () => {
    expect(pickImageFile([text, png], "paste")).toBe(png);
    expect(pickImageFile([text], "paste")).toBeNull();
  });

  it("picker: the first file, without a type check", () => {
    expect(pickImageFile([text, png], "picker")).toBe(text);
    expect(pickImageFile([untyped], "picker")).toBe(untyped);
  });

  it("nothing chosen -> null", () => {
    for (const source of ["drop", "picker", "paste"] as const) {
      expect(pickImageFile([], source)).toBeNull();
      expect(pickImageFile(null, source)).toBeNull();
      expect(pickImageFile(undefined, source)).toBeNull();
    }
  });
});
