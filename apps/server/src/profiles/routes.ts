import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG, profileSearchSchema, type ProjectPost } from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { postings, profiles, users } from "../db/schema.js";
import { conflict, forbidden, notFound, parseWith, pgError } from "../http/errors.js";
import { pathId } from "../http/params.js";
import { searchProfiles } from "./search.js";
import { toUserProfile } from "./serialize.js";

export async function profileRoutes(app: FastifyInstance) {
  app.get("/profiles/posts", async (request) => {
    const search = parseWith(profileSearchSchema, request.query);
    return app.searchCache.get(search, () => searchProfiles(app.db, search));
  });

  app.get("/profiles/user-posts", { preHandler: app.authenticate }, async (request) =>
    app.db
      .select({ id: profiles.id, title: profiles.title })
      .from(profiles)
      .where(eq(profiles.userId, currentUser(request).id)),
  );

  // "Make Profile Public": the Assistant's one listing, made from their profile.
  app.post("/profiles/profile", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    if (me.role !== "Assistant") throw forbidden(MSG.onlyAssistantsListed);
    const [created] = await app.db
      .insert(profiles)
      .values({ userId: me.id, title: `${me.firstName} ${me.lastName} Profile` })
      .returning()
      .catch((error) => {
        if (pgError(error)?.code === "23505") throw conflict(MSG.listingExists);
        throw error;
      });
    app.searchCache.clear();
    return reply.status(201).send({ data: { id: created!.id, title: created!.title } });
  });

  app.delete<{ Params: { id: string } }>("/profiles/posts/:id", { preHandler: app.authenticate }, async (request) => {
    const id = pathId(request.params.id, MSG.profileNotFound);
    const [listing] = await app.db.select().from(profiles).where(eq(profiles.id, id));
    if (!listing) throw notFound(MSG.profileNotFound);
    if (listing.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    await app.db.delete(profiles).where(and(eq(profiles.id, id), eq(profiles.userId, listing.userId)));
    app.searchCache.clear();
    return { message: "Profile deleted" };
  });

  app.get<{ Params: { id: string } }>("/profiles/:id", async (request) => {
    const id = pathId(request.params.id, MSG.userNotFound);
    const [row] = await app.db
      .select({ user: users, profile: profiles })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, id));
    if (!row || row.user.suspendedAt) throw notFound(MSG.userNotFound);
    return toUserProfile(row.user, row.profile ?? undefined);
  });

  // The user's postings, shown as the "projects" of their profile.
  app.get<{ Params: { id: string } }>("/profiles/posts/:id", async (request): Promise<ProjectPost[]> => {
    const id = pathId(request.params.id, MSG.userNotFound);
    const rows = await app.db
      .select({ id: postings.id, title: postings.title, images: postings.images, rate: postings.rate, createdAt: postings.createdAt })
      .from(postings)
      .innerJoin(users, eq(users.id, postings.userId))
      .where(and(eq(postings.userId, id), isNull(users.suspendedAt)))
      .orderBy(desc(postings.createdAt), asc(postings.id));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });
}
