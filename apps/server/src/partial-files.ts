import { randomBytes } from "node:crypto";
import { link, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A file written whole or not at all is first written under its partial name (`.<name>.partial`,
 * in the same folder), then given its own: a reader, a backup above all, never sees it half
 * written, and leaves partial files out.
 */
export const partialName = (name: string) => `.${name}.partial`;

/** Whether a file's name is a partial one: a file still being written. */
export const isPartial = (name: string) => name.startsWith(".") && name.endsWith(".partial");

/**
 * Writes `body` to `file` whole or not at all, and never over another file (as the `wx` flag):
 * under a partial name of its own (two writers of one name never share one), then linked to
 * `file`, which fails with `EEXIST` when a file has that name, and the partial name removed.
 * A crash leaves at most a partial file, which backups leave out. The folder must exist.
 */
export async function writeWhole(file: string, body: Parameters<typeof writeFile>[1], mode?: number): Promise<void> {
  const partial = path.join(path.dirname(file), partialName(`${path.basename(file)}.${randomBytes(6).toString("hex")}`));
  try {
    await writeFile(partial, body, { flag: "wx", ...(mode !== undefined && { mode }) });
    await link(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
