import { readdir } from "node:fs/promises";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_FILES_PER_MESSAGE, MSG, type ChatAttachment, type ChatMessage, type ChatWithMessages } from "@vam/shared";
import { sweep } from "../src/bookings/sweep.js";
import { removeChatFilesOf } from "../src/chat/files.js";
import { chatFiles } from "../src/db/schema.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

/** Files in chat (issue 33; decision 0025). */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: "true" });
});
afterAll(() => server?.close());

type Account = Awaited<ReturnType<typeof signUp>>;

/** Two members with a chat (started by a first message) and an outsider. */
async function chatOfTwo() {
  const boss = await signUp(server, { role: "Boss", firstName: "Ramon" });
  const assistant = await signUp(server, { role: "Assistant", firstName: "Maria" });
  const outsider = await signUp(server);
  const sent = await server.api<{ chatId: string }>("POST", "/api/messages/send", {
    token: boss.token,
    body: { recipientId: assistant.user.id, message: "Hello po" },
  });
  expect(sent.status).toBe(201);
  return { boss, assistant, outsider, chatId: sent.body.chatId };
}

async function upload(account: Account, chatId: string, bytes: Buffer, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${server.url}/api/chats/${chatId}/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as ChatAttachment & { message: string; field?: string } };
}

const post = (account: Account, chatId: string, body: Record<string, unknown>) =>
  server.api<ChatMessage & { message: string; field?: string }>("POST", `/api/messages/${chatId}`, { token: account.token, body });

async function read(url: string, token?: string) {
  const response = await fetch(server.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A photo with EXIF (a camera model and a copyright line) that the server must strip. */
const photoWithExif = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "GPS 14.5995 N, 120.9842 E" } })
    .toBuffer();

const pdf = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

/**
 * A zip bomb's shape: one entry whose header declares about 4 GB uncompressed, holding a small
 * deflate stream. Opening it would be the mistake; it must be stored and served as sent.
 */
function zipBomb(): Buffer {
  const name = Buffer.from("bomb.bin");
  const data = deflateRawSync(Buffer.alloc(2 * 1024 * 1024));
  const declared = 0xfffffffe;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0x12345678, 14); // crc (never checked: never opened)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0x12345678, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const privateFiles = async () => {
  try {
    return await readdir(path.join(server.config.dataDir, "private", "chat-files"));
  } catch {
    return [];
  }
};

