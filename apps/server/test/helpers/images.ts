import sharp from "sharp";
import type { TestServer } from "./server.js";

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 184, b: 166 } } })
    .png()
    .toBuffer();

/** A PNG of at least `bytes` bytes: random pixels do not compress. */
export async function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export async function uploadImage(
  server: TestServer,
  options: { file: Buffer; name: string; type?: string; folder?: string; token?: string; path?: string },
) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(options.file)], { type: options.type ?? "image/png" }), options.name);
  if (options.folder) form.append("folder", options.folder);
  const response = await fetch(server.url + (options.path ?? (options.token ? "/api/upload" : "/api/upload/register")), {
    method: "POST",
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { imageUrl: string; message: string } };
}
