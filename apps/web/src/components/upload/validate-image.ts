import { ALLOWED_IMAGE_TYPES, MSG, UPLOAD_LIMIT_BYTES, type UploadFolder } from "@vam/shared";

const BYTES_PER_MB = 1024 * 1024;

export function maxUploadMb(folder: UploadFolder): number {
  return UPLOAD_LIMIT_BYTES[folder] / BYTES_PER_MB;
}

/** The same checks the server makes, so that users learn early. Returns an error message or null. */
export function validateImage(file: File, folder: UploadFolder): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.uploadInvalidType;
  if (file.size > UPLOAD_LIMIT_BYTES[folder]) return MSG.uploadTooLarge(maxUploadMb(folder));
  return null;
}
