import type { FastifyReply } from "fastify";

/**
 * Answers a file to download (a receipt, a statement): its type, its name, never cached by the
 * browser or a proxy (it is someone's own), the bytes as they are.
 */
export function sendAttachment(reply: FastifyReply, { fileName, contentType, bytes }: { fileName: string; contentType: string; bytes: Buffer }) {
  return (
    reply
      .header("content-type", contentType)
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "private, no-store")
      // Fastify sends a Buffer without the response schema's serializer.
      .send(bytes as unknown as string)
  );
}
