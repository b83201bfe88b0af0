import { and, desc, eq, isNotNull, notExists } from "drizzle-orm";
import type { GalleryPhoto } from "@vam/shared";
import type { Db } from "../db/client.js";
import { galleryPhotos, users } from "../db/schema.js";

type PhotoRow = typeof galleryPhotos.$inferSelect;
export type NewPhoto = Pick<typeof galleryPhotos.$inferInsert, "userId" | "imageUrl" | "isPublic" | "title" | "description">;

export const toGalleryPhoto = (row: PhotoRow): GalleryPhoto => ({
  id: row.id,
  imageUrl: row.imageUrl,
  isPublic: row.isPublic,
  title: row.title,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

const suspended = (db: Db, userId: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)));

/** A user's photos, newest first; `publicOnly`: the public ones, none for a suspended account. */
export async function photosOf(db: Db, userId: string, publicOnly: boolean): Promise<GalleryPhoto[]> {
  const rows = await db
    .select()
    .from(galleryPhotos)
    .where(
      and(
        eq(galleryPhotos.userId, userId),
        // The public gallery of a suspended account shows nothing.
        publicOnly ? and(eq(galleryPhotos.isPublic, true), notExists(suspended(db, userId))) : undefined,
      ),
    )
    .orderBy(desc(galleryPhotos.createdAt));
  return rows.map(toGalleryPhoto);
}

export async function addPhoto(db: Db, photo: NewPhoto): Promise<GalleryPhoto> {
  const [row] = await db.insert(galleryPhotos).values(photo).returning();
  return toGalleryPhoto(row!);
}

export async function findPhoto(db: Db, id: string) {
  const [photo] = await db.select().from(galleryPhotos).where(eq(galleryPhotos.id, id));
  return photo;
}

export async function deletePhoto(db: Db, id: string) {
  await db.delete(galleryPhotos).where(eq(galleryPhotos.id, id));
}
