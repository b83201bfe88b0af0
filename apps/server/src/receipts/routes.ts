import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, OPERATOR_ROLE } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { forbidden, notFound } from "../http/errors.js";
import { receiptDocument } from "./document.js";
import { bookingParties, receiptOfPayment } from "./repository.js";
import { sendAttachment } from "../http/attachment.js";

/**
 * The acknowledgement receipt of a booking's payment (decisions.md, "Cancelling, refunds, fees
 * and payouts"), as a PDF: for the client who paid, and for operators. The assistant is a party
 * to the booking but not to the payment (403); anyone else does not see the booking at all (404).
 */
export async function receiptRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  const contract = {
    tags: ["bookings"],
    summary: "The receipt of the booking's payment (PDF): the client who paid, or an operator; 404 until the payment is verified",
    security: bearer,
    params: idParams(MSG.bookingNotFound),
    produces: ["application/pdf"],
    response: { 200: z.string().describe("A PDF file (application/pdf)"), ...errorResponses },
  };
  app.get("/bookings/:id/receipt", { ...auth, schema: contract }, async (request, reply) => {
    const me = currentUser(request);
    const booking = await bookingParties(app.db, request.params.id);
    if (!booking) throw notFound(MSG.bookingNotFound);
    if (me.role !== OPERATOR_ROLE && booking.clientId !== me.id) {
      throw booking.consultantId === me.id ? forbidden(MSG.receiptOnlyClient) : notFound(MSG.bookingNotFound);
    }
    const receipt = await receiptOfPayment(app.db, booking.paymentId);
    if (!receipt) throw notFound(MSG.receiptNotFound);
    const { fileName, bytes } = await receiptDocument(app.db, app.config.platform, receipt);
    return sendAttachment(reply, { fileName, contentType: "application/pdf", bytes });
  });
}
