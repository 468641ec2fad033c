/**
 * loadImage and prepareImage when the decoding code (src/lib/image/load.lazy.ts, fetched with the first
 * photo) cannot be fetched, as offline before the app was cached: a plain sentence to try again, and the
 * next photo fetches it again. jsdom has no Worker, so the page's own path is the one taken.
 */
import { isImageInputError, loadImage, prepareImage } from "@/lib/image";
import { pngHeader } from "./bytes";

const fetchPage = vi.hoisted(() => ({ fails: true }));

vi.mock("@/lib/image/load.lazy", async (importOriginal) => {
  if (fetchPage.fails) throw new TypeError("Failed to fetch dynamically imported module");
  return importOriginal();
});

const png = () => new File([Uint8Array.from(pngHeader(40, 30))], "photo.png", { type: "image/png" });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isImageInputError(error)) throw new Error(`expected an ImageInputError, got ${String(error)}`);
  return error;
}

it("says to check the connection, then fetches the code again with the next photo", async () => {
  for (const run of [() => loadImage(png()), () => prepareImage(png())]) {
    const error = await failure(run());
    expect(error.kind).toBe("unsupported");
    expect(error.message).toBe("Photos can't be opened right now.");
    expect(error.advice).toBe("Check your connection and try again.");
  }
  fetchPage.fails = false;
  // Fetched now: the (fake) header-only PNG reaches the decoder, which jsdom does not have.
  expect((await failure(loadImage(png()))).kind).toBe("corrupt");
});
