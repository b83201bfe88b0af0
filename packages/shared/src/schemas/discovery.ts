import { z } from "zod";
import { MSG } from "../messages.js";
import { imageUrl } from "./fields.js";

export const PROFILE_PAGE_SIZE = 24;
export const MAX_POSTING_IMAGES = 10;

const optionalQuery = z
  .string()
  .trim()
  .max(80)
  .optional()
  .transform((value) => (value ? value : undefined));

/** `GET /profiles/posts`: every parameter optional; several combine with AND. */
export const profileSearchSchema = z.object({
  userName: optionalQuery,
  location: optionalQuery,
  skills: optionalQuery,
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
  limit: z.coerce.number().int().min(1).max(60).default(PROFILE_PAGE_SIZE),
});
export type ProfileSearch = z.output<typeof profileSearchSchema>;

export const galleryPhotoSchema = z.object({
  imageUrl: imageUrl.min(1, MSG.uploadMissingFile),
  isPublic: z.boolean().default(true),
  title: z.string().trim().max(80, MSG.textTooLong("Title", 80)).optional(),
  description: z.string().trim().max(500, MSG.textTooLong("Description", 500)).optional(),
});
export type GalleryPhotoInput = z.input<typeof galleryPhotoSchema>;

const postingText = (label: string, max: number) =>
  z.string({ error: MSG.fieldRequired(label) }).trim().min(1, MSG.fieldRequired(label)).max(max, MSG.textTooLong(label, max));
const optionalPostingText = (label: string, max: number) =>
  z.string().trim().max(max, MSG.textTooLong(label, max)).optional().transform((value) => (value ? value : undefined));

export const postingSchema = z.object({
  title: postingText("Title", 120),
  address: postingText("Address", 160),
  rate: z.coerce
    .number({ error: MSG.postingRateInvalid })
    .int(MSG.postingRateInvalid)
    .min(1, MSG.postingRateInvalid)
    .max(100_000, MSG.postingRateInvalid),
  images: z
    .array(imageUrl.min(1), { error: MSG.postingImagesRequired })
    .min(1, MSG.postingImagesRequired)
    .max(MAX_POSTING_IMAGES, MSG.postingImagesTooMany(MAX_POSTING_IMAGES)),
  /** Rich text (HTML); the server sanitises it. */
  description: z.string().max(20_000, MSG.textTooLong("Description", 20_000)).default(""),
  hours: optionalPostingText("Hours", 60),
  days: optionalPostingText("Days available", 60),
  bathroom: optionalPostingText("Work setup", 160),
  school: optionalPostingText("Graduated from", 120),
});
export type PostingInput = z.input<typeof postingSchema>;
export type PostingData = z.output<typeof postingSchema>;

export const saveRequestSchema = z.object({ postId: z.uuid(MSG.notFound) });
