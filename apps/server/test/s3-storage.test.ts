import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { pngOf, uploadImage } from "./helpers/images.js";

interface StoredObject {
  path: string;
  contentType?: string;
  body: Buffer;
}

/** Just enough of S3's PutObject and DeleteObject to see what the server sends. */
function fakeS3() {
  const objects: StoredObject[] = [];
  const deleted: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "PUT") {
        objects.push({ path: request.url!.split("?")[0]!, contentType: request.headers["content-type"], body: Buffer.concat(chunks) });
        response.writeHead(200, { etag: '"fake"' }).end();
      } else if (request.method === "DELETE") {
        deleted.push(request.url!.split("?")[0]!);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  return { server, objects, deleted };
}

describe("S3-compatible storage", () => {
  const s3 = fakeS3();
  let endpoint: string;
  let app: TestServer;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    app = await startTestServer({
      S3_BUCKET: "va-uploads",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "test",
      S3_SECRET_ACCESS_KEY: "test-secret",
    });
  });
  afterAll(async () => {
    await app?.close();
    s3.server.close();
  });

  it("puts the cleaned image in the bucket and answers its public URL", async () => {
    const { token } = await signUp(app);
    const { status, body } = await uploadImage(app, { file: await pngOf(40, 30), name: "a.png", folder: "gallery", token });
    expect(status).toBe(201);
    expect(body.imageUrl).toMatch(new RegExp(`^${endpoint}/va-uploads/gallery/[0-9a-f-]{36}\\.png$`));

    const stored = s3.objects.at(-1)!;
    expect(stored.path).toBe(new URL(body.imageUrl).pathname);
    expect(stored.contentType).toBe("image/png");
    expect(stored.body.subarray(1, 4).toString()).toBe("PNG");
  });

  it("removes a deleted account's uploads from the bucket", async () => {
    const account = await signUp(app);
    const { body } = await uploadImage(app, { file: await pngOf(40, 30), name: "me.png", folder: "avatars", token: account.token });
    const deleted = await app.api("POST", "/api/account/delete", { token: account.token, body: { password: account.input.password } });
    expect(deleted.status).toBe(200);
    expect(s3.deleted).toContain(new URL(body.imageUrl).pathname);
  });

  it("allows the bucket's origin for images in the Content-Security-Policy", async () => {
    const { headers } = await app.api("GET", "/api/health");
    expect(headers.get("content-security-policy")).toMatch(new RegExp(`img-src [^;]*${endpoint}`));
  });
});
