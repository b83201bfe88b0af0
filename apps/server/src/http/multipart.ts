import type { FastifyRequest } from "fastify";
import { MSG } from "@vam/shared";
import { HttpError, badRequest } from "./errors.js";

export interface ReceivedForm {
  /** The one file of `fileField` (others are drained and dropped). */
  file?: Buffer;
  fileName?: string;
  /** The file was cut at the size limit. */
  truncated: boolean;
  /** The text fields, by name. */
  fields: Record<string, string>;
}

const PART_LIMITS = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/**
 * Reads a multipart body whatever the order of its parts: one file (`fileField`), cut at
 * `limits.fileSize` when given (else the app's limit), and its text fields. A body that is not a
 * complete form (no boundary, a part cut short, a bad header) is the client's: 400, as too many
 * parts is 413.
 */
export async function receiveForm(request: FastifyRequest, fileField: string, limits?: { fileSize: number }): Promise<ReceivedForm> {
  const received: ReceivedForm = { truncated: false, fields: {} };
  try {
    for await (const part of request.parts(limits ? { limits: { ...limits, files: 1, fields: 5, fieldSize: 4096 } } : undefined)) {
      if (part.type === "file") {
        if (part.fieldname !== fileField || received.file) {
          part.file.resume();
          continue;
        }
        received.file = await part.toBuffer();
        received.fileName = part.filename;
        received.truncated = part.file.truncated;
      } else {
        received.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (PART_LIMITS.has((error as { code?: string }).code ?? "")) throw new HttpError(413, MSG.uploadTooManyParts);
    throw badRequest(MSG.uploadMalformed);
  }
  return received;
}
