import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { controlDir } from "./control.js";
import { pgliteDir } from "./pglite.js";
import { isPartial } from "../partial-files.js";
import { SNAPSHOT_DIR } from "../profiles/search-snapshot.js";

/**
 * The data folder's top-level entries a backup carries: everything but the embedded database
 * (copied on its own), the control socket's folder, the search index's snapshot (rebuilt from the
 * database: decision 0029), and backups kept inside it.
 */
export async function dataEntries(dataDir: string, outDir?: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dataDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const skipped = new Set([pgliteDir(dataDir), controlDir(dataDir), path.join(dataDir, SNAPSHOT_DIR)]);
  return (
    entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) => entry.name)
      // Archives (and one being written) kept in the data folder itself are not data.
      .filter((name) => !/^\.?vam-backup-/.test(name))
      .filter((name) => {
        const full = path.join(dataDir, name);
        if (skipped.has(full)) return false;
        return !(outDir && (outDir === full || outDir.startsWith(full + path.sep)));
      })
      .sort()
  );
}

/**
 * Copies `from` (a file or a folder) to `to`, regular files and folders only. A file removed
 * while the copy runs (an avatar replaced) is left out rather than failing the backup.
 */
export async function copyTree(from: string, to: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code !== "ENOTDIR") throw error;
    await copyFileIfThere(from, to);
    return;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target);
    // A file still being written (the outbox's messages) is not data yet: once whole it is renamed.
    else if (entry.isFile() && !isPartial(entry.name)) await copyFileIfThere(source, target);
  }
}

async function copyFileIfThere(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await copyFile(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