describe("files in chat", () => {
  it("sends an image (re-encoded, EXIF gone, with a smaller thumbnail) and a PDF that the other member reads by signed URLs", async () => {
    const { boss, assistant, outsider, chatId } = await chatOfTwo();
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const image = await upload(boss, chatId, photo, "beach.jpg", "image/jpeg");
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({ kind: "image", name: "beach.jpg", contentType: "image/jpeg", width: 1200, height: 900 });
    expect(image.body.thumbnailUrl).toBeTruthy();
    const document = await upload(boss, chatId, pdf(), "Kontrata ng trabaho.pdf", "application/pdf");
    expect(document.status).toBe(201);
    expect(document.body).toMatchObject({ kind: "document", contentType: "application/pdf", thumbnailUrl: null, width: null });

    const sent = await post(boss, chatId, { text: "", attachmentIds: [image.body.id, document.body.id] });
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe("");
    expect(sent.body.attachments.map((file) => file.id)).toEqual([image.body.id, document.body.id]);

    // The other member opens the chat: each file with URLs signed for them.
    const opened = await server.api<ChatWithMessages>("GET", `/api/chats/${chatId}`, { token: assistant.token });
    const message = opened.body.messages.find((item) => item.id === sent.body.id)!;
    const [seenImage, seenDocument] = message.attachments;
    expect(seenImage!.url).toContain(`u=${assistant.user.id}`);
    expect(opened.body.messages[0]!.attachments).toEqual([]);

    const full = await read(seenImage!.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(full.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(full.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const fullMeta = await sharp(full.bytes).metadata();
    expect(fullMeta.exif).toBeUndefined();
    expect(full.bytes.includes(Buffer.from("SecretCam"))).toBe(false);
    expect([fullMeta.width, fullMeta.height]).toEqual([1200, 900]);
    const thumbnail = await read(seenImage!.thumbnailUrl!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const thumbMeta = await sharp(thumbnail.bytes).metadata();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBeLessThanOrEqual(320);
    expect(thumbnail.bytes.length).toBeLessThan(full.bytes.length);

    const file = await read(seenDocument!.url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(pdf())).toBe(true);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Kontrata ng trabaho.pdf"; filename*=UTF-8''Kontrata%20ng%20trabaho.pdf`,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");

    // The sender reads them too, by their own URLs.
    expect((await read(sent.body.attachments[1]!.url)).status).toBe(200);

    // Anyone else: 404. Their own token, a URL re-addressed to them, a changed signature, no signature.
    const ownUrl = seenDocument!.url.replace(`u=${assistant.user.id}`, `u=${outsider.user.id}`);
    expect((await read(ownUrl, outsider.token)).status).toBe(404);
    expect((await read(`/api/chat-files/${seenDocument!.id}`, outsider.token)).status).toBe(404);
    expect((await read(`/api/chat-files/${seenDocument!.id}`, assistant.token)).status).toBe(404);
    const badSignature = seenDocument!.url.replace(/s=([^&]+)/, (_match, sig: string) => `s=${sig.slice(0, -2)}AA`);
    expect((await read(badSignature)).status).toBe(404);
    const longerExpiry = seenDocument!.url.replace(/e=(\d+)/, (_match, e: string) => `e=${Number(e) + 3600}`);
    expect((await read(longerExpiry)).status).toBe(404);
    // The thumbnail's signature does not open the full file, and an unknown id is not found.
    expect((await read(seenImage!.thumbnailUrl!.replace("/thumbnail", ""))).status).toBe(404);
    expect((await read(seenImage!.url.replace(seenImage!.id, "00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    const outsiderChat = await server.api("GET", `/api/chats/${chatId}`, { token: outsider.token });
    expect(outsiderChat.status).toBe(404);

    // After the expiry (12 hours, rounded up to the hour) the URL is dead; a fresh read signs anew.
    await server.api("PUT", "/api/test/clock", { body: { now: new Date(Date.now() + 14 * 3600_000).toISOString() } });
    try {
      expect((await read(seenDocument!.url)).status).toBe(404);
      const again = await server.api<ChatWithMessages>("GET", `/api/chats/${chatId}`, { token: assistant.token });
      const fresh = again.body.messages.find((item) => item.id === sent.body.id)!.attachments[1]!;
      expect((await read(fresh.url)).status).toBe(200);
    } finally {
      await server.api("DELETE", "/api/test/clock");
    }
  });

  it("refuses by content: a PNG named .pdf, HTML (also named .txt), other kinds, and accepts plain text", async () => {
    const { boss, chatId } = await chatOfTwo();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } })
      .png()
      .toBuffer();
    const mismatched = await upload(boss, chatId, png, "invoice.pdf", "application/pdf");
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.message).toBe("This file's content does not match its name");
    expect(mismatched.body.message).toBe(MSG.chatFileMismatch);

    const page = Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>");
    const html = await upload(boss, chatId, page, "page.html", "text/html");
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(MSG.chatFileHtml);
    const disguised = await upload(boss, chatId, page, "notes.txt", "text/plain");
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe(MSG.chatFileHtml);
    const svg = await upload(boss, chatId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'), "logo.svg");
    expect(svg.status).toBe(400);

    const executable = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    expect((await upload(boss, chatId, executable, "setup.exe")).status).toBe(415);
    // Not UTF-8 text named .txt: its content does not match.
    expect((await upload(boss, chatId, Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00]), "data.txt")).status).toBe(400);

    const text = await upload(boss, chatId, Buffer.from("Mga gawain:\n- email\n- kalendaryo\n"), "tasks.txt", "text/plain");
    expect(text.status).toBe(201);
    expect(text.body).toMatchObject({ kind: "document", contentType: "text/plain; charset=utf-8" });
  });

  it("refuses a file over 10 MB with 413 and says so", async () => {
    const { boss, chatId } = await chatOfTwo();
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    big.write("%PDF-1.4\n", 0);
    const answer = await upload(boss, chatId, big, "scan.pdf", "application/pdf");
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(MSG.chatFileTooLarge(10));
  });

  it("stores a zip bomb-shaped archive as sent, never opened, and serves the same bytes as a download", async () => {
    const { boss, assistant, chatId } = await chatOfTwo();
    const bomb = zipBomb();
    const stored = await upload(boss, chatId, bomb, "archive.zip", "application/zip");
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ kind: "document", contentType: "application/zip", size: bomb.length });
    const sent = await post(boss, chatId, { text: "Files", attachmentIds: [stored.body.id] });
    expect(sent.status).toBe(201);
    const opened = await server.api<ChatWithMessages>("GET", `/api/chats/${chatId}`, { token: assistant.token });
    const file = opened.body.messages.at(-1)!.attachments[0]!;
    const answer = await read(file.url);
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(bomb)).toBe(true);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("sends only the sender's own unsent uploads of that chat, at most 5 to a message", async () => {
    const first = await chatOfTwo();
    const second = await chatOfTwo();
    const mine = await upload(first.boss, first.chatId, pdf(), "a.pdf");
    const theirs = await upload(first.assistant, first.chatId, pdf(), "b.pdf");
    const otherChat = await upload(second.boss, second.chatId, pdf(), "c.pdf");

    const refusedOthers = await post(first.boss, first.chatId, { text: "x", attachmentIds: [theirs.body.id] });
    expect(refusedOthers.status).toBe(400);
    expect(refusedOthers.body).toMatchObject({ message: MSG.chatFileNotYours, field: "attachmentIds" });
    expect((await post(second.boss, second.chatId, { text: "x", attachmentIds: [mine.body.id] })).status).toBe(400);
    // Through /messages/send too, to the chat of another person.
    const viaSend = await server.api("POST", "/api/messages/send", {
      token: second.boss.token,
      body: { recipientId: first.assistant.user.id, message: "", attachmentIds: [otherChat.body.id] },
    });
    expect(viaSend.status).toBe(400);
    // A refused message leaves nothing behind: no message, the file still unsent.
    const [row] = await server.database.db.select().from(chatFiles).where(eq(chatFiles.id, mine.body.id));
    expect(row!.messageId).toBeNull();

    const six = await Promise.all(Array.from({ length: CHAT_FILES_PER_MESSAGE + 1 }, (_, i) => upload(first.boss, first.chatId, pdf(), `${i}.pdf`)));
    const tooMany = await post(first.boss, first.chatId, { text: "", attachmentIds: six.map((file) => file.body.id) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MSG.chatFilesTooMany(5));
    expect((await post(first.boss, first.chatId, { text: "" })).body.message).toBe(MSG.messageEmpty);

    const ok = await post(first.boss, first.chatId, { text: "", attachmentIds: [mine.body.id] });
    expect(ok.status).toBe(201);
    // Sent once: not again.
    expect((await post(first.boss, first.chatId, { text: "again", attachmentIds: [mine.body.id] })).status).toBe(400);
    // An unsent upload is the uploader's alone to read.
    expect((await read(theirs.body.url)).status).toBe(200);
    const forged = theirs.body.url.replace(`u=${first.assistant.user.id}`, `u=${first.boss.user.id}`);
    expect((await read(forged)).status).toBe(404);
    // Only members upload; a non-member's chat is not found.
    expect((await upload(first.outsider, first.chatId, pdf(), "x.pdf")).status).toBe(404);
  });

  it("removes unsent uploads after a day (the sweep), keeping sent ones", async () => {
    const { boss, chatId } = await chatOfTwo();
    const unsent = await upload(boss, chatId, pdf(), "draft.pdf");
    const sentFile = await upload(boss, chatId, pdf(), "final.pdf");
    await post(boss, chatId, { text: "", attachmentIds: [sentFile.body.id] });
    await sweep(server.app);
    expect(await server.database.db.select().from(chatFiles).where(eq(chatFiles.id, unsent.body.id))).toHaveLength(1);

    await server.api("PUT", "/api/test/clock", { body: { now: new Date(Date.now() + 25 * 3600_000).toISOString() } });
    try {
      await sweep(server.app);
    } finally {
      await server.api("DELETE", "/api/test/clock");
    }
    expect(await server.database.db.select().from(chatFiles).where(eq(chatFiles.id, unsent.body.id))).toHaveLength(0);
    expect(await server.database.db.select().from(chatFiles).where(eq(chatFiles.id, sentFile.body.id))).toHaveLength(1);
  });

  it("removes a deleted account's files, sent and unsent, storage and rows", async () => {
    const { boss, assistant, chatId } = await chatOfTwo();
    const before = (await privateFiles()).length;
    const image = await upload(boss, chatId, await photoWithExif(), "me.jpg");
    const unsent = await upload(boss, chatId, pdf(), "cv.pdf");
    const kept = await upload(assistant, chatId, pdf(), "reply.pdf");
    await post(boss, chatId, { text: "", attachmentIds: [image.body.id] });
    await post(assistant, chatId, { text: "", attachmentIds: [kept.body.id] });
    expect((await privateFiles()).length).toBe(before + 4); // the image, its thumbnail, two PDFs
    const opened = await server.api<ChatWithMessages>("GET", `/api/chats/${chatId}`, { token: assistant.token });
    const imageUrl = opened.body.messages.find((item) => item.attachments[0]?.id === image.body.id)!.attachments[0]!.url;

    const deleted = await server.api("POST", "/api/account/delete", { token: boss.token, body: { password: boss.input.password } });
    expect(deleted.status).toBe(200);
    // At once, by the deletion itself (no sweep needed).
    const rows = await server.database.db.select().from(chatFiles).where(eq(chatFiles.uploaderId, boss.user.id));
    expect(rows).toHaveLength(0);
    expect((await privateFiles()).length).toBe(before + 1);
    expect((await read(imageUrl)).status).toBe(404);
    // The other member's file stays theirs.
    expect(await server.database.db.select().from(chatFiles).where(eq(chatFiles.id, kept.body.id))).toHaveLength(1);
    expect(unsent.status).toBe(201);
  });

  it("removeChatFilesOf removes at once what an account uploaded", async () => {
    const { assistant, chatId } = await chatOfTwo();
    const file = await upload(assistant, chatId, pdf(), "a.pdf");
    expect(await removeChatFilesOf(server.app, assistant.user.id)).toBe(1);
    expect(await server.database.db.select().from(chatFiles).where(eq(chatFiles.id, file.body.id))).toHaveLength(0);
    expect((await read(file.body.url)).status).toBe(404);
  });
});
