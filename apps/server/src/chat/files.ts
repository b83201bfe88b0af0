import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { CHAT_FILE_MAX_BYTES, HOUR_MS, isId, MSG, type ChatAttachment } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import { badRequest, conflict, HttpError, notFound } from "../http/errors.js";
import { createPrivateStorage, type PrivateStorage } from "../uploads/public.js";
import { cleanChatImage } from "./file-images.js";
import { classifyChatFile, cleanFileName } from "./file-types.js";
import {
  chatFileById,
  deleteChatFileRows,
  filesUploadedBy,
  insertChatFile,
  isLiveMember,
  signingSecret,
  staleChatFiles,
  type ChatFileRow,
} from "./files-repository.js";
import { otherMember, userById } from "./queries.js";
import type { ChatRow } from "./serialize.js";

/**
 * Files in chat (issue 33; decision 0025): uploaded into a chat by a member, sent with a message,
 * stored in the private storage under random keys, read through URLs signed for one member.
 */

/** How long a signed URL lasts (at least; expiries are rounded up to the hour so a URL stays the same, and cached, for an hour). */
export const SIGNED_URL_HOURS = 12;
/** Unsent uploads are removed after this long. */
export const UNSENT_KEPT_MS = 24 * HOUR_MS;

export type FileVariant = "file" | "thumbnail";

interface ChatFilesState {
  storage: PrivateStorage;
  secret?: Promise<Buffer>;
}
const states = new WeakMap<FastifyInstance, ChatFilesState>();

function stateOf(app: FastifyInstance): ChatFilesState {
  let state = states.get(app);
  if (!state) {
    state = { storage: createPrivateStorage(app.config) };
    states.set(app, state);
  }
  return state;
}

export const chatFileStorage = (app: FastifyInstance) => stateOf(app).storage;

function secretOf(app: FastifyInstance): Promise<Buffer> {
  const state = stateOf(app);
  if (!state.secret) {
    const secret = signingSecret(app.db, randomBytes(32).toString("base64url")).then((value) => Buffer.from(value, "base64url"));
    state.secret = secret;
    // A database hiccup is not remembered: the next request asks again.
    secret.catch(() => {
      if (state.secret === secret) state.secret = undefined;
    });
  }
  return state.secret;
}

const signatureOf = (secret: Buffer, id: string, variant: FileVariant, viewerId: string, expires: number) =>
  createHmac("sha256", secret).update(`chat-file\n${id}\n${variant}\n${viewerId}\n${expires}`).digest("base64url");

/** Signs views of files for one reader: `(row) => view`, every URL for `viewerId`, valid until the same instant. */
export async function attachmentSigner(app: FastifyInstance, viewerId: string): Promise<(row: ChatFileRow) => ChatAttachment> {
  const secret = await secretOf(app);
  const expires = Math.ceil((app.clock.now().getTime() + SIGNED_URL_HOURS * HOUR_MS) / HOUR_MS) * (HOUR_MS / 1000);
  const url = (id: string, variant: FileVariant) =>
    `/api/chat-files/${id}${variant === "thumbnail" ? "/thumbnail" : ""}?u=${viewerId}&e=${expires}&s=${signatureOf(secret, id, variant, viewerId, expires)}`;
  return (row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    url: url(row.id, "file"),
    thumbnailUrl: row.thumbnailKey ? url(row.id, "thumbnail") : null,
  });
}

/** Receives one upload into a chat: checks it by its content, re-encodes images, stores it unsent. */
export async function uploadChatFile(app: FastifyInstance, chat: ChatRow, me: UserRow, file: { bytes: Buffer; name?: string }) {
  const recipient = await userById(app.db, otherMember(chat, me.id));
  if (recipient.deletedAt) throw conflict(MSG.recipientDeleted);
  if (file.bytes.length === 0) throw badRequest(MSG.chatFileMissing, "file");
  if (file.bytes.length > CHAT_FILE_MAX_BYTES) throw new HttpError(413, MSG.chatFileTooLarge(CHAT_FILE_MAX_BYTES / (1024 * 1024)));
  const name = cleanFileName(file.name);
  const type = await classifyChatFile(file.bytes, name);
  const storage = chatFileStorage(app);
  const key = `chat-files/${randomBytes(24).toString("base64url")}`;
  let stored: { body: Buffer; width: number | null; height: number | null; thumbnailKey: string | null };
  if (type.kind === "image") {
    const image = await cleanChatImage(file.bytes, type.contentType);
    await storage.put(key, image.body, type.contentType);
    await storage.put(`${key}-thumbnail`, image.thumbnail, image.thumbnailType);
    stored = { body: image.body, width: image.width, height: image.height, thumbnailKey: `${key}-thumbnail` };
  } else {
    await storage.put(key, file.bytes, type.contentType);
    stored = { body: file.bytes, width: null, height: null, thumbnailKey: null };
  }
  try {
    return await insertChatFile(app.db, {
      chatId: chat.id,
      uploaderId: me.id,
      kind: type.kind,
      name,
      contentType: type.contentType,
      size: stored.body.length,
      width: stored.width,
      height: stored.height,
      storageKey: key,
      thumbnailKey: stored.thumbnailKey,
    });
  } catch (error) {
    await removeBlobs(app, [key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : [])]);
    throw error;
  }
}

