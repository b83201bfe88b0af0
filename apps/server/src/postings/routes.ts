import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema, MSG, postingSchema, postingViewSchema, saveRequestSchema, type PostingData } from "@vam/shared";
import { currentUser, type UserRow } from "../session/authenticate.js";
import { bearer, errorResponses, idParams, loadedFirst } from "../http/contracts.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
import { areOwnUploads } from "../uploads/public.js";
import { deletePosting, insertPosting, isSavedBy, postingWithOwner, savedPostingsOf, toggleSaved, updatePosting } from "./queries.js";
import { sanitizeDescription } from "./sanitize.js";
import { toPosting, type PostingRow } from "./serialize.js";

const tags = ["postings"];
const postingParams = idParams(MSG.postingNotFound);

export async function postingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  async function findPosting(id: string) {
    const row = await postingWithOwner(app.db, id);
    // A suspended account's postings leave the public pages (and its owner cannot sign in).
    if (!row || row.owner.suspendedAt) throw notFound(MSG.postingNotFound);
    return row;
  }

  /** The owner's images: those already on the posting, or uploaded by them to this server. */
  async function checked(input: PostingData, owner: UserRow, existing?: PostingRow): Promise<PostingData> {
    const added = input.images.filter((url) => !existing?.images.includes(url));
    if (!(await areOwnUploads(app.db, owner.id, added))) throw badRequest(MSG.imageNotIssued, "images");
    return { ...input, description: sanitizeDescription(input.description) };
  }

  /** Only Assistants post: refused before the form is even read. */
  async function assistantsOnly(request: FastifyRequest) {
    if (currentUser(request).role !== "Assistant") throw forbidden(MSG.onlyAssistantsPost);
  }

  const readContract = {
    tags,
    summary: "A posting (isSaved for the signed-in viewer)",
    params: postingParams,
    response: { 200: postingViewSchema, ...errorResponses },
  };
  app.get("/posts/:id", { preValidation: app.identify, schema: readContract }, async (request) => {
    const { posting, owner } = await findPosting(request.params.id);
    return toPosting(posting, owner, await isSavedBy(app.db, request.user?.id, posting.id));
  });

  const createContract = {
    tags,
    summary: "Post (Assistants)",
    security: bearer,
    body: postingSchema,
    response: { 201: postingViewSchema, ...errorResponses },
  };
  app.post("/posts", { preValidation: [app.authenticate, assistantsOnly], schema: createContract }, async (request, reply) => {
    const me = currentUser(request);
    const row = await insertPosting(app.db, me.id, await checked(request.body, me));
    return reply.status(201).send(toPosting(row, me, false));
  });

  const updateContract = {
    tags,
    summary: "Edit one's posting",
    security: bearer,
    params: postingParams,
    body: postingSchema,
    response: { 200: postingViewSchema, ...errorResponses },
  };
  const ownPosting = loadedFirst(async ({ id }: { id: string }, request) => {
    const { posting } = await findPosting(id);
    if (posting.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    return posting;
  });
  app.put("/posts/:id", { preValidation: [app.authenticate, ownPosting.hook], schema: updateContract }, async (request) => {
    const me = currentUser(request);
    const posting = ownPosting.get(request);
    const row = await updatePosting(app.db, posting.id, await checked(request.body, me, posting));
    return toPosting(row, me, await isSavedBy(app.db, me.id, posting.id));
  });

  const deleteContract = {
    tags,
    summary: "Delete one's posting",
    security: bearer,
    params: postingParams,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.delete("/posts/:id", { ...auth, schema: deleteContract }, async (request) => {
    const { posting } = await findPosting(request.params.id);
    if (posting.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    await deletePosting(app.db, posting.id);
    return { message: "Posting deleted" };
  });

  const saveContract = {
    tags,
    summary: "Save a posting, or unsave it when saved",
    security: bearer,
    body: saveRequestSchema,
    response: { 200: z.object({ saved: z.boolean() }), ...errorResponses },
  };
  app.post("/users/save", { ...auth, schema: saveContract }, async (request) => ({
    saved: await toggleSaved(app.db, currentUser(request).id, request.body.postId),
  }));

  const savedContract = {
    tags,
    summary: "The postings one saved",
    security: bearer,
    response: { 200: z.object({ savedProfiles: z.array(postingViewSchema) }), ...errorResponses },
  };
  app.get("/users/profilePosts", { ...auth, schema: savedContract }, async (request) => {
    const rows = await savedPostingsOf(app.db, currentUser(request).id);
    return { savedProfiles: rows.map((row) => toPosting(row.posting, row.owner, true)) };
  });
}
