import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { noisyPng, pngOf, uploadImage } from "./helpers/images.js";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signUp(server)).token;
});
afterAll(() => server?.close());

describe("uploads", () => {
  it("stores an image on local disk and serves it back", async () => {
    const { status, body } = await uploadImage(server, { file: await pngOf(120, 80), name: "work.png", folder: "gallery", token });
    expect(status).toBe(201);
    expect(body.imageUrl).toMatch(/^\/uploads\/gallery\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(path.join(server.config.dataDir, body.imageUrl))).toBe(true);

    const served = await fetch(server.url + body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(120);
  });

  it("refuses a text file that calls itself a PNG", async () => {
    const fake = Buffer.from("<?php system($_GET['c']); ?> just text, not an image");
    const { status, body } = await uploadImage(server, { file: fake, name: "photo.png", type: "image/png", folder: "gallery", token });
    expect(status).toBe(415);
    expect(body.message).toBe(MSG.uploadInvalidType);
  });

  it("refuses image types outside the allowed list, whatever the name", async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    const { status, body } = await uploadImage(server, { file: webp, name: "photo.jpg", type: "image/jpeg", folder: "gallery", token });
    expect(status).toBe(415);
    expect(body.message).toBe(MSG.uploadInvalidType);
  });

  it.each([
    ["gallery", 2, 2.2 * 1024 * 1024],
    ["avatars", 1.5, 1.7 * 1024 * 1024],
    ["postings", 5, 5.3 * 1024 * 1024],
  ])("refuses a %s image over %sMB", async (folder, mb, bytes) => {
    const file = await noisyPng(bytes);
    const { status, body } = await uploadImage(server, { file, name: "big.png", folder, token });
    expect(status).toBe(413);
    expect(body.message).toBe(MSG.uploadTooLarge(mb));
  });

  it("accepts an image just under its folder's limit", async () => {
    const file = await noisyPng(1.2 * 1024 * 1024);
    expect(file.length).toBeLessThan(1.5 * 1024 * 1024);
    const { status } = await uploadImage(server, { file, name: "avatar.png", folder: "avatars", token });
    expect(status).toBe(201);
  });

  it("strips metadata such as the GPS position by re-encoding", async () => {
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SpyCam", ImageDescription: "secret" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "14/1 35/1 0/1" } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const { status, body } = await uploadImage(server, { file: withGps, name: "me.jpg", type: "image/jpeg", folder: "gallery", token });
    expect(status).toBe(201);
    const stored = Buffer.from(await (await fetch(server.url + body.imageUrl)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.format).toBe("jpeg");
    expect(stored.includes(Buffer.from("SpyCam"))).toBe(false);
  });

  it("requires a session for /upload", async () => {
    const { status } = await uploadImage(server, { file: await pngOf(8, 8), name: "a.png", folder: "gallery", path: "/api/upload" });
    expect(status).toBe(401);
  });

  it("lets a visitor upload only an avatar through /upload/register", async () => {
    const avatar = await uploadImage(server, { file: await pngOf(32, 32), name: "a.png", folder: "avatars" });
    expect(avatar.status).toBe(201);
    expect(avatar.body.imageUrl).toMatch(/^\/uploads\/avatars\//);
    const gallery = await uploadImage(server, { file: await pngOf(32, 32), name: "a.png", folder: "gallery" });
    expect(gallery.status).toBe(400);
    expect(gallery.body.message).toBe(MSG.uploadUnknownFolder);
  });

  it("refuses an unknown folder and a request without a file", async () => {
    const unknown = await uploadImage(server, { file: await pngOf(8, 8), name: "a.png", folder: "../../etc", token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG.uploadUnknownFolder);

    const form = new FormData();
    form.append("folder", "gallery");
    const response = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(MSG.uploadMissingFile);
  });

  it("accepts a registration avatar it issued", async () => {
    const avatar = await uploadImage(server, { file: await pngOf(32, 32), name: "a.png", folder: "avatars" });
    const account = await signUp(server, { avatar: avatar.body.imageUrl });
    expect(account.user.avatar).toBe(avatar.body.imageUrl);
  });
});
