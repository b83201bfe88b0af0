import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { profileSearchSchema, weekdayAhead } from "@vam/shared";
import { loadConfig } from "../src/config.js";
import { openDatabase, type Database } from "../src/db/client.js";
import { users } from "../src/db/schema.js";
import { SearchReplica } from "../src/profiles/search-replica.js";
import { SNAPSHOT_FILE } from "../src/profiles/search-snapshot.js";
import { pageJson, searchProfiles } from "../src/profiles/search.js";
import { startServer } from "../src/server.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * An instance's index from its snapshot and the change log since (decision 0029) is the index a
 * full load from the database gives; a snapshot that cannot be trusted is not used; an instance
 * is not ready before its index is loaded.
 */

const log = pino({ level: "silent" });
let server: TestServer;
let dir: string;
const accounts: Awaited<ReturnType<typeof signUp>>[] = [];

async function assistant(first: string, last: string, username: string, location: string) {
  const account = await signUp(server, { role: "Assistant", firstName: first, lastName: last, username, location, skills: ["SEO"] });
  expect((await server.api("POST", "/api/profiles/profile", { token: account.token })).status).toBe(201);
  accounts.push(account);
  return account;
}

const QUERIES = [
  {},
  { userName: "maria" },
  { userName: "Mraia Santos" },
  { userName: "san" },
  { location: "Pasig" },
  { location: "Cebu", skills: "SEO" },
  { userName: "jose", location: "Davao" },
  { date: weekdayAhead(3) },
].map((query) => profileSearchSchema.parse(query));

/** Every query's page, as the API would answer it. */
const answers = (replica: SearchReplica) => QUERIES.map((query) => pageJson(searchProfiles(replica.index, query, new Date())));

async function fullLoad(database: Database) {
  const replica = new SearchReplica(database, log, 0);
  await replica.load();
  return replica;
}

async function fromSnapshot(database: Database, snapshotDir = dir) {
  const replica = new SearchReplica(database, log, 0, { snapshotDir });
  await replica.load();
  return replica;
}

