// npm run bench:statements — importing the receiving account's statement into the console on the
// embedded database (PGlite in a folder, as a fresh install runs): a GCash export of 10,000 lines
// (BENCH_LINES) against as many payments waiting for verification, over HTTP as the console sends
// it. Prints the cold import first, then the same file again (every line already imported), then
// a fresh month, each beside the bare health route measured in the same run.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decimalPesos, manilaDate, manilaTime } from "@vam/shared";
import { createSession } from "../../apps/server/src/session/sessions.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { payments, users } from "../../apps/server/src/db/schema.js";
import { newPaymentReference } from "../../apps/server/src/payments/repository.js";
import { startServer } from "../../apps/server/src/server.js";
import { seeded } from "./seeded.js";

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const HOUR = 3600_000;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-bench-statements-"));
  const config = loadConfig({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", SWEEP_INTERVAL_SECONDS: "0" });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const server = await startServer(config, database);
  const rnd = seeded(29);
  try {
    const person = (username: string, role: "Operator" | "Boss" | "Assistant") => ({
      username,
      email: `${username}@bench.example`,
      passwordHash: "x",
      firstName: username,
      lastName: "Bench",
      role,
      location: "Manila",
      experience: "1-3 years",
      availability: "Full-time",
      referralCode: username.toUpperCase(),
    });
    const [operator, client, assistant] = await database.db
      .insert(users)
      .values([person("bench_operator", "Operator"), person("bench_client", "Boss"), person("bench_va", "Assistant")])
      .returning({ id: users.id });
    const token = await createSession(database.db, operator!.id, 3600_000);

    const month = async (start: number) => {
      // Payments made over 30 days, each paid by one line a few hours later with its reference.
      const rows = Array.from({ length: LINES }, (_, i) => ({
        reference: newPaymentReference(),
        clientId: client!.id,
        consultantId: assistant!.id,
        amountCentavos: [500000, 1000000, 1500000][Math.floor(rnd.next() * 3)]!,
        dates: 1,
        duration: 4,
        state: "UNVERIFIED" as const,
        createdAt: new Date(start + Math.floor((i / LINES) * 30 * 24 * HOUR)),
      }));
      const unique = [...new Map(rows.map((row) => [row.reference, row])).values()];
      for (let i = 0; i < unique.length; i += 2000) await database.db.insert(payments).values(unique.slice(i, i + 2000));
      const lines = unique.map((row, i) => {
        const at = new Date(row.createdAt.getTime() + (1 + Math.floor(rnd.next() * 5)) * HOUR);
        return `${manilaDate(at)} ${manilaTime(at)},Received money from Bench Client ${row.reference},${9000000000 + i},,${decimalPesos(row.amountCentavos)},`;
      });
      return ["Date and Time,Description,Reference No.,Debit,Credit,Balance", ...lines].join("\n");
    };

    const timed = async <T>(run: () => Promise<T>) => {
      const started = performance.now();
      const value = await run();
      return { ms: performance.now() - started, value };
    };
    const bare = async () => {
      const samples: number[] = [];
      for (let i = 0; i < 50; i++) samples.push((await timed(() => fetch(`${server.url}/api/health`).then((r) => r.text()))).ms);
      return samples.sort((a, b) => a - b)[Math.floor(samples.length * 0.5)]!;
    };
    const upload = (csv: string, name: string) =>
      timed(async () => {
        const form = new FormData();
        form.append("file", new Blob([csv], { type: "text/csv" }), name);
        const response = await fetch(`${server.url}/api/admin/statements`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await response.json()) as { lines: number; skipped: number; proposals: Record<string, number> };
        if (response.status !== 201) throw new Error(JSON.stringify(body));
        return body;
      });

    const first = await month(Date.now() - 60 * 24 * HOUR);
    const cold = await upload(first, "cold.csv");
    const again = await upload(first, "again.csv");
    const second = await month(Date.now() - 30 * 24 * HOUR);
    const warm = await upload(second, "warm.csv");
    const health = await bare();
    const row = (label: string, { ms, value }: { ms: number; value: { lines: number; skipped: number; proposals: Record<string, number> } }) =>
      `| ${label} | ${value.lines} | ${value.skipped} | ${value.proposals.matched ?? 0} | ${Math.round(ms)} |`;
    console.log(`bench:statements — ${LINES} lines a file, PGlite in a folder, ${new Date().toISOString()}`);
    console.log("| import | lines | already imported | matched | ms |\n| --- | --- | --- | --- | --- |");
    console.log(row("cold (first of the process)", cold));
    console.log(row("the same file again", again));
    console.log(row("a second month", warm));
    console.log(`bare GET /api/health in the same run: median ${health.toFixed(2)} ms`);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
