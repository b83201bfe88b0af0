import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.js";
import { writeWhole } from "../partial-files.js";

export interface Storage {
  /** Stores the bytes under `key` and answers the public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes the bytes under `key`; a key that is already gone is fine. */
  remove(key: string): Promise<void>;
  /** Origin to allow in the Content-Security-Policy for images, if not this server. */
  origin?: string;
}

export const LOCAL_UPLOADS_PREFIX = "/uploads/";

export function localUploadsDir(config: Config) {
  return path.join(config.dataDir, "uploads");
}

function localStorage(root: string): Storage {
  return {
    async put(key, body) {
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Whole or not at all, never over another file: a backup or a reader never sees half of it.
      await writeWhole(file, body);
      return LOCAL_UPLOADS_PREFIX + key;
    },
    async remove(key) {
      await rm(path.join(root, key), { force: true });
    },
  };
}

/** The S3 client and the commands used here; the SDK is large: loaded only where S3 is configured, at first use. */
function s3Sdk(s3: NonNullable<Config["s3"]>) {
  return import("@aws-sdk/client-s3").then(({ S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand }) => ({
    PutObjectCommand,
    GetObjectCommand,
    DeleteObjectCommand,
    client: new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: Boolean(s3.endpoint),
      credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    }),
  }));
}

function s3Storage(s3: NonNullable<Config["s3"]>): Storage {
  const sdk = s3Sdk(s3);
  const base = (s3.publicUrl ?? (s3.endpoint ? `${s3.endpoint}/${s3.bucket}` : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`)).replace(
    /\/$/,
    "",
  );
  return {
    origin: new URL(base).origin,
    async put(key, body, contentType) {
      const { client, PutObjectCommand } = await sdk;
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `${base}/${key}`;
    },
    async remove(key) {
      const { client, DeleteObjectCommand } = await sdk;
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
}

export function createStorage(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(localUploadsDir(config));
}

/**
 * Files that are never public (files in chat, decision 0025): stored under keys nobody can guess
 * and read back only through the server, which checks who asks. Locally they live in
 * `DATA_DIR/private`, which no route serves; on S3 under `private/` in the uploads bucket, with
 * no public Cache-Control (keep `private/` out of any public-read bucket policy).
 */
export interface PrivateStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when they are gone. */
  get(key: string): Promise<Buffer | null>;
  /** A key that is already gone is fine. */
  remove(key: string): Promise<void>;
}

function localPrivateStorage(root: string): PrivateStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error("private storage key outside its folder");
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Whole or not at all, never over another file: a backup or a reader never sees half of it.
      await writeWhole(file, body);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

function s3PrivateStorage(s3: NonNullable<Config["s3"]>): PrivateStorage {
  const sdk = s3Sdk(s3);
  const objectKey = (key: string) => `private/${key}`;
  return {
    async put(key, body, contentType) {
      const { client, PutObjectCommand } = await sdk;
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: objectKey(key), Body: body, ContentType: contentType, CacheControl: "private, no-store" }),
      );
    },
    async get(key) {
      const { client, GetObjectCommand } = await sdk;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(key) {
      const { client, DeleteObjectCommand } = await sdk;
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
    },
  };
}

export function localPrivateDir(config: Config) {
  return path.join(config.dataDir, "private");
}

export function createPrivateStorage(config: Config): PrivateStorage {
  return config.s3 ? s3PrivateStorage(config.s3) : localPrivateStorage(localPrivateDir(config));
}
