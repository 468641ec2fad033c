/**
 * (Fetched on demand by use-conversion.ts, with the first custom transformation made while the strip
 * of versions is shown.) The picture chosen on the strip (a version, or the original) read back into
 * the photo Convert Anything transforms, tagged so its result is one more version of the same photo,
 * with a chain that runs through the version it was made from.
 */
import { chainOf, keptRecordOf, setPhotoOrigin } from "@/lib/creations";
import { loadImage, pictureBlob, type LoadedImage } from "@/lib/image";

/** The picture shown for the version chosen (`imageUrl`, of the group `photo`) as a photo to send. */
export async function chosenPhoto(imageUrl: string, photo: string, fileName: string): Promise<LoadedImage> {
  const blob = await pictureBlob(imageUrl);
  const image = await loadImage(new File([blob], fileName, { type: blob.type || "image/png" }));
  // A version is registered as its creation when kept or chosen on the strip; the original is not.
  const record = await keptRecordOf(imageUrl);
  setPhotoOrigin(image.file, record ? chainOf(record) : [], photo);
  return image;
}