/** True when `given` is the signature of this URL and it has not expired. */
function validSignature(secret: Buffer, id: string, variant: FileVariant, viewerId: string, expires: number, given: string) {
  const expected = Buffer.from(signatureOf(secret, id, variant, viewerId, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface SignedQuery {
  u?: string;
  e?: string;
  s?: string;
}

/**
 * The file a signed URL names, or 404 for anything else: an unknown id, a missing, bad or expired
 * signature, a reader no longer a member (or deleted), or someone else's unsent upload.
 */
export async function readSignedFile(app: FastifyInstance, id: string, variant: FileVariant, query: SignedQuery) {
  const { u: viewerId, e, s } = query;
  const expires = Number(e);
  if (!viewerId || !isId(viewerId) || !s || !e || !/^\d{1,12}$/.test(e) || expires * 1000 <= app.clock.now().getTime()) {
    throw notFound(MSG.chatFileNotFound);
  }
  if (!validSignature(await secretOf(app), id, variant, viewerId, expires, s)) throw notFound(MSG.chatFileNotFound);
  const row = await chatFileById(app.db, id);
  if (!row || (variant === "thumbnail" && !row.thumbnailKey)) throw notFound(MSG.chatFileNotFound);
  if (!row.messageId && row.uploaderId !== viewerId) throw notFound(MSG.chatFileNotFound);
  if (!(await isLiveMember(app.db, row.chatId, viewerId))) throw notFound(MSG.chatFileNotFound);
  const bytes = await chatFileStorage(app).get(variant === "thumbnail" ? row.thumbnailKey! : row.storageKey);
  if (!bytes) throw notFound(MSG.chatFileNotFound);
  return { row, bytes, expires };
}

/** `filename*` of RFC 6266/5987: the name in UTF-8, percent-encoded, and a plain ASCII fallback. */
export function dispositionOf(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

async function removeBlobs(app: FastifyInstance, keys: string[]) {
  const storage = chatFileStorage(app);
  const removed = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  const failed = removed.filter((result) => result.status === "rejected").length;
  if (failed > 0) app.log.warn({ failed }, "some chat files could not be removed");
  return failed;
}

const keysOf = (rows: ChatFileRow[]) => rows.flatMap((row) => [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])]);

/**
 * Account deletion: removes every file the account uploaded to a chat, sent or not (the bytes,
 * then the rows). Call after the deletion has committed; the sweep finishes what a crash left
 * (it also removes the files of any deleted account). Answers how many files went.
 */
export async function removeChatFilesOf(app: FastifyInstance, userId: string): Promise<number> {
  const rows = await filesUploadedBy(app.db, userId);
  await removeBlobs(app, keysOf(rows));
  await deleteChatFileRows(
    app.db,
    rows.map((row) => row.id),
  );
  return rows.length;
}

/** The sweep's part: unsent uploads older than a day, and files of deleted accounts. Answers how many went. */
export async function sweepChatFiles(app: FastifyInstance): Promise<number> {
  const before = new Date(app.clock.now().getTime() - UNSENT_KEPT_MS);
  let count = 0;
  for (;;) {
    const rows = await staleChatFiles(app.db, before, 100);
    if (rows.length === 0) break;
    await removeBlobs(app, keysOf(rows));
    await deleteChatFileRows(
      app.db,
      rows.map((row) => row.id),
    );
    count += rows.length;
    if (rows.length < 100) break;
  }
  if (count > 0) app.log.info({ count }, "removed unsent or deleted accounts' chat files");
  return count;
}
