import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer, SERVER_BUNDLE } from "../../../../scripts/build-server.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  pid: number;
  /** What it has written to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * Run the built server as production does, `node --enable-source-maps dist/index.js`
   * (decision 0027), built afresh from the sources first. Otherwise `src/index.ts` through tsx,
   * as `npm run dev` runs it.
   */
  compiled?: boolean;
}

/** One build per test file: the sources do not change while it runs. */
let built: Promise<unknown> | undefined;

/** The real server as its own process, on a free port. */
export async function startServerProcess(env: Record<string, string>, { compiled = false }: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (compiled) await (built ??= buildServer());
  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-proc-"));
  const args = compiled ? ["--enable-source-maps", SERVER_BUNDLE] : ["--import", "tsx", "src/index.ts"];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout!.on("data", () => {
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
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
