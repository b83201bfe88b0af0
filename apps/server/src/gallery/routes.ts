import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { galleryPhotoSchema, galleryPhotoViewSchema, messageSchema, MSG } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses, idParams, pathIdParam } from "../http/contracts.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { areOwnUploads } from "../uploads/public.js";
import { addPhoto, deletePhoto, findPhoto, photosOf } from "./queries.js";

const tags = ["gallery"];
const ownerParams = z.object({ userId: pathIdParam(MSG.userNotFound) });
const photoList = z.array(galleryPhotoViewSchema);

export async function galleryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  const ownContract = {
    tags,
    summary: "All of one's own photos",
    security: bearer,
    params: ownerParams,
    response: { 200: photoList, ...errorResponses },
  };
  app.get("/gallery/user/:userId", { ...auth, schema: ownContract }, async (request) => {
    const { userId } = request.params;
    if (userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    return photosOf(app.db, userId, false);
  });

  const publicContract = { tags, summary: "A user's public photos", params: ownerParams, response: { 200: photoList, ...errorResponses } };
  app.get("/gallery/public/:userId", { schema: publicContract }, async (request) => photosOf(app.db, request.params.userId, true));

  const addContract = {
    tags,
    summary: "Add a photo (an image one uploaded)",
    security: bearer,
    body: galleryPhotoSchema,
    response: { 201: galleryPhotoViewSchema, ...errorResponses },
  };
  app.post("/gallery", { ...auth, schema: addContract }, async (request, reply) => {
    const me = currentUser(request);
    const input = request.body;
    if (!(await areOwnUploads(app.db, me.id, [input.imageUrl]))) throw badRequest(MSG.imageNotIssued, "imageUrl");
    const photo = await addPhoto(app.db, {
      userId: me.id,
      imageUrl: input.imageUrl,
      isPublic: input.isPublic,
      title: input.title || null,
      description: input.description || null,
    });
    return reply.status(201).send(photo);
  });

  const deleteContract = {
    tags,
    summary: "Delete one's photo",
    security: bearer,
    params: idParams(MSG.photoNotFound),
    response: { 200: messageSchema, ...errorResponses },
  };
  app.delete("/gallery/:id", { ...auth, schema: deleteContract }, async (request) => {
    const { id } = request.params;
    const photo = await findPhoto(app.db, id);
    if (!photo) throw notFound(MSG.photoNotFound);
    if (photo.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    await deletePhoto(app.db, id);
    return { message: "Photo deleted" };
  });
}
