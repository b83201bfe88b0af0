// CPU time of processes and of the whole machine from /proc (Linux), for the system benchmark:
// who used the two cores during a step — the load generator, the instances, nginx, PostgreSQL.
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { promisify } from "node:util";

const run = promisify(execFile);
/** Clock ticks per second of /proc's times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS = 100;

/** User + system CPU seconds of one process, or undefined when it is gone. */
export async function processCpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The name (2nd field) may hold spaces: the fields after its ")" start with the state (3rd).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return undefined;
  }
}

/**
 * Ids of the processes named `name` (/proc/<pid>/comm) whose command line passes `test`: the
 * PostgreSQL backends of one database, say ("postgres: 15/main: postgres <database> ...").
 */
export async function pidsNamed(name: string, test: (commandLine: string) => boolean = () => true): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, "utf8").catch(() => "");
    if (comm.trim() !== name) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (test(commandLine.replaceAll("\0", " ").trim())) pids.push(Number(entry));
  }
  return pids;
}

/** Ids of the processes listening on a TCP port of loopback (`ss`): an instance, or nginx's master and workers. */
export async function pidsListeningOn(port: number): Promise<number[]> {
  const { stdout } = await run("ss", ["-Hltnp", `sport = :${port}`]);
  return [...new Set([...stdout.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1])))];
}

/** Busy, stolen (by the hypervisor for other guests) and total CPU seconds of the machine (all cores) since boot. */
export async function machineCpuSeconds(): Promise<{ busy: number; steal: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const steal = values[7] ?? 0;
  return { busy: (total - idle - steal) / TICKS, steal: steal / TICKS, total: total / TICKS };
}

/** Groups of processes by name; a group's pids are looked up anew at each reading (backends come and go). */
export type Groups = Record<string, () => Promise<number[]>>;

export interface CpuReading {
  at: number;
  machine: { busy: number; steal: number; total: number };
  /** Per group, CPU seconds per pid. */
  groups: Record<string, Map<number, number>>;
}

const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

export async function readCpu(groups: Groups): Promise<CpuReading> {
  const out: Record<string, Map<number, number>> = {};
  for (const [name, find] of Object.entries(groups)) {
    const times = new Map<number, number>();
    for (const pid of await find()) {
      const seconds = pid === process.pid ? ownCpuSeconds() : await processCpuSeconds(pid);
      if (seconds !== undefined) times.set(pid, seconds);
    }
    out[name] = times;
  }
  return { at: performance.now(), machine: await machineCpuSeconds(), groups: out };
}

/**
 * Per group, the share of one core used between two readings (100: one core busy all along);
 * `machine` is the share of all cores busy (100: every core busy), `steal` the share taken by the
 * hypervisor. A process that started in
 * between counts all its time; one that ended in between is missed.
 */
export function cpuBetween(before: CpuReading, after: CpuReading): Record<string, number> {
  const seconds = (after.at - before.at) / 1000;
  const machineTotal = after.machine.total - before.machine.total;
  const share = (field: "busy" | "steal") => (machineTotal > 0 ? (100 * (after.machine[field] - before.machine[field])) / machineTotal : 0);
  const out: Record<string, number> = { machine: share("busy"), steal: share("steal") };
  for (const [name, times] of Object.entries(after.groups)) {
    let used = 0;
    for (const [pid, now] of times) used += now - (before.groups[name]?.get(pid) ?? 0);
    out[name] = seconds > 0 ? (100 * used) / seconds : 0;
  }
  return out;
}
