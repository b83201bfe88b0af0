/**
 * `npm run backup` and `npm run restore` (decision 0026), on the real server as its own process:
 * a backup taken under concurrent writes (registrations, chat messages, bookings, payments
 * verified onto the ledger), restored elsewhere, compared table by table and row by row with the
 * source as of the backup's snapshot; every write acknowledged before the backup began is there,
 * the ledger balances, and the server opens the restored data. Then the refusals: a non-empty
 * target without --force, a damaged archive, a missing file.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayAhead } from "@vam/shared";
import { copyTree, dataEntries } from "../src/backup/files.js";
import { partialName } from "../src/partial-files.js";
import { FILES_DIR, filesUnder, MANIFEST_FILE, type Manifest } from "../src/backup/manifest.js";
import { openPglite, pgliteDir } from "../src/backup/pglite.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { seedDemoData } from "../src/seed/demo.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.DATABASE_URL;
const DEMO_PASSWORD = "demo1234";
/** How long the load runs before the backup starts, and after it ends. */
const LOAD_BEFORE_MS = 2500;
const LOAD_AFTER_MS = 1500;
const WORKERS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Cli {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as a process, with only `env` deciding DATA_DIR and DATABASE_URL. */
function cli(script: "backup" | "restore", args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Cli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers read here are of many shapes
type Answer = any;

async function call(
  url: string,
  method: string,
  route: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Answer }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url + route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function login(url: string, username: string, password = DEMO_PASSWORD) {
  const answer = await call(url, "POST", "/api/auth/login", { body: { username, password } });
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { token: answer.body.token as string, id: answer.body.userInfo.id as string };
}

/** A write the server acknowledged, and when the answer arrived. */
interface Ack {
  kind: "user" | "message" | "booking" | "payment";
  /** The username (user), else the row's id (the booking's, for a payment). */
  key: string;
  /** When the request was sent, and when its answer arrived. */
  sent: number;
  at: number;
}

/**
 * Workers that each, in a loop: register a Boss, sign in, write to an assistant, book them, and
 * have the operator mark the payment received (a ledger entry). Every 2xx answer is recorded.
 */
function startLoad(url: string, operator: string, assistants: string[]) {
  const acks: Ack[] = [];
  const failures: string[] = [];
  let stopped = false;
  let slot = 0;
  const run = `${Date.now().toString(36)}`;
  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const username = `load_${run}_${w}_${i}`;
      const password = "kape-pandesal";
      let sent = Date.now();
      const registered = await call(url, "POST", "/api/auth/register", {
        body: {
          firstName: "Load",
          lastName: "Tester",
          username,
          email: `${username}@example.ph`,
          password,
          role: "Boss",
          location: "Quezon City",
          skills: ["Writing"],
          experience: "1-3 years",
          availability: "Full-time",
        },
      });
      if (registered.status !== 201) {
        failures.push(`register ${registered.status}`);
        continue;
      }
      acks.push({ kind: "user", key: username, sent, at: Date.now() });
      const { token } = await login(url, username, password);
      const assistant = assistants[(w + i) % assistants.length]!;
      sent = Date.now();
      const message = await call(url, "POST", "/api/messages/send", { token, body: { recipientId: assistant, message: `Hello from ${username}` } });
      if (message.status === 201) acks.push({ kind: "message", key: message.body.message.id as string, sent, at: Date.now() });
      else failures.push(`message ${message.status}`);
      // A slot of its own: two a day (09:00 and 13:00, 4 hours) per assistant, weekdays from a month on.
      const n = slot++;
      const consultantId = assistants[n % assistants.length]!;
      const perConsultant = Math.floor(n / assistants.length);
      sent = Date.now();
      const booked = await call(url, "POST", "/api/bookings/create", {
        token,
        body: { consultantId, date: weekdayAhead(20 + Math.floor(perConsultant / 2)), startTime: perConsultant % 2 ? "13:00" : "09:00", duration: 4 },
      });
      if (booked.status !== 201) {
        failures.push(`booking ${booked.status} ${JSON.stringify(booked.body)}`);
        continue;
      }
      const bookingId = booked.body.booking.id as string;
      acks.push({ kind: "booking", key: bookingId, sent, at: Date.now() });
      sent = Date.now();
      const paid = await call(url, "PUT", `/api/admin/payments/${bookingId}`, { token: operator, body: { status: "PAID" } });
      if (paid.status === 200) acks.push({ kind: "payment", key: bookingId, sent, at: Date.now() });
      else failures.push(`payment ${paid.status}`);
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  return {
    acks,
    failures,
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

type Query = <T>(text: string) => Promise<T[]>;
interface Connection {
  query: Query;
  close(): Promise<void>;
}

async function connectPglite(dataDir: string): Promise<Connection> {
  const client = await openPglite(pgliteDir(dataDir));
  await client.exec("set timezone to 'UTC'");
  return { query: async <T>(text: string) => (await client.query<T>(text)).rows, close: () => client.close() };
}

async function connectPostgres(url: string): Promise<Connection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set timezone to 'UTC'");
  return { query: async <T>(text: string) => (await client.query(text)).rows as T[], close: () => client.end() };
}

/** Every table of the app (its schemas and drizzle's), with its primary key's columns. */
async function tablesOf(query: Query) {
  const tables = await query<{ name: string; key: string[] | null }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            (select array_agg(a.attname::text order by a.attnum) from pg_index i
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  return tables;
}

interface Row {
  xmin: number;
  key: string;
  row: string;
}
async function rowsOf(query: Query, table: { name: string; key: string[] | null }): Promise<Row[]> {
  const key = table.key ? `jsonb_build_array(${table.key.map((column) => `t.${JSON.stringify(column)}`).join(", ")})::text` : "to_jsonb(t)::text";
  const rows = await query<{ xmin: string; key: string; row: string }>(
    `select t.xmin::text as xmin, ${key} as key, to_jsonb(t)::text as row from ${table.name} t`,
  );
  return rows.map((row) => ({ xmin: Number(row.xmin), key: row.key, row: row.row }));
}

/** Whether a transaction id counts as committed in `pg_current_snapshot()`'s text (xmin:xmax:xip,…; epoch 0 in a test database). */
function visibleIn(snapshot: string) {
  const [xmin, xmax, xip] = snapshot.split(":");
  const running = new Set((xip ?? "").split(",").filter(Boolean).map(Number));
  return (xid: number) => xid < Number(xmin) || (xid < Number(xmax) && !running.has(xid));
}

/**
 * The restored database against the source as of the backup: every source row whose version the
 * backup's snapshot counts as committed is in the restored database, identical; a restored row
 * differs only where the source changed it (or deleted it) after the snapshot.
 */
async function compareTables(source: Query, restored: Query, snapshot: string) {
  const visible = visibleIn(snapshot);
  const sourceTables = await tablesOf(source);
  const restoredTables = await tablesOf(restored);
  expect(restoredTables.map((table) => table.name)).toEqual(sourceTables.map((table) => table.name));
  let compared = 0;
  let changedSince = 0;
  for (const table of sourceTables) {
    const before = (await rowsOf(source, table)).filter((row) => visible(row.xmin));
    const after = new Map<string, string[]>();
    for (const row of await rowsOf(restored, table)) after.set(row.key, [...(after.get(row.key) ?? []), row.row]);
    for (const row of before) {
      const match = after.get(row.key);
      expect(match, `${table.name}: row ${row.key} is missing after the restore`).toBeDefined();
      expect(match, `${table.name}: row ${row.key} differs after the restore`).toContain(row.row);
      compared += 1;
    }
    const keys = new Set(before.map((row) => row.key));
    for (const key of after.keys()) if (!keys.has(key)) changedSince += 1;
  }
  return { tables: sourceTables.length, compared, changedSince };
}

const slowest = (acks: Ack[]) => Math.max(0, ...acks.map((ack) => ack.at - ack.sent));

/** The ledger balances: each entry's lines sum to zero (debits positive), hence all of them. */
async function trialBalance(query: Query) {
  const [totals] = await query<{ lines: number; total: string; unbalanced: number }>(
    `select (select count(*)::int from journal_lines) as lines,
            (select coalesce(sum(amount_centavos), 0)::text from journal_lines) as total,
            (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(amount_centavos) <> 0) as e) as unbalanced`,
  );
  return totals!;
}

/** The writes of `acks` the database holds. */
async function presentAcks(query: Query, acks: Ack[]) {
  const list = (kind: Ack["kind"]) => acks.filter((ack) => ack.kind === kind).map((ack) => `'${ack.key}'`);
  const present = async (kind: Ack["kind"], select: string) => {
    const keys = list(kind);
    if (keys.length === 0) return [];
    const found = new Set((await query<{ key: string }>(`${select} (${keys.join(",")})`)).map((row) => row.key));
    return acks.filter((ack) => ack.kind === kind && found.has(ack.key));
  };
  return [
    ...(await present("user", "select username as key from users where username in")),
    ...(await present("message", "select id::text as key from messages where id::text in")),
    ...(await present("booking", "select id::text as key from bookings where id::text in")),
    ...(await present("payment", "select id::text as key from bookings where payment_status = 'PAID' and id::text in")),
  ];
}

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

/** The data folder's files (not the database, not the control socket), each with its SHA-256 and when it was written. */
async function dataFiles(dataDir: string) {
  const files = new Map<string, { sha256: string; written: number }>();
  for (const file of await filesUnder(dataDir)) {
    if (file.startsWith("db/") || file.startsWith(".control/")) continue;
    files.set(file, { sha256: await sha256(path.join(dataDir, file)), written: (await stat(path.join(dataDir, file))).mtimeMs });
  }
  return files;
}

async function readManifest(archive: string): Promise<Manifest> {
  const dir = await mkdtemp(path.join(tmpdir(), "vam-manifest-"));
  try {
    await tar.x({ file: archive, cwd: dir }, [MANIFEST_FILE]);
    return JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Target {
  kind: "pglite" | "postgres";
  /** DATABASE_URL of the source and of a fresh database to restore into (PostgreSQL). */
  sourceUrl?: string;
  restoreUrl?: string;
}

interface RoundTrip {
  archive: string;
  sourceDir: string;
  restoredDir: string;
}

/** The whole round trip; answers the archive and where it was restored, for the refusal tests. */
async function roundTrip(target: Target, work: string): Promise<RoundTrip> {
  const sourceDir = path.join(work, "source");
  const restoredDir = path.join(work, "restored");
  const backups = path.join(work, "backups");
  await mkdir(sourceDir);
  const envSource = { DATA_DIR: sourceDir, DATABASE_URL: target.sourceUrl ?? "" };
  const envRestored = { DATA_DIR: restoredDir, DATABASE_URL: target.restoreUrl ?? "" };

  // The demo data (accounts, uploads, bookings and their ledger), seeded here rather than by the
  // server so that its start stays short.
  const seeded = await openDatabase({ url: target.sourceUrl, pgliteDir: target.sourceUrl ? undefined : pgliteDir(sourceDir) });
  await seedDemoData(seeded.db, loadConfig({ NODE_ENV: "test", DATA_DIR: sourceDir }));
  await seeded.close();

  let server: ServerProcess | undefined = await startServerProcess({
    ...envSource,
    SEED_DEMO: "false",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    SWEEP_INTERVAL_SECONDS: "0",
    LOG_LEVEL: "error",
  });
  try {
    const operator = await login(server.url, "operator_demo");
    const assistants = [(await login(server.url, "maria_santos")).id, (await login(server.url, "juan_delacruz")).id];
    const load = startLoad(server.url, operator.token, assistants);
    await sleep(LOAD_BEFORE_MS);
    const backupStarted = Date.now();
    const backup = await cli("backup", ["--out", backups], envSource);
    const backupEnded = Date.now();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    await sleep(LOAD_AFTER_MS);
    await load.stop();
    if (target.kind === "pglite") {
      // Never over a running server's database, not even with --force.
      const overRunning = await cli(
        "restore",
        [
          path.join(
            backups,
            (await readdir(backups)).find((name) => name.endsWith(".tar.gz"))!,
          ),
          "--force",
        ],
        envSource,
      );
      expect(overRunning.code).toBe(1);
      expect(overRunning.stderr).toMatch(/is open \(a server runs on DATA_DIR.*stop it before restoring/);
    }
    expect(load.failures).toEqual([]);
    const acked = load.acks.filter((ack) => ack.at < backupStarted);
    const during = load.acks.filter((ack) => ack.at >= backupStarted && ack.at <= backupEnded);
    const after = load.acks.filter((ack) => ack.at > backupEnded);
    // The backup really was taken under load: writes were acknowledged before, while and after it ran.
    expect(acked.length).toBeGreaterThan(0);
    expect(during.length + after.length).toBeGreaterThan(0);
    await server.stop();
    server = undefined;

    const [archive] = (await readdir(backups)).filter((name) => name.endsWith(".tar.gz"));
    expect(archive).toMatch(/^vam-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const archivePath = path.join(backups, archive!);
    expect((await readFile(`${archivePath}.sha256`, "utf8")).trim()).toBe(`${await sha256(archivePath)}  ${archive}`);
    const manifest = await readManifest(archivePath);
    expect(manifest.database).toMatchObject({ kind: target.kind, takenBy: target.kind === "pglite" ? "running-server" : "pg_dump" });
    expect(manifest.files.uploads).toBe("local");

    const restore = await cli("restore", [archivePath], envRestored);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);

    const source = target.kind === "pglite" ? await connectPglite(sourceDir) : await connectPostgres(target.sourceUrl!);
    const restored = target.kind === "pglite" ? await connectPglite(restoredDir) : await connectPostgres(target.restoreUrl!);
    try {
      const compared = await compareTables(source.query, restored.query, manifest.database.snapshot);
      expect(compared.compared).toBeGreaterThan(1000);
      // Every write acknowledged before the backup began is there; none sent after it ended is.
      const present = new Set(await presentAcks(restored.query, acked));
      expect(acked.filter((ack) => !present.has(ack))).toEqual([]);
      const sentAfter = load.acks.filter((ack) => ack.sent > backupEnded);
      expect(sentAfter.length).toBeGreaterThan(0);
      expect(await presentAcks(restored.query, sentAfter)).toEqual([]);
      const balance = await trialBalance(restored.query);
      expect(balance.lines).toBeGreaterThan(0);
      expect(balance).toMatchObject({ total: "0", unbalanced: 0 });
      // The payments verified before the backup are on the restored ledger (one entry each, of their payment).
      const paidBefore = acked.filter((ack) => ack.kind === "payment").map((ack) => `'${ack.key}'`);
      if (paidBefore.length > 0) {
        const [entries] = await restored.query<{ n: number }>(
          `select count(distinct e.payment_id)::int as n from journal_entries e join bookings b on b.payment_id = e.payment_id where b.id::text in (${paidBefore.join(",")})`,
        );
        expect(entries!.n).toBe(paidBefore.length);
      }
      console.log(
        `backup ${target.kind}: ${(manifest.parts.reduce((sum, part) => sum + part.bytes, 0) / 1024 / 1024).toFixed(1)} MiB of parts in ${backupEnded - backupStarted} ms under load; ` +
          `${acked.length} writes acknowledged before it, ${during.length} while it ran, ${after.length} after; ` +
          `${compared.tables} tables, ${compared.compared} rows identical, ${compared.changedSince} changed or added since; ` +
          `ledger: ${balance.lines} lines, sum ${balance.total}; ` +
          `slowest write ${slowest(load.acks.filter((ack) => ack.at < backupStarted))} ms before the backup, ${slowest(during)} ms while it ran`,
      );
    } finally {
      await source.close();
      await restored.close();
    }
    // The files: each restored one is the source's, byte for byte (the server writes a file once and
    // never changes it), and every file written before the backup began is there.
    const sourceFiles = await dataFiles(sourceDir);
    const restoredFiles = await dataFiles(restoredDir);
    expect(restoredFiles.size).toBeGreaterThan(100);
    for (const [file, { sha256: hash }] of restoredFiles) expect(sourceFiles.get(file)?.sha256, file).toBe(hash);
    const writtenBefore = [...sourceFiles].filter(([, file]) => file.written < backupStarted).map(([name]) => name);
    expect(writtenBefore.filter((name) => !restoredFiles.has(name))).toEqual([]);

    // The restored data opens with the server: a Boss registered before the backup signs in and sees their booking.
    server = await startServerProcess({ ...envRestored, SEED_DEMO: "false", AUTH_RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "error" });
    expect((await call(server.url, "GET", "/api/ready")).status).toBe(200);
    const user = acked.find((ack) => ack.kind === "user")!;
    const them = await login(server.url, user.key, "kape-pandesal");
    expect(them.id).toBeTruthy();
    expect((await call(server.url, "GET", "/api/chats", { token: them.token })).status).toBe(200);
    return { archive: archivePath, sourceDir, restoredDir };
  } finally {
    await server?.stop();
  }
}

describe.skipIf(ADMIN_URL)("backup and restore on the embedded database (PGlite)", () => {
  let work: string;
  let trip: RoundTrip | undefined;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "vam-backup-"));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("takes a consistent backup under concurrent writes that restores every acknowledged write, row for row", { timeout: 300_000 }, async () => {
    trip = await roundTrip({ kind: "pglite" }, work);
  });

  it("refuses to restore into a data folder that holds data, unless --force", { timeout: 120_000 }, async () => {
    expect(trip).toBeDefined();
    const refused = await cli("restore", [trip!.archive], { DATA_DIR: trip!.restoredDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refusing to restore into the data folder .* not empty.*--force/s);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    const forced = await cli("restore", [trip!.archive, "--force"], { DATA_DIR: trip!.restoredDir });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const restored = await connectPglite(trip!.restoredDir);
    try {
      expect((await trialBalance(restored.query)).total).toBe("0");
    } finally {
      await restored.close();
    }
  });

  it("refuses a damaged archive and writes nothing", { timeout: 120_000 }, async () => {
    expect(trip).toBeDefined();
    const damaged = path.join(work, "damaged");
    await mkdir(damaged);
    const copy = path.join(damaged, path.basename(trip!.archive));
    const bytes = await readFile(trip!.archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(copy, bytes);
    await copyFile(`${trip!.archive}.sha256`, `${copy}.sha256`);
    const target = path.join(work, "from-damaged");
    const refused = await cli("restore", [copy], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/does not match its checksum .*damaged or incomplete\. Nothing was restored\./s);
    expect(await readdir(target).catch(() => [])).toEqual([]);

    // Without its checksum file beside it: refused, saying so.
    await rm(`${copy}.sha256`);
    const unchecked = await cli("restore", [copy], { DATA_DIR: target });
    expect(unchecked.code).toBe(1);
    expect(unchecked.stderr).toMatch(/checksum file .*\.sha256 is missing/);
  });

  it("refuses an archive whose part was changed, even with a checksum made for it", { timeout: 120_000 }, async () => {
    expect(trip).toBeDefined();
    const unpacked = path.join(work, "unpacked");
    await mkdir(unpacked);
    await tar.x({ file: trip!.archive, cwd: unpacked });
    const [file] = (await filesUnder(path.join(unpacked, FILES_DIR))).filter((name) => name.startsWith("uploads/"));
    await writeFile(path.join(unpacked, FILES_DIR, file!), "not the image");
    const forged = path.join(work, "forged", "vam-backup-2026-01-01T00-00-00Z.tar.gz");
    await mkdir(path.dirname(forged));
    await tar.c({ gzip: true, cwd: unpacked, file: forged }, await readdir(unpacked));
    await writeFile(`${forged}.sha256`, `${await sha256(forged)}  ${path.basename(forged)}\n`);
    const refused = await cli("restore", [forged], { DATA_DIR: path.join(work, "from-forged") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`files/${file} in ${forged} does not match its checksum in the manifest`);
  });

  it("backs up with no server running by opening the database itself", { timeout: 120_000 }, async () => {
    expect(trip).toBeDefined();
    const out = path.join(work, "offline");
    const backup = await cli("backup", ["--out", out], { DATA_DIR: trip!.sourceDir });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/taken by offline/);
    const [archive] = (await readdir(out)).filter((name) => name.endsWith(".tar.gz"));
    const target = path.join(work, "from-offline");
    expect((await cli("restore", [path.join(out, archive!)], { DATA_DIR: target })).code).toBe(0);
    const [source, restored] = [await connectPglite(trip!.sourceDir), await connectPglite(target)];
    try {
      const count = (query: Query) => query<{ n: number }>("select (select count(*) from users) + (select count(*) from journal_lines) as n");
      expect(await count(restored.query)).toEqual(await count(source.query));
    } finally {
      await source.close();
      await restored.close();
    }
  });

  it("refuses an archive of a newer schema, and one of the other kind of database", { timeout: 120_000 }, async () => {
    expect(trip).toBeDefined();
    const unpacked = path.join(work, "newer");
    await mkdir(unpacked);
    await tar.x({ file: trip!.archive, cwd: unpacked });
    const manifest = JSON.parse(await readFile(path.join(unpacked, MANIFEST_FILE), "utf8")) as Manifest;
    manifest.database.migrations.newest += 1;
    await writeFile(path.join(unpacked, MANIFEST_FILE), JSON.stringify(manifest));
    const newer = path.join(work, "newer-archive", "vam-backup-2030-01-01T00-00-00Z.tar.gz");
    await mkdir(path.dirname(newer));
    await tar.c({ gzip: true, cwd: unpacked, file: newer }, await readdir(unpacked));
    await writeFile(`${newer}.sha256`, `${await sha256(newer)}  ${path.basename(newer)}\n`);
    const refused = await cli("restore", [newer], { DATA_DIR: path.join(work, "from-newer") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/comes from a newer version of the marketplace/);

    const intoPostgres = await cli("restore", [trip!.archive], {
      DATA_DIR: path.join(work, "from-newer"),
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    });
    expect(intoPostgres.code).toBe(1);
    expect(intoPostgres.stderr).toMatch(/holds the embedded database \(PGlite\); restoring it into PostgreSQL is not supported/);
    expect(await readdir(path.join(work, "from-newer")).catch(() => [])).toEqual([]);
  });

  it("says clearly when the archive does not exist or none is named", { timeout: 60_000 }, async () => {
    const missing = path.join(work, "nowhere.tar.gz");
    const answer = await cli("restore", [missing], { DATA_DIR: path.join(work, "unused") });
    expect(answer.code).toBe(1);
    expect(answer.stderr.trim()).toBe(`No such backup file: ${missing}`);
    const none = await cli("restore", [], { DATA_DIR: path.join(work, "unused") });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^Name the archive to restore\.\n\nUsage: npm run restore/);
  });
});

describe.runIf(ADMIN_URL)("backup and restore on PostgreSQL", () => {
  let work: string;
  const databases: { url: string; drop(): Promise<void> }[] = [];
  let trip: RoundTrip | undefined;
  let restoreUrl: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "vam-backup-pg-"));
    databases.push(await createPostgresDatabase(ADMIN_URL!), await createPostgresDatabase(ADMIN_URL!));
    restoreUrl = databases[1]!.url;
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    await rm(work, { recursive: true, force: true });
  });

  it("takes a consistent backup under concurrent writes that restores every acknowledged write, row for row", { timeout: 300_000 }, async () => {
    trip = await roundTrip({ kind: "postgres", sourceUrl: databases[0]!.url, restoreUrl }, work);
  });

  it("refuses a database that holds data unless --force, and an archive of the other kind", { timeout: 180_000 }, async () => {
    expect(trip).toBeDefined();
    const emptyFolder = path.join(work, "empty-folder");
    const refused = await cli("restore", [trip!.archive], { DATA_DIR: emptyFolder, DATABASE_URL: restoreUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refusing to restore into the database of DATABASE_URL .* not empty.*--force/s);
    const forced = await cli("restore", [trip!.archive, "--force"], { DATA_DIR: emptyFolder, DATABASE_URL: restoreUrl });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const restored = await connectPostgres(restoreUrl);
    try {
      expect((await trialBalance(restored.query)).total).toBe("0");
    } finally {
      await restored.close();
    }
    const intoPglite = await cli("restore", [trip!.archive], { DATA_DIR: path.join(work, "pglite-target") });
    expect(intoPglite.code).toBe(1);
    expect(intoPglite.stderr).toMatch(/holds a PostgreSQL database: set DATABASE_URL/);
  });
});

describe("what a backup takes from the data folder", () => {
  it("leaves out what is rebuilt or not data: the search index's snapshot, the control socket's folder, the database copied on its own, archives", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-backup-entries-"));
    try {
      for (const folder of ["uploads", "private", "search-snapshot", ".control", "db"]) await mkdir(path.join(dataDir, folder));
      await writeFile(path.join(dataDir, "vapid.json"), "{}");
      await writeFile(path.join(dataDir, "vam-backup-2026-11-27T00-00-00Z.tar.gz"), "");
      expect(await dataEntries(dataDir)).toEqual(["private", "uploads", "vapid.json"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("leaves out a file still being written under its partial name (an outbox message), and copies it once whole", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-backup-partial-"));
    try {
      const outbox = path.join(dataDir, "outbox");
      await mkdir(outbox);
      await writeFile(path.join(outbox, "a.eml"), "whole");
      await writeFile(path.join(outbox, partialName("b.eml")), "half");
      await copyTree(outbox, path.join(dataDir, "copy"));
      expect(await readdir(path.join(dataDir, "copy"))).toEqual(["a.eml"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
