import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { ASSISTANT_RATE, MSG, updateUserSchema } from "@vam/shared";
import { users } from "../db/schema.js";
import { currentUser } from "../auth/authenticate.js";
import { badRequest, forbidden, parseWith } from "../http/errors.js";
import { isIssuedUpload } from "../uploads/issued.js";
import { assertIdentityFree, rethrowIdentityConflict } from "./identity.js";
import { selfView } from "./queries.js";

export async function userRoutes(app: FastifyInstance) {
  app.get("/users/verify", { preHandler: app.authenticate }, async (request) => ({
    user: await selfView(app.db, currentUser(request)),
  }));

  app.put<{ Params: { id: string } }>("/users/:id", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    if (request.params.id !== me.id) throw forbidden(MSG.forbiddenOtherUser);
    const input = parseWith(updateUserSchema, request.body);
    if (input.role !== undefined && input.role !== me.role) throw badRequest(MSG.roleReadOnly, "role");
    const isAssistant = me.role === "Assistant";
    if (isAssistant && input.salaryRate != null && input.salaryRate !== ASSISTANT_RATE) {
      throw badRequest(MSG.assistantRateFixed, "salaryRate");
    }
    if (input.avatar && input.avatar !== me.avatar && !(await isIssuedUpload(app.db, input.avatar))) {
      throw badRequest(MSG.avatarNotIssued, "avatar");
    }
    await assertIdentityFree(app.db, input.username, input.email, me.id);

    const [updated] = await app.db
      .update(users)
      .set({
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        skills: input.skills,
        location: input.location,
        experience: input.experience,
        availability: input.availability,
        salaryRate: isAssistant ? ASSISTANT_RATE : null,
        ...(input.avatar !== undefined && { avatar: input.avatar || null }),
        ...(input.bio !== undefined && { bio: input.bio || null }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, me.id))
      .returning()
      .catch(rethrowIdentityConflict);
    app.searchCache.clear();
    return { user: await selfView(app.db, updated!) };
  });
}
