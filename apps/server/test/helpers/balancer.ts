import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import http2 from "node:http2";

const run = promisify(execFile);

/** The shipped configuration (decision 0017); tests and the system benchmark run this very file. */
export const NGINX_CONF = path.resolve(import.meta.dirname, "../../../../deploy/nginx.conf");

/** Debian's nginx, or undefined where it is not installed (`.ci/run` installs it). */
export function nginxBinary(): string | undefined {
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));
}

/** A port nobody listens on right now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RenderOptions {
  instancePorts: number[];
  /** Instances marked `down`: nginx sends them nothing (a rolling restart, README). */
  downPorts?: number[];
  httpsPort: number;
  httpPort: number;
  certificate: string;
  certificateKey: string;
  runDir: string;
}

/**
 * deploy/nginx.conf with its "# test:" lines replaced for loopback: the instances' ports, the
 * listening ports, the certificate and the pid and log files. Throws if a marked line is missing,
 * so the test never runs a configuration other than the shipped one by accident.
 */
export function renderNginxConfig(shipped: string, options: RenderOptions): string {
  let instances = 0;
  const lines = shipped.split("\n").flatMap((line) => {
    const marker = line.match(/# test: (\w+)\s*$/)?.[1];
    if (!marker) return [line];
    const indent = line.match(/^\s*/)![0];
    switch (marker) {
      case "pid":
        return [`pid ${options.runDir}/nginx.pid;`];
      case "error_log":
        // notice: the reloads are logged, and setDown waits for them.
        return [`error_log ${options.runDir}/error.log notice;`];
      case "access_log":
        return [`${indent}access_log ${options.runDir}/access.log upstream;`];
      case "instance": {
        const port = options.instancePorts[instances++];
        if (port === undefined) return [];
        const extra = instances === 2 ? options.instancePorts.slice(2) : [];
        return [port, ...extra].map((p) => {
          const server = line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${p}`).replace(/\s*# test: \w+\s*$/, "");
          return options.downPorts?.includes(p) ? server.replace(/;$/, " down;") : server;
        });
      }
      case "http":
        return [`${indent}listen 127.0.0.1:${options.httpPort};`];
      case "https":
        return [`${indent}listen 127.0.0.1:${options.httpsPort} ssl http2;`];
      case "certificate":
        return [`${indent}ssl_certificate ${options.certificate};`];
      case "certificate_key":
        return [`${indent}ssl_certificate_key ${options.certificateKey};`];
      case "drop":
        return [];
      default:
        throw new Error(`deploy/nginx.conf: unknown test marker "${marker}"`);
    }
  });
  if (instances < 2) throw new Error("deploy/nginx.conf: expected two lines marked '# test: instance'");
  return lines.join("\n");
}

export interface Balancer {
  /** https://127.0.0.1:<port> */
  url: string;
  /** The self-signed certificate nginx presents: clients trust it as their CA. */
  ca: string;
  /** nginx's access log so far (format "upstream": who answered each request). */
  accessLog(): Promise<string>;
  /**
   * Marks the instance on `port` down (or back up) and reloads nginx gracefully, as an operator
   * does around a planned restart: new requests and sockets go elsewhere, those in flight finish.
   */
  setDown(port: number, down: boolean): Promise<void>;
  /** nginx's error log so far: what went wrong with an instance. */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** nginx with the shipped configuration, on loopback, in front of the instances on `instancePorts`. */
export async function startBalancer(instancePorts: number[]): Promise<Balancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed: apt-get install nginx (.ci/run does)");
  const runDir = await mkdtemp(path.join(tmpdir(), "vam-nginx-"));
  const certificate = path.join(runDir, "cert.pem");
  const certificateKey = path.join(runDir, "key.pem");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    certificateKey,
    "-out",
    certificate,
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
  ]);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const shipped = await readFile(NGINX_CONF, "utf8");
  const downPorts = new Set<number>();
  const configFile = path.join(runDir, "nginx.conf");
  const writeConfig = () =>
    writeFile(
      configFile,
      renderNginxConfig(shipped, { instancePorts, downPorts: [...downPorts], httpsPort, httpPort, certificate, certificateKey, runDir }),
    );
  await writeConfig();
  // Run as a child in the foreground ("daemon off"), its prefix (temporary files) in runDir.
  const child: ChildProcess = spawn(binary, ["-p", runDir, "-c", configFile, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const url = `https://127.0.0.1:${httpsPort}`;
  await waitForPort(httpsPort, child, () => stderr);
  const ca = await readFile(certificate, "utf8");
  return {
    url,
    ca,
    accessLog: () => readFile(path.join(runDir, "access.log"), "utf8").catch(() => ""),
    errorLog: () => readFile(path.join(runDir, "error.log"), "utf8").catch(() => ""),
    async setDown(port, down) {
      if (down) downPorts.add(port);
      else downPorts.delete(port);
      await writeConfig();
      const logged = (await readFile(path.join(runDir, "error.log"), "utf8").catch(() => "")).length;
      child.kill("SIGHUP");
      // The master logs the start of the new workers once they run the new configuration.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const log = (await readFile(path.join(runDir, "error.log"), "utf8").catch(() => "")).slice(logged);
        if (/start worker process/.test(log)) return;
        if (/\[emerg\]/.test(log)) throw new Error(`nginx refused the new configuration:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("nginx did not reload");
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      await rm(runDir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: "127.0.0.1" });
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}

export interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  text: string;
}

/**
 * An HTTP/2 client of the balancer, as browsers speak to it. When nginx reloads, its old workers
 * end their connections with GOAWAY: a request the server refused that way (or sent after it)
 * was never processed, so it is sent again on a new connection, whatever its method.
 * `resent` counts those.
 */
export function h2Client(origin: string, ca: string) {
  let session: http2.ClientHttp2Session | undefined;
  const state = { resent: 0 };
  const open = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const next = http2.connect(origin, { ca });
    next.on("error", () => {});
    const forget = () => {
      if (session === next) session = undefined;
    };
    next.on("goaway", forget);
    next.on("close", forget);
    session = next;
    return next;
  };
  const once = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<H2Answer>((resolve, reject) => {
      const stream = open().request({ ":method": method, ":path": path, ...headers });
      let answer: http2.IncomingHttpHeaders = {};
      let text = "";
      stream.setEncoding("utf8");
      stream.on("response", (received) => (answer = received));
      stream.on("data", (chunk: string) => (text += chunk));
      stream.on("end", () => resolve({ status: Number(answer[":status"]), headers: answer, text }));
      stream.on("error", reject);
      stream.end(body);
    });
  const refusedUnprocessed = (error: unknown) => {
    const { code, message } = error as { code?: string; message?: string };
    return code === "ERR_HTTP2_GOAWAY_SESSION" || (code === "ERR_HTTP2_STREAM_ERROR" && /REFUSED_STREAM/.test(message ?? ""));
  };
  return {
    state,
    async request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<H2Answer> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(method, path, headers, body);
        } catch (error) {
          if (attempt >= 3 || !refusedUnprocessed(error)) throw error;
          state.resent += 1;
        }
      }
    },
    close() {
      session?.close();
    },
  };
}
