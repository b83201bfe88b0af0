import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, UPLOAD_FOLDERS, UPLOAD_LIMIT_BYTES, type UploadFolder } from "@vam/shared";
import { bearer, documentedOnly, errorResponses } from "../http/contracts.js";
import { badRequest, HttpError } from "../http/errors.js";
import { receiveForm } from "../http/multipart.js";
import { cleanImage } from "./images.js";
import { recordUpload } from "./repository.js";

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMIT_BYTES));

const toMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** Documents the form; the route reads it itself (any order of parts, limits counted as it streams). */
const uploadForm = (folders: readonly UploadFolder[]) =>
  z.object({
    image: z.file().describe("JPEG, PNG or GIF; re-encoded by the server, metadata removed"),
    folder: z.enum(folders as [UploadFolder, ...UploadFolder[]]).optional(),
  });
const uploadContract = (summary: string, folders: readonly UploadFolder[], signedIn: boolean) => ({
  tags: ["uploads"],
  summary,
  ...(signedIn && { security: bearer }),
  consumes: ["multipart/form-data"],
  body: uploadForm(folders),
  response: { 201: z.object({ imageUrl: z.string() }), ...errorResponses },
});

export async function uploadRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  async function handle(request: FastifyRequest, ownerId: string | null, allowed: readonly UploadFolder[]) {
    if (!request.isMultipart()) throw badRequest(MSG.uploadMissingFile, "image");
    const received = await receiveForm(request, "image");
    const folder = (received.fields.folder ?? allowed[0]) as UploadFolder;
    if (!allowed.includes(folder)) throw badRequest(MSG.uploadUnknownFolder, "folder");
    if (!received.file || received.file.length === 0) throw badRequest(MSG.uploadMissingFile, "image");
    const limit = UPLOAD_LIMIT_BYTES[folder];
    if (received.truncated || received.file.length > limit) throw new HttpError(413, MSG.uploadTooLarge(toMb(limit)));

    const image = await cleanImage(received.file);
    const key = `${folder}/${randomUUID()}.${image.extension}`;
    const url = await app.storage.put(key, image.body, image.contentType);
    await recordUpload(app.db, {
      url,
      storageKey: key,
      folder,
      contentType: image.contentType,
      size: image.body.length,
      ownerId,
    });
    return { imageUrl: url };
  }

  app.post(
    "/upload",
    { preValidation: app.authenticate, schema: uploadContract("Upload an image", UPLOAD_FOLDERS, true), validatorCompiler: documentedOnly },
    async (request, reply) => reply.status(201).send(await handle(request, request.user!.id, UPLOAD_FOLDERS)),
  );

  // Before an account exists only an avatar may be uploaded, and only at the sign-up pace.
  app.post(
    "/upload/register",
    {
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: "1 minute" } },
      schema: uploadContract("Upload an avatar before signing up", ["avatars"], false),
      validatorCompiler: documentedOnly,
    },
    async (request, reply) => reply.status(201).send(await handle(request, null, ["avatars"])),
  );
}
