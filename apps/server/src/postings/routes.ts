import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MSG, postingSchema, saveRequestSchema, type PostingData } from "@vam/shared";
import { currentUser, type UserRow } from "../auth/authenticate.js";
import { postings, savedPostings, users } from "../db/schema.js";
import { badRequest, forbidden, notFound, parseWith, pgError } from "../http/errors.js";
import { pathId } from "../http/params.js";
import { areOwnUploads } from "../uploads/issued.js";
import { sanitizeDescription } from "./sanitize.js";
import { toPosting, type PostingRow } from "./serialize.js";

export async function postingRoutes(app: FastifyInstance) {
  async function findPosting(rawId: string) {
    const id = pathId(rawId, MSG.postingNotFound);
    const [row] = await app.db
      .select({ posting: postings, owner: users })
      .from(postings)
      .innerJoin(users, eq(users.id, postings.userId))
      .where(eq(postings.id, id));
    // A suspended account's postings leave the public pages (and its owner cannot sign in).
    if (!row || row.owner.suspendedAt) throw notFound(MSG.postingNotFound);
    return row;
  }

  async function isSavedBy(userId: string | undefined, postingId: string) {
    if (!userId) return false;
    const [row] = await app.db
      .select({ postingId: savedPostings.postingId })
      .from(savedPostings)
      .where(and(eq(savedPostings.userId, userId), eq(savedPostings.postingId, postingId)));
    return Boolean(row);
  }

  /** The owner's images: those already on the posting, or uploaded by them to this server. */
  async function validInput(request: FastifyRequest, owner: UserRow, existing?: PostingRow): Promise<PostingData> {
    const input = parseWith(postingSchema, request.body);
    const added = input.images.filter((url) => !existing?.images.includes(url));
    if (!(await areOwnUploads(app.db, owner.id, added))) throw badRequest(MSG.imageNotIssued, "images");
    return { ...input, description: sanitizeDescription(input.description) };
  }

  const columns = (input: PostingData) => ({
    title: input.title,
    address: input.address,
    rate: input.rate,
    images: input.images,
    description: input.description,
    hours: input.hours ?? null,
    days: input.days ?? null,
    bathroom: input.bathroom ?? null,
    school: input.school ?? null,
  });

  app.get<{ Params: { id: string } }>("/posts/:id", { preHandler: app.identify }, async (request) => {
    const { posting, owner } = await findPosting(request.params.id);
    return toPosting(posting, owner, await isSavedBy(request.user?.id, posting.id));
  });

  app.post("/posts", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    if (me.role !== "Assistant") throw forbidden(MSG.onlyAssistantsPost);
    const input = await validInput(request, me);
    const [row] = await app.db
      .insert(postings)
      .values({ userId: me.id, ...columns(input) })
      .returning();
    return reply.status(201).send(toPosting(row!, me, false));
  });

  app.put<{ Params: { id: string } }>("/posts/:id", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const { posting } = await findPosting(request.params.id);
    if (posting.userId !== me.id) throw forbidden(MSG.forbiddenNotOwner);
    const input = await validInput(request, me, posting);
    const [row] = await app.db
      .update(postings)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(postings.id, posting.id))
      .returning();
    return toPosting(row!, me, await isSavedBy(me.id, posting.id));
  });

  app.delete<{ Params: { id: string } }>("/posts/:id", { preHandler: app.authenticate }, async (request) => {
    const { posting } = await findPosting(request.params.id);
    if (posting.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    await app.db.delete(postings).where(eq(postings.id, posting.id));
    return { message: "Posting deleted" };
  });

  app.post("/users/save", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const { postId } = parseWith(saveRequestSchema, request.body);
    const removed = await app.db
      .delete(savedPostings)
      .where(and(eq(savedPostings.userId, me.id), eq(savedPostings.postingId, postId)))
      .returning();
    if (removed.length > 0) return { saved: false };
    await app.db
      .insert(savedPostings)
      .values({ userId: me.id, postingId: postId })
      .onConflictDoNothing()
      .catch((error) => {
        if (pgError(error)?.code === "23503") throw notFound(MSG.postingNotFound);
        throw error;
      });
    return { saved: true };
  });

  app.get("/users/profilePosts", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const rows = await app.db
      .select({ posting: postings, owner: users })
      .from(savedPostings)
      .innerJoin(postings, eq(postings.id, savedPostings.postingId))
      .innerJoin(users, eq(users.id, postings.userId))
      .where(and(eq(savedPostings.userId, me.id), isNull(users.suspendedAt)))
      .orderBy(desc(savedPostings.createdAt));
    return { savedProfiles: rows.map((row) => toPosting(row.posting, row.owner, true)) };
  });
}
