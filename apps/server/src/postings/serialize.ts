import type { Posting } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { postings } from "../db/schema.js";

export type PostingRow = typeof postings.$inferSelect;

export function toPosting(row: PostingRow, owner: UserRow, isSaved: boolean): Posting {
  return {
    id: row.id,
    title: row.title,
    address: row.address,
    rate: row.rate,
    images: row.images,
    days: row.days,
    bathroom: row.bathroom,
    isSaved,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { id: owner.id, avatar: owner.avatar, username: owner.username, firstName: owner.firstName, lastName: owner.lastName },
    postDetail: { desc: row.description, size: row.hours, school: row.school, restaurant: row.verified ? 1 : 0 },
  };
}
