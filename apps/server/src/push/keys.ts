import { readFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../config.js";
import { writeWhole } from "../partial-files.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (decision 0024): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set.
 * Otherwise, outside production, the pair kept in DATA_DIR/vapid.json, generated there the first
 * time (a device's subscription is bound to the public key, so it must survive restarts).
 * Production without them has no push: several instances must share one pair, which only the
 * configuration can give them.
 */
export async function vapidKeys(config: Config): Promise<VapidKeys | null> {
  if (config.vapid) return config.vapid;
  if (config.env === "production") return null;
  const file = path.join(config.dataDir, "vapid.json");
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as Partial<VapidKeys>;
    if (typeof stored.publicKey === "string" && typeof stored.privateKey === "string")
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const generated = webpush.generateVAPIDKeys();
  // Never over another pair: of two processes starting on one folder, the second reads the first's,
  // which is whole when it has its name.
  try {
    await writeWhole(file, JSON.stringify(generated), 0o600);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(await readFile(file, "utf8")) as VapidKeys;
  }
}
