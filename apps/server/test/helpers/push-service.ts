import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service standing in for FCM, Mozilla's or Apple's, on 127.0.0.1 (nothing leaves this
 * machine), and a device's side of RFC 8291: its keys and the decryption of what it receives.
 */

export interface ReceivedPush {
  /** The endpoint's path: which device it was for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStandIn {
  /** The service's origin, `http://127.0.0.1:<port>`. */
  url: string;
  received: ReceivedPush[];
  /** What the service answers for a device's path (201 Created by default). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription keys: an ECDH P-256 pair and a 16-byte authentication secret. */
export interface DeviceKeys {
  privateKey: Buffer;
  /** Uncompressed point, 65 bytes. */
  publicKey: Buffer;
  authSecret: Buffer;
}

export function newDeviceKeys(): DeviceKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), authSecret: randomBytes(16) };
}

/** The subscription JSON a browser's `PushSubscription.toJSON()` gives for these keys. */
export const subscriptionJson = (endpoint: string, keys: DeviceKeys) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: keys.publicKey.toString("base64url"), auth: keys.authSecret.toString("base64url") },
});

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** HKDF (RFC 5869) with SHA-256, for an output of at most 32 bytes: one HMAC to extract, one to expand. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number) {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/**
 * Decrypts a Web Push message body as the device does, written from RFC 8291 (section 3.4) and
 * RFC 8188 (sections 2 and 2.1): the aes128gcm header is salt (16) | rs (uint32) | idlen (1) |
 * keyid (idlen: the sender's ephemeral public key); the ECDH secret of the device's private key
 * and that key, with the auth secret, gives the IKM; the salt gives the content encryption key
 * and nonce; each record is AES-128-GCM, its plaintext ending in a delimiter (2 for the last
 * record, 1 before) then zero padding.
 */
export function decryptPush(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Error(`keyid should be the sender's 65-byte public key, is ${idlen} bytes`);
  if (rs < 18) throw new Error(`record size ${rs} is too small`);

  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const ecdhSecret = ecdh.computeSecret(senderPublicKey);
  // RFC 8291 3.3: PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, key_info || 0x01).
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublicKey]);
  const ikm = hkdf(keys.authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 2.2 and 2.3: the content encryption key and the nonce, from the salt.
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);

  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq += 1) {
    const record = records.subarray(offset, Math.min(offset + rs, records.length));
    const last = offset + rs >= records.length;
    // The record's nonce: the nonce XOR its sequence number (a 96-bit big-endian integer).
    const recordNonce = Buffer.from(nonce);
    recordNonce.writeUInt32BE((recordNonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, recordNonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) throw new Error(`record ${seq}: bad padding delimiter`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString("utf8");
}
