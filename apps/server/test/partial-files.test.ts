import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPartial, writeWhole } from "../src/partial-files.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "vam-partial-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A body written in two halves, the second only once `release` is called. */
function heldBody() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let halfWritten!: () => void;
  const half = new Promise<void>((resolve) => (halfWritten = resolve));
  async function* body() {
    yield Buffer.alloc(64 * 1024, "a");
    halfWritten();
    await gate;
    yield Buffer.alloc(64 * 1024, "b");
  }
  return { body: body(), half, release };
}

describe("writeWhole (uploads, chat files, the outbox folder, the VAPID keys)", () => {
  it("gives the file its name only once it is whole: meanwhile only a partial file is there", async () => {
    const file = path.join(dir, "avatar.webp");
    const { body, half, release } = heldBody();
    const writing = writeWhole(file, body);
    await half;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await readdir(dir);
    expect(during).not.toContain("avatar.webp");
    expect(during.filter(isPartial)).toHaveLength(1);
    release();
    await writing;
    expect((await stat(file)).size).toBe(128 * 1024);
    expect(await readdir(dir)).toEqual(["avatar.webp"]);
  });

  it("never writes over a file of the same name (as the wx flag), and leaves no partial file", async () => {
    const file = path.join(dir, "vapid.json");
    await writeFile(file, "first");
    await expect(writeWhole(file, "second", 0o600)).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(file, "utf8")).toBe("first");
    expect((await readdir(dir)).filter(isPartial)).toEqual([]);
  });

  it("leaves nothing when the body fails half way", async () => {
    const file = path.join(dir, "broken.pdf");
    async function* body() {
      yield Buffer.from("%PDF-1.7");
      throw new Error("the upload broke off");
    }
    await expect(writeWhole(file, body())).rejects.toThrow("the upload broke off");
    expect((await readdir(dir)).filter((name) => name.includes("broken"))).toEqual([]);
  });

  it("gives the file the mode asked for", async () => {
    const file = path.join(dir, "secret.json");
    await writeWhole(file, "{}", 0o600);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
