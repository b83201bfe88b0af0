import { and, desc, eq, isNotNull, notExists } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { galleryPhotoSchema, MSG, type GalleryPhoto } from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { galleryPhotos, users } from "../db/schema.js";
import { badRequest, forbidden, notFound, parseWith } from "../http/errors.js";
import { pathId } from "../http/params.js";
import { areOwnUploads } from "../uploads/issued.js";

type PhotoRow = typeof galleryPhotos.$inferSelect;

const toGalleryPhoto = (row: PhotoRow): GalleryPhoto => ({
  id: row.id,
  imageUrl: row.imageUrl,
  isPublic: row.isPublic,
  title: row.title,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

export async function galleryRoutes(app: FastifyInstance) {
  const suspended = (userId: string) =>
    app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)));

  async function photosOf(userId: string, publicOnly: boolean) {
    const rows = await app.db
      .select()
      .from(galleryPhotos)
      .where(
        and(
          eq(galleryPhotos.userId, userId),
          // The public gallery of a suspended account shows nothing.
          publicOnly ? and(eq(galleryPhotos.isPublic, true), notExists(suspended(userId))) : undefined,
        ),
      )
      .orderBy(desc(galleryPhotos.createdAt));
    return rows.map(toGalleryPhoto);
  }

  app.get<{ Params: { userId: string } }>("/gallery/user/:userId", { preHandler: app.authenticate }, async (request) => {
    const userId = pathId(request.params.userId, MSG.userNotFound);
    if (userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    return photosOf(userId, false);
  });

  app.get<{ Params: { userId: string } }>("/gallery/public/:userId", async (request) =>
    photosOf(pathId(request.params.userId, MSG.userNotFound), true),
  );

  app.post("/gallery", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    const input = parseWith(galleryPhotoSchema, request.body);
    if (!(await areOwnUploads(app.db, me.id, [input.imageUrl]))) throw badRequest(MSG.imageNotIssued, "imageUrl");
    const [row] = await app.db
      .insert(galleryPhotos)
      .values({
        userId: me.id,
        imageUrl: input.imageUrl,
        isPublic: input.isPublic,
        title: input.title || null,
        description: input.description || null,
      })
      .returning();
    return reply.status(201).send(toGalleryPhoto(row!));
  });

  app.delete<{ Params: { id: string } }>("/gallery/:id", { preHandler: app.authenticate }, async (request) => {
    const id = pathId(request.params.id, MSG.photoNotFound);
    const [photo] = await app.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, id));
    if (!photo) throw notFound(MSG.photoNotFound);
    if (photo.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    await app.db.delete(galleryPhotos).where(eq(galleryPhotos.id, id));
    return { message: "Photo deleted" };
  });
}
