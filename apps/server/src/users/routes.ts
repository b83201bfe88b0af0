import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ASSISTANT_RATE, MSG, selfUserSchema, updateUserSchema } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { badRequest, forbidden } from "../http/errors.js";
import { isIssuedUpload } from "../uploads/public.js";
import { assertIdentityFree, rethrowIdentityConflict } from "./identity.js";
import { selfView, updateAccount } from "./queries.js";
import { queueVerification } from "../account-tokens/public.js";

const tags = ["users"];
const userAnswer = z.object({ user: selfUserSchema });

export async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const verifyContract = { tags, summary: "The signed-in user", security: bearer, response: { 200: userAnswer, ...errorResponses } };
  app.get("/users/verify", { preValidation: app.authenticate, schema: verifyContract }, async (request) => ({
    user: await selfView(app.db, currentUser(request)),
  }));

  const updateContract = {
    tags,
    summary: "Edit one's own account",
    security: bearer,
    // Any other id is someone else's account (403), so not validated as an id here.
    params: z.object({ id: z.string() }),
    body: updateUserSchema,
    response: { 200: userAnswer, ...errorResponses },
  };
  /** Someone else's account is refused before its form is read. */
  const ownAccount = async (request: FastifyRequest) => {
    if ((request.params as { id: string }).id !== currentUser(request).id) throw forbidden(MSG.forbiddenOtherUser);
  };
  app.put("/users/:id", { preValidation: [app.authenticate, ownAccount], schema: updateContract }, async (request) => {
    const me = currentUser(request);
    const input = request.body;
    if (input.role !== undefined && input.role !== me.role) throw badRequest(MSG.roleReadOnly, "role");
    const isAssistant = me.role === "Assistant";
    if (isAssistant && input.salaryRate != null && input.salaryRate !== ASSISTANT_RATE) {
      throw badRequest(MSG.assistantRateFixed, "salaryRate");
    }
    if (input.avatar && input.avatar !== me.avatar && !(await isIssuedUpload(app.db, input.avatar))) {
      throw badRequest(MSG.avatarNotIssued, "avatar");
    }
    await assertIdentityFree(app.db, input.username, input.email, me.id);
    // A new address waits for its link (decisions.md, Accounts and email); the account keeps the old one until then.
    const newAddress = input.email !== me.email ? input.email : null;
    const askAgain = newAddress !== null && newAddress !== me.pendingEmail;

    const updated = await app.db.transaction(async (tx) => {
      const row = await updateAccount(tx, me.id, {
        username: input.username,
        pendingEmail: newAddress,
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
      }).catch(rethrowIdentityConflict);
      if (askAgain) await queueVerification(tx, app, row!, newAddress, "change");
      return row!;
    });
    if (askAgain) app.emailQueue.kick();
    await app.searchIndex.settle();
    return { user: await selfView(app.db, updated) };
  });
}
