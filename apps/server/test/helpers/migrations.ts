import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The migrations the server ships. */
export const SHIPPED_MIGRATIONS = path.resolve(import.meta.dirname, "../../drizzle");

const folders: string[] = [];

/** The shipped migrations up to (not including) the one tagged `before`, as a folder of their own. */
export async function migrationsBefore(before: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "vam-migrations-"));
  folders.push(folder);
  await cp(SHIPPED_MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === before),
  );
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** Removes the folders `migrationsBefore` made (afterAll). */
export async function removeMigrationFolders() {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
}
