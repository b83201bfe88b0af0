import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, paymentReferenceParams, transferReferenceSchema } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { conflict, notFound } from "../http/errors.js";
import { paymentByReference, setTransferReference } from "./repository.js";

/** The client's own word on a payment: the reference number on their app's receipt, after "I have paid". */
export async function paymentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const contract = {
    tags: ["bookings"],
    summary: "Add the transfer's reference number to one's payment (while it waits to be verified)",
    security: bearer,
    params: paymentReferenceParams,
    body: transferReferenceSchema,
    response: { 200: z.object({ reference: z.string(), transferReference: z.string() }), ...errorResponses },
  };
  app.put("/payments/:reference/transfer-reference", { preValidation: app.authenticate, schema: contract }, async (request) => {
    const me = currentUser(request);
    const { transferReference } = request.body;
    const saved = await app.db.transaction(async (tx) => {
      const payment = await paymentByReference(tx, request.params.reference, { lock: true });
      // Someone else's payment is not found, as if it did not exist.
      if (!payment || payment.clientId !== me.id) throw notFound(MSG.paymentNotFound);
      if (payment.state !== "UNVERIFIED") throw conflict(MSG.transferReferenceClosed);
      await setTransferReference(tx, payment.id, transferReference);
      return payment;
    });
    return { reference: saved.reference, transferReference };
  });
}
