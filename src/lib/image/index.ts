/**
 * Everything the app does with a user's image before it leaves the device: sniff the real type, read the
 * header (refusing decompression bombs before any decode), decode upright (HEIC/HEIF through a lazy
 * decoder), downscale and re-encode through a canvas (dropping EXIF/GPS), base64, and save downloads.
 */
export {
  IMAGE_ADVICE,
  ImageInputError,
  imageInputAdvice,
  isImageInputError,
  type ImageInputErrorKind,
} from "./errors";
export { SNIFFED_MIME_TYPES, isHeifType, sniffImageType, type SniffedType } from "./sniff";
export { MAX_PIXELS, assertDecodable, orientedSize, readImageHeader, type ImageHeader } from "./header";
export { WORKING_MAX_SIDE, fitWithin, loadImage, type LoadedImage } from "./load";
export { DEFAULT_PREPARE_OPTIONS, prepareImage, type PrepareOptions, type PreparedImage } from "./prepare";
export { pickImageFile } from "./pick";
export { dataUrlToBlob, downloadImage } from "./download";
export { knownPicture, pictureBlob } from "./picture-urls";
export { blobToBase64 } from "./base64";