/** Creates, edits and deletions, made after a snapshot was written. */
async function changeThings(round: number) {
  const [first, second, third] = accounts;
  await assistant("Maria", "Santos", `ms_new_${round}`, "Cebu City");
  // A name and a place edited through the API.
  const edited = await server.api("PUT", `/api/users/${first!.user.id}`, {
    token: first!.token,
    body: { ...first!.input, password: undefined, firstName: `Josefa${round}`, location: "Davao City" },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  // A rating written straight into the database (as the review routes do).
  await server.database.db.update(users).set({ ratingAverage: 4.5, reviewCount: 2 }).where(eq(users.id, second!.user.id));
  // A listing taken down.
  const listing = server.app.searchIndex.index.doc(third!.user.id);
  if (listing) expect((await server.api("DELETE", `/api/profiles/posts/${listing.listingId}`, { token: third!.token })).status).toBe(200);
  await server.app.searchIndex.refresh();
}

beforeAll(async () => {
  server = await startTestServer({ SEARCH_POLL_MS: "0" });
  dir = await mkdtemp(path.join(tmpdir(), "vam-snapshot-"));
  await assistant("Maria", "Santos", "maria_santos1", "Pasig City");
  await assistant("Jose", "Rizal", "jrizal", "Davao City");
  await assistant("Ana", "Cruz", "anacruz7", "Cebu City");
  await assistant("Mario", "Sanchez", "mario_s", "Quezon City");
  await assistant("Rosa", "Dela Cruz", "rosa_dc", "Las Piñas");
  for (let i = 0; i < 30; i++) await assistant(["Maria", "Jose", "Juan"][i % 3]!, ["Santos", "Reyes", "Garcia"][i % 3]!, `bulk_${i}`, "Pasig City");
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("an index started from its snapshot", () => {
  it("after creates, edits and deletions since the snapshot, equals a full load and answers the same", async () => {
    const writer = await fromSnapshot(server.database);
    expect(writer.started).toMatchObject({ from: "database", reason: "no snapshot" });
    expect(await writer.writeSnapshot()).toBeGreaterThan(0);
    await changeThings(1);

    const started = await fromSnapshot(server.database);
    expect(started.started?.from).toBe("snapshot");
    const full = await fullLoad(server.database);
    expect(started.index.size).toBe(full.index.size);
    expect(started.index.snapshot()).toEqual(full.index.snapshot());
    expect(answers(started)).toEqual(answers(full));
    // The changes are there: the new listing, the edit, the removal.
    expect(started.index.doc(accounts[0]!.user.id)!.name).toBe(`Josefa1 ${accounts[0]!.input.lastName}`);
    expect(started.index.doc(accounts[2]!.user.id)).toBeUndefined();
    expect(started.index.doc(accounts.at(-1)!.user.id)).toBeDefined();
  });

  it("a snapshot written by an index started from one is as good", async () => {
    const first = await fromSnapshot(server.database);
    expect(first.started?.from).toBe("snapshot");
    await first.writeSnapshot();
    await changeThings(2);
    const second = await fromSnapshot(server.database);
    expect(second.started?.from).toBe("snapshot");
    expect(second.index.snapshot()).toEqual((await fullLoad(server.database)).index.snapshot());
  });
});

describe("writing the snapshot", () => {
  it("holds the change log's changes while the index's image is copied: the image is of one moment (decision 0051)", async () => {
    const replica = await fromSnapshot(server.database);
    const index = replica.index;
    const copy = index.image.bind(index);
    const before = index.size;
    const sizes: number[] = [];
    let changed!: () => void;
    const change = new Promise<void>((resolve) => (changed = resolve));
    // The copy of 1,000,000 listings pauses between pieces; here one long pause, during which a listing is created and read.
    vi.spyOn(index, "image").mockImplementation(async (pause) => {
      sizes.push(index.size);
      await change;
      // Time for the read to reach the database and back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      sizes.push(index.size);
      return copy(pause);
    });
    const writing = replica.writeSnapshot();
    await assistant("Teresa", "Lim", `copy_held_${Date.now() % 100000}`, "Pasig City");
    const reading = replica.refresh();
    changed();
    expect(await writing).toBeGreaterThan(0);
    await reading;
    expect(sizes).toEqual([before, before]);
    // Read once the copy was done.
    expect(index.size).toBe(before + 1);
  });
});

describe("stopping while a snapshot is written", () => {
  it("abandons it: the previous file stays, no partial one is left", async () => {
    const own = await mkdtemp(path.join(tmpdir(), "vam-snapshot-stop-"));
    try {
      const replica = new SearchReplica(server.database, log, 0, { snapshotDir: own });
      await replica.load();
      const writing = replica.writeSnapshot();
      await replica.stop();
      await expect(writing).rejects.toThrow();
      expect(await readdir(own)).toEqual([]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});

describe("a snapshot that cannot be trusted is not used", () => {
  const file = () => path.join(dir, SNAPSHOT_FILE);
  let good: Buffer;
  beforeAll(async () => {
    await (await fromSnapshot(server.database)).writeSnapshot();
    good = await readFile(file());
  });
  afterEach(() => writeFile(file(), good));

  /** Writes `bytes` as the snapshot; answers the start's reason for loading from the database, checking the index is the full load's. */
  async function startWith(bytes: Buffer | string) {
    await writeFile(file(), bytes);
    const replica = await fromSnapshot(server.database);
    expect(replica.started?.from).toBe("database");
    expect(replica.index.snapshot()).toEqual((await fullLoad(server.database)).index.snapshot());
    return replica.started?.reason;
  }
  const header = () => JSON.parse(good.toString("utf8", 0, good.indexOf(10))) as Record<string, unknown>;
  const withHeader = (changes: Record<string, unknown>) =>
    Buffer.concat([Buffer.from(JSON.stringify({ ...header(), ...changes })), good.subarray(good.indexOf(10))]);

  it("a byte changed inside: the checksum differs", async () => {
    const bad = Buffer.from(good);
    const at = bad.indexOf("Pasig", good.length / 2);
    bad[at > 0 ? at : good.length >> 1] = "Q".charCodeAt(0);
    expect(await startWith(bad)).toMatch(/checksum|corrupt/);
  });

  it("cut short", async () => {
    expect(await startWith(good.subarray(0, Math.floor(good.length * 0.6)))).toMatch(/corrupt|cut short/);
  });

  it("not a snapshot at all", async () => {
    expect(await startWith("hello\n")).toMatch(/corrupt/);
    expect(await startWith("")).toMatch(/corrupt/);
  });

  it("another format version", async () => {
    expect(await startWith(withHeader({ version: 999 }))).toBe("another format version");
  });

  it("made by another version of the code", async () => {
    expect(await startWith(withHeader({ code: "another" }))).toBe("made by another version of the code");
  });

  it("of another database", async () => {
    expect(await startWith(withHeader({ database: "0/1/elsewhere" }))).toBe("of another database");
  });

  it("older than the change log keeps", async () => {
    expect(await startWith(withHeader({ takenAt: Number(header().takenAt) - 2 * 3600_000 }))).toMatch(/beyond the change log/);
  });

  it("missing", async () => {
    await rm(file());
    const replica = await fromSnapshot(server.database);
    expect(replica.started).toMatchObject({ from: "database", reason: "no snapshot" });
  });
});

describe("readiness", () => {
  it("is false until the index is loaded and caught up", async () => {
    const database = await openDatabase({});
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-ready-"));
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SWEEP_INTERVAL_SECONDS: "0",
    });
    // A slow load: the instance must not be ready meanwhile.
    let loadedAt = 0;
    const original = SearchReplica.prototype.load;
    const spy = vi.spyOn(SearchReplica.prototype, "load").mockImplementation(async function (this: SearchReplica) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await original.call(this);
      loadedAt = performance.now();
    });
    let running: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const starting = startServer(config, database);
      const before = await Promise.race([starting.then(() => "started"), new Promise((resolve) => setTimeout(() => resolve("loading"), 200))]);
      expect(before).toBe("loading");
      expect(loadedAt).toBe(0);
      running = await starting;
      const readyAt = performance.now();
      const ready = await fetch(`${running.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(loadedAt).toBeGreaterThan(0);
      expect(loadedAt).toBeLessThanOrEqual(readyAt);
    } finally {
      spy.mockRestore();
      // The server closes its database; one that did not start leaves it open.
      if (running) await running.close();
      else await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)("two instances on PostgreSQL", () => {
  it("each starts from the snapshot and they stay consistent", async () => {
    const created = await createPostgresDatabase(databaseUrl!);
    const snapshotDir = await mkdtemp(path.join(tmpdir(), "vam-snapshot-pg-"));
    const databases: Database[] = [];
    const open = async () => {
      const database = await openDatabase({ url: created.url, poolSize: 4 });
      databases.push(database);
      return database;
    };
    const replicas: SearchReplica[] = [];
    try {
      const writerDb = await open();
      const { db } = writerDb;
      const list = async (n: number) => {
        const [user] = await db
          .insert(users)
          .values({
            username: `pg_user_${n}`,
            email: `pg${n}@example.ph`,
            passwordHash: "x",
            firstName: ["Maria", "Jose"][n % 2]!,
            lastName: "Santos",
            role: "Assistant",
            location: "Pasig City",
            experience: "1-3 years",
            availability: "Full-time",
            referralCode: `PG${n}`,
          })
          .returning();
        await db.execute(sql`insert into profiles (user_id, title) values (${user!.id}, ${`Listing ${n}`})`);
        return user!;
      };
      const made = [];
      for (let n = 0; n < 12; n++) made.push(await list(n));
      // The first instance loads everything and writes the snapshot.
      const first = new SearchReplica(await open(), log, 0, { snapshotDir });
      await first.load();
      await first.writeSnapshot();
      // Changes before the others start.
      await db.update(users).set({ firstName: "Josefina" }).where(eq(users.id, made[0]!.id));
      await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, made[1]!.id));
      await list(100);
      for (let i = 0; i < 2; i++) {
        const replica = new SearchReplica(await open(), log, 0, { snapshotDir });
        await replica.load();
        expect(replica.started?.from).toBe("snapshot");
        await replica.start();
        replicas.push(replica);
      }
      // Changes after they started, followed by each through the log.
      await db.update(users).set({ location: "Cebu City" }).where(eq(users.id, made[2]!.id));
      await list(101);
      await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, made[3]!.id));
      const full = new SearchReplica(await open(), log, 0);
      await full.load();
      for (const replica of replicas) {
        await replica.refresh();
        expect(replica.index.snapshot()).toEqual(full.index.snapshot());
        expect(answers(replica)).toEqual(answers(full));
      }
      expect(full.index.size).toBe(12 - 2 + 2);
    } finally {
      for (const replica of replicas) await replica.stop();
      for (const database of databases) await database.close();
      await created.drop();
      await rm(snapshotDir, { recursive: true, force: true });
    }
  });
});
