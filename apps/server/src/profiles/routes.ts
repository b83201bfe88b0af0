import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MSG,
  messageSchema,
  type ProfilePage,
  profilePageSchema,
  profileSearchSchema,
  projectPostSchema,
  suggestionsSchema,
  suggestQuerySchema,
  userProfileSchema,
} from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { forbidden, notFound } from "../http/errors.js";
import { createListing, deleteListing, findListing, listingsOf, projectsOf, userWithListing } from "./queries.js";
import { pageJson, searchProfiles } from "./search.js";
import { suggest } from "./suggest.js";
import { toUserProfile } from "./serialize.js";

const tags = ["profiles"];
const listingTitle = z.object({ id: z.string(), title: z.string() });

export async function profileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  const searchContract = {
    tags,
    summary: "Search the Assistants' listings: ranked by name and place words, else newest first; by cursor",
    querystring: profileSearchSchema,
    response: { 200: profilePageSchema, ...errorResponses },
  };
  app.get("/profiles/posts", { schema: searchContract }, async (request, reply) => {
    const page = searchProfiles(app.searchIndex.index, request.query, app.clock.now());
    // Text, not an object: the serializer leaves it alone; its cards were encoded through the schema when filed (decision 0014).
    return reply.type("application/json; charset=utf-8").send(pageJson(page) as unknown as ProfilePage);
  });

  const suggestContract = {
    tags,
    summary: "Names or places completing what is typed in the search's Name or Where field",
    querystring: suggestQuerySchema,
    response: { 200: suggestionsSchema, ...errorResponses },
  };
  app.get("/profiles/suggest", { schema: suggestContract }, async (request) => ({ suggestions: suggest(app.searchIndex.index, request.query) }));

  const ownContract = {
    tags,
    summary: "The signed-in user's listings",
    security: bearer,
    response: { 200: z.array(listingTitle), ...errorResponses },
  };
  app.get("/profiles/user-posts", { ...auth, schema: ownContract }, async (request) => listingsOf(app.db, currentUser(request).id));

  // "Make Profile Public": the Assistant's one listing, made from their profile.
  const publishContract = {
    tags,
    summary: "Make one's profile public (Assistants, once)",
    security: bearer,
    response: { 201: z.object({ data: listingTitle }), ...errorResponses },
  };
  app.post("/profiles/profile", { ...auth, schema: publishContract }, async (request, reply) => {
    const me = currentUser(request);
    if (me.role !== "Assistant") throw forbidden(MSG.onlyAssistantsListed);
    const created = await createListing(app.db, me);
    await app.searchIndex.settle();
    return reply.status(201).send({ data: { id: created.id, title: created.title } });
  });

  const deleteContract = {
    tags,
    summary: "Take one's listing down",
    security: bearer,
    params: idParams(MSG.profileNotFound),
    response: { 200: messageSchema, ...errorResponses },
  };
  app.delete("/profiles/posts/:id", { ...auth, schema: deleteContract }, async (request) => {
    const { id } = request.params;
    const listing = await findListing(app.db, id);
    if (!listing) throw notFound(MSG.profileNotFound);
    if (listing.userId !== currentUser(request).id) throw forbidden(MSG.forbiddenNotOwner);
    await deleteListing(app.db, id, listing.userId);
    await app.searchIndex.settle();
    return { message: "Profile deleted" };
  });

  const profileContract = {
    tags,
    summary: "A user's public profile and listing",
    params: idParams(MSG.userNotFound),
    response: { 200: userProfileSchema, ...errorResponses },
  };
  app.get("/profiles/:id", { schema: profileContract }, async (request) => {
    const row = await userWithListing(app.db, request.params.id);
    if (!row || row.user.suspendedAt) throw notFound(MSG.userNotFound);
    return toUserProfile(row.user, row.profile ?? undefined);
  });

  // The user's postings, shown as the "projects" of their profile.
  const projectsContract = {
    tags,
    summary: "A user's postings, newest first",
    params: idParams(MSG.userNotFound),
    response: { 200: z.array(projectPostSchema), ...errorResponses },
  };
  app.get("/profiles/posts/:id", { schema: projectsContract }, async (request) => projectsOf(app.db, request.params.id));
}
