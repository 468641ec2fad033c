/**
 * SPEC 5: from a drop (or a paste, which is just as untyped), the first file whose type starts with
 * image/ (non-images are ignored silently); from the picker, the first file without a type check.
 */
export function pickImageFile(
  files: FileList | readonly File[] | null | undefined,
  source: "drop" | "picker" | "paste",
): File | null {
  if (!files) return null;
  const list = Array.from(files);
  if (source === "picker") return list[0] ?? null;
  return list.find((file) => file.type.startsWith("image/")) ?? null;
}
