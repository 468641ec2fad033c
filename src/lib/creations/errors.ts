/** Why a creation could not be kept: no room left, or no storage at all (private browsing, blocked). */
export type CreationStoreErrorKind = "quota" | "unavailable";

export class CreationStoreError extends Error {
  readonly kind: CreationStoreErrorKind;
  constructor(kind: CreationStoreErrorKind, options?: { cause?: unknown }) {
    super(
      kind === "quota"
        ? "There is no room left on this device for creations"
        : "Creations can't be stored in this browser",
      options,
    );
    this.name = "CreationStoreError";
    this.kind = kind;
  }
}

export function isCreationStoreError(error: unknown): error is CreationStoreError {
  return error instanceof CreationStoreError;
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== "undefined" && error instanceof DOMException))
    return false;
  const e = error as { name?: string; code?: number; inner?: unknown; cause?: unknown };
  if (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22)
    return true;
  return e.cause !== undefined && e.cause !== error ? isQuotaError(e.cause) : false;
}

/** Any error of IndexedDB as a CreationStoreError. */
export function toStoreError(error: unknown): CreationStoreError {
  if (isCreationStoreError(error)) return error;
  return new CreationStoreError(isQuotaError(error) ? "quota" : "unavailable", { cause: error });
}
