/**
 * The words a style tool adds for a region edit and for more than one photo (issue 29), only in its
 * run (run-conversion.ts, fetched when a conversion starts): no page's first load carries them.
 */

/**
 * Said after the instruction of a region edit (issue 29 §1), whose request sends the photo and then the
 * area: what the second image is, and that only the area changes. (The page puts the answer over the
 * photo through the area anyway: what is outside it stays the photo's, whatever comes back.)
 */
export const AREA_INSTRUCTION =
  " The last image is a mask of the same size as the photo: white marks the area to change, black the rest. Apply the change only inside the white area, and keep everything outside it exactly as it is in the photo.";

/**
 * Said before a custom transformation's words when more photos go with the main one (issue 29 §2):
 * which image is which, in the order the request carries them.
 */
export function photosInstruction(count: number): string {
  const more = Array.from({ length: count - 1 }, (_, i) => `Photo ${i + 2}`);
  const list = more.length === 1 ? more[0]! : `${more.slice(0, -1).join(", ")} and ${more.at(-1)!}`;
  return (
    `This request carries ${count} photos, in this order: Photo 1 is the main photo, the one to change; ` +
    `${list} ${more.length === 1 ? "is" : "are"} further photos the words may refer to (a thing to take from one, a style to follow). ` +
    `The result is Photo 1 changed as the words say.`
  );
}
