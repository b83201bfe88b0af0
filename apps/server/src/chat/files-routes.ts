import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHAT_FILE_MAX_BYTES, chatAttachmentSchema, MSG } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, documentedOnly, errorResponses, idParams, loadedFirst } from "../http/contracts.js";
import { badRequest, HttpError } from "../http/errors.js";
import { receiveForm } from "../http/multipart.js";
import { attachmentSigner, dispositionOf, readSignedFile, uploadChatFile, type FileVariant } from "./files.js";
import { chatOfMember } from "./queries.js";

const tags = ["chat"];
const MB = 1024 * 1024;

/** A signed URL's parts (the reader, the expiry in Unix seconds, the signature); a wrong one is simply not found. */
const signedQuery = z.object({
  u: z.string().optional().describe("The reader the URL was signed for"),
  e: z.string().optional().describe("When it expires (Unix seconds)"),
  s: z.string().optional().describe("The signature"),
});

/** `POST /chats/{id}/files` and `GET /chat-files/{id}` (and its thumbnail): files in chat, decision 0025. */
export async function chatFileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const uploadContract = {
    tags,
    summary: "Upload a file into a chat (sent later with a message's attachmentIds; unsent ones go after a day)",
    security: bearer,
    consumes: ["multipart/form-data"],
    params: idParams(MSG.chatNotFound),
    body: z.object({
      file: z
        .file()
        .describe(
          "Up to 10 MB. Images (JPEG, PNG, WebP, GIF; re-encoded, metadata removed, with a thumbnail) or documents (PDF, Word, Excel, PowerPoint, text, zip; stored as sent). The type is read from the content and must agree with the name.",
        ),
    }),
    response: { 201: chatAttachmentSchema, ...errorResponses },
  };
  // The chat's id is `:id`, as in the chat's other routes; a non-member's chat is not found before anything about the form.
  const memberChat = loadedFirst(({ id }: { id: string }, request) => chatOfMember(app.db, id, currentUser(request).id));
  app.post(
    "/chats/:id/files",
    {
      preValidation: [app.authenticate, memberChat.hook],
      schema: uploadContract,
      validatorCompiler: documentedOnly,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const chat = memberChat.get(request);
      if (!request.isMultipart()) throw badRequest(MSG.chatFileMissing, "file");
      const received = await receiveForm(request, "file", { fileSize: CHAT_FILE_MAX_BYTES });
      if (received.truncated) throw new HttpError(413, MSG.chatFileTooLarge(CHAT_FILE_MAX_BYTES / MB));
      if (!received.file || received.file.length === 0) throw badRequest(MSG.chatFileMissing, "file");
      const row = await uploadChatFile(app, chat, me, { bytes: received.file, name: received.fileName });
      const sign = await attachmentSigner(app, me.id);
      return reply.status(201).send(sign(row));
    },
  );

  const readContract = (variant: FileVariant) => ({
    tags,
    summary:
      variant === "file"
        ? "A file of a chat, by the signed URL of a message's attachment (documents always as a download); anything else is 404"
        : "An image's thumbnail, by its signed URL; anything else is 404",
    params: idParams(MSG.chatFileNotFound),
    querystring: signedQuery,
    produces: ["application/octet-stream"],
    response: { 200: z.string().describe("The file's bytes"), ...errorResponses },
  });
  async function send(reply: FastifyReply, id: string, variant: FileVariant, query: z.output<typeof signedQuery>) {
    const { row, bytes, expires } = await readSignedFile(app, id, variant, query);
    const inline = row.kind === "image";
    const maxAge = Math.max(0, Math.floor(expires - app.clock.now().getTime() / 1000));
    reply
      .header("content-type", variant === "thumbnail" ? "image/webp" : row.contentType)
      .header("content-disposition", dispositionOf(inline ? "inline" : "attachment", row.name))
      .header("x-content-type-options", "nosniff")
      .header("cache-control", `private, max-age=${maxAge}`)
      .header("cross-origin-resource-policy", "same-origin");
    // A document is only ever downloaded; were it opened anyway, nothing in it runs.
    if (!inline) reply.header("content-security-policy", "default-src 'none'; sandbox");
    // Fastify sends a Buffer without the response schema's serializer.
    return reply.send(bytes as unknown as string);
  }
  app.get("/chat-files/:id", { schema: readContract("file") }, (request, reply) => send(reply, request.params.id, "file", request.query));
  app.get("/chat-files/:id/thumbnail", { schema: readContract("thumbnail") }, (request, reply) =>
    send(reply, request.params.id, "thumbnail", request.query),
  );
}
