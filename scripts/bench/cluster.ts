import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** A fresh database of the given name next to the one of `adminUrl`; answers its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The benchmark server (`server.ts`) in a child process, resolved once it listens. */
export async function startBenchServer(env: Record<string, string>): Promise<ChildProcess> {
  const server = fork(fileURLToPath(new URL("./server.ts", import.meta.url)), {
    env: { ...process.env, ...env },
    execArgv: [
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(" ") : []),
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
  });
  await new Promise<void>((resolve, reject) => {
    server.once("message", () => resolve());
    server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

export async function stopBenchServer(server: ChildProcess) {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}
