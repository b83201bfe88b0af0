import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** The real server as its own process (`src/index.ts`), on a free port. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-proc-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      // Already gone (it crashed, or was stopped before): nothing to wait for.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
