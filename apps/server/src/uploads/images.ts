import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { MSG } from "@vam/shared";
import { HttpError } from "../http/errors.js";

const ACCEPTED = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
} as const;
type Accepted = keyof typeof ACCEPTED;

const MAX_EDGE = 2400;
const MAX_INPUT_PIXELS = 50_000_000;

export interface CleanImage {
  body: Buffer;
  contentType: Accepted;
  extension: string;
}

/**
 * Trusts only the bytes: the type comes from the file's magic numbers, and the image is
 * decoded and re-encoded so that metadata (EXIF, GPS, comments) and any trailing payload go.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const detected = await fileTypeFromBuffer(input);
  const contentType = detected?.mime as Accepted | undefined;
  if (!contentType || !(contentType in ACCEPTED)) throw new HttpError(415, MSG.uploadInvalidType);

  try {
    return { body: await reencode(input, contentType), contentType, extension: ACCEPTED[contentType] };
  } catch {
    throw new HttpError(400, MSG.uploadUnreadable);
  }
}

/** The image types a re-encoding keeps as they are. */
export type ReencodedType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/**
 * Decodes and re-encodes an image in its own type (decision 0009): turned by its EXIF orientation,
 * at most 2,400 px a side, metadata (EXIF, GPS, comments) and trailing bytes gone. Throws on bytes
 * that do not decode (the caller answers with its own message). Profile images and chat images.
 */
export async function reencode(input: Buffer, contentType: ReencodedType): Promise<Buffer> {
  const animated = contentType === "image/gif" || contentType === "image/webp";
  const image = sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true });
  const encoded =
    contentType === "image/jpeg"
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : contentType === "image/png"
        ? image.png({ compressionLevel: 9 })
        : contentType === "image/webp"
          ? image.webp({ quality: 85 })
          : image.gif();
  return encoded.toBuffer();
}
