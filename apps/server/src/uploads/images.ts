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
    const image = sharp(input, { animated: contentType === "image/gif", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true });
    const encoded =
      contentType === "image/jpeg"
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : contentType === "image/png"
          ? image.png({ compressionLevel: 9 })
          : image.gif();
    return { body: await encoded.toBuffer(), contentType, extension: ACCEPTED[contentType] };
  } catch {
    throw new HttpError(400, MSG.uploadUnreadable);
  }
}
