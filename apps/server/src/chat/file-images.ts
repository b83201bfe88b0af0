import sharp from "sharp";
import { MSG } from "@vam/shared";
import { badRequest } from "../http/errors.js";
import { reencode, type ReencodedType } from "../uploads/public.js";

const THUMBNAIL_EDGE = 320;

export interface CleanChatImage {
  body: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
  thumbnailType: string;
}

/**
 * Decodes and re-encodes an image sent in a chat (decision 0009's rule, decision 0025): turned by
 * its EXIF orientation, at most 2,400 px, metadata (EXIF, GPS, comments) and trailing bytes gone;
 * plus a WebP thumbnail of at most 320 px (the first frame of a GIF).
 */
export async function cleanChatImage(input: Buffer, contentType: string): Promise<CleanChatImage> {
  try {
    const body = await reencode(input, contentType as ReencodedType);
    const meta = await sharp(body).metadata();
    const thumbnail = await sharp(body, { animated: false })
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { body, width: meta.width, height: meta.pageHeight ?? meta.height, thumbnail, thumbnailType: "image/webp" };
  } catch {
    throw badRequest(MSG.chatFileUnreadable, "file");
  }
}
