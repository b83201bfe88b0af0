import { z } from "zod";
import { SEARCH_SLOTS } from "../constants.js";
import { MSG } from "../messages.js";
import { cursorParam, id, imageUrl, instant, multiLineText, optionalLine, singleLineText } from "./fields.js";
import { isoDate } from "./bookings.js";

export const PROFILE_PAGE_SIZE = 24;
export const MAX_POSTING_IMAGES = 10;

const optionalQuery = optionalLine(80, MSG.textTooLong("Search", 80));

/** `skills` once or several times (`?skills=SEO&skills=Writing`): each must match one of the listing's skills. */
const skillsQuery = z
  .preprocess((value) => (value === undefined ? [] : [value].flat()), z.array(optionalQuery).max(11, MSG.textTooLong("Skills", 11)))
  .transform((skills) => skills.filter((skill): skill is string => Boolean(skill)));

/**
 * `GET /profiles/posts`: every parameter optional; several combine with AND. With `userName` or
 * `location` the results are ranked (decisions.md, Search); without them, newest first.
 */
export const profileSearchSchema = z.object({
  userName: optionalQuery,
  location: optionalQuery,
  skills: skillsQuery,
  /** Only Assistants with free time on this weekday (and in `slot`, when given). */
  date: isoDate.optional(),
  slot: z.enum(SEARCH_SLOTS, { error: MSG.searchSlotInvalid }).optional(),
  cursor: cursorParam,
  limit: z.coerce
    .number({ error: MSG.pageSizeInvalid })
    .int(MSG.pageSizeInvalid)
    .min(1, MSG.pageSizeInvalid)
    .max(60, MSG.pageSizeInvalid)
    .default(PROFILE_PAGE_SIZE),
});
export type ProfileSearch = z.output<typeof profileSearchSchema>;

/** What a search page's cursor holds: the last listing's creation instant and id. */
export const profileCursorSchema = z.strictObject({ createdAt: instant, id: id() });

/** `GET /profiles/suggest`: completions of what is typed in the Name or the Where field. */
export const SUGGEST_FIELDS = ["name", "place"] as const;
export const suggestQuerySchema = z.object({
  field: z.enum(SUGGEST_FIELDS, { error: MSG.suggestFieldInvalid }),
  q: singleLineText({ error: MSG.fieldRequired("q") })
    .min(1, MSG.fieldRequired("q"))
    .max(80, MSG.textTooLong("Search", 80)),
});
export type SuggestQuery = z.output<typeof suggestQuerySchema>;

export const galleryPhotoSchema = z.object({
  imageUrl: imageUrl.min(1, MSG.uploadMissingFile),
  isPublic: z.boolean().default(true),
  title: singleLineText().max(80, MSG.textTooLong("Title", 80)).optional(),
  description: multiLineText().max(500, MSG.textTooLong("Description", 500)).optional(),
});
export type GalleryPhotoInput = z.input<typeof galleryPhotoSchema>;

const postingText = (label: string, max: number) =>
  singleLineText({ error: MSG.fieldRequired(label) })
    .min(1, MSG.fieldRequired(label))
    .max(max, MSG.textTooLong(label, max));
const optionalPostingText = (label: string, max: number) => optionalLine(max, MSG.textTooLong(label, max));

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
  description: multiLineText().max(20_000, MSG.textTooLong("Description", 20_000)).default(""),
  hours: optionalPostingText("Hours", 60),
  days: optionalPostingText("Days available", 60),
  bathroom: optionalPostingText("Work setup", 160),
  school: optionalPostingText("Graduated from", 120),
});
export type PostingInput = z.input<typeof postingSchema>;
export type PostingData = z.output<typeof postingSchema>;

export const saveRequestSchema = z.object({ postId: id(MSG.notFound) });
