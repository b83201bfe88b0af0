import { constants } from "node:zlib";
import type { FastifyCompressOptions } from "@fastify/compress";

/**
 * Compression of the API's answers (registered inside `/api` only). The web app's files are
 * compressed once at build time and served as they are (`static.ts`); socket.io answers its own
 * requests before Fastify sees them; uploads are images, which do not compress.
 *
 * - Answers under 1 KB go as they are: compressing them saves less than it costs.
 * - Brotli at quality 4: the default (11) is meant for build time and costs milliseconds of CPU
 *   per answer; 4 is faster than gzip's default and still smaller.
 * - Partial answers (206) and answers already encoded are left alone by the plugin.
 * - Request bodies are never decompressed: a small compressed body must not expand past the
 *   JSON body limit's intent.
 */
export const API_COMPRESSION: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  threshold: 1024,
  encodings: ["br", "gzip"],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};
