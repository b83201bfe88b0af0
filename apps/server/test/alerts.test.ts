import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The alert rules (deploy/prometheus/alerts.yml) and the Grafana dashboard
 * (deploy/grafana/vam-dashboard.json): Prometheus's own `promtool` checks the rules and runs their
 * unit tests (alerts.test.yml); every metric an alert or a panel reads is on a real server's
 * /metrics; every alert says how bad it is, what it means, and where the README says what to do.
 */

const root = fileURLToPath(new URL("../../../", import.meta.url));
const prometheusDir = path.join(root, "deploy/prometheus");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules: Rule[] = (parseYaml(readFileSync(path.join(prometheusDir, "alerts.yml"), "utf8")) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (group) => group.rules,
);

interface Target {
  refId: string;
  expr: string;
  datasource?: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Target[];
}
interface Dashboard {
  __inputs: { name: string; type: string; pluginId: string }[];
  templating: { list: { name: string; type: string; query: unknown }[] };
  panels: Panel[];
}
const dashboard = JSON.parse(readFileSync(path.join(root, "deploy/grafana/vam-dashboard.json"), "utf8")) as Dashboard;
const queryPanels = dashboard.panels.filter((panel) => panel.type !== "row");

/** Grafana's variables as Prometheus would see them once substituted. */
const substituteGrafana = (expr: string) => expr.replaceAll("$__rate_interval", "5m");

/** PromQL words that look like metric names but are not. */
const KEYWORDS = new Set(["and", "or", "unless", "bool", "offset", "inf", "nan"]);

/**
 * The metric names a PromQL expression reads: every bare identifier that is not a function or an
 * aggregation (followed by "("), a keyword, a label (inside `{...}`, `by (...)`, `on (...)`...),
 * a duration (inside `[...]`), a string, or part of a number or a Grafana variable.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/#.*$/gm, " ")
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, " ")
    .replace(/\bgroup_(?:left|right)\b(?:\s*\([^)]*\))?/g, " ")
    .replace(/\$\{?\w+\}?/g, " ");
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][\w:]*/g)) {
    const before = bare[match.index - 1] ?? " ";
    if (/[\w.$]/.test(before)) continue; // the exponent of 1e3, the unit of 5m
    if (/^\s*\(/.test(bare.slice(match.index + match[0].length))) continue;
    if (KEYWORDS.has(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names].sort();
}

/** Series Prometheus makes itself for every target: never on /metrics. */
const PROMETHEUS_SERIES = new Set(["up"]);
/** The pool's gauges: on PostgreSQL only (the embedded PGlite has no pool). */
const POSTGRES_ONLY = new Set(["vam_db_pool_connections", "vam_db_pool_waiting"]);

describe("reading a PromQL expression's metric names", () => {
  it("keeps the series and leaves out functions, labels, durations, strings, numbers and variables", () => {
    expect(
      metricNames(`(sum by (job) (rate(vam_a_total{status=~"5..", route!="/api/ready"}[5m])) / on(job) group_left vam_b) > 0.05
        and bool up{job="vam"} unless histogram_quantile(0.95, sum by (le) (rate(vam_c_bucket[$__rate_interval]))) > 1e3 * 12
        or time() - vam_d offset 5m`),
    ).toEqual(["up", "vam_a_total", "vam_b", "vam_c_bucket", "vam_d"]);
    expect(metricNames("max by (job, kind) (vam_payout_unsent_oldest_seconds) > 4 * 86400")).toEqual(["vam_payout_unsent_oldest_seconds"]);
  });
});

describe("the alert rules", () => {
  it("are the ones the README's runbook describes", () => {
    expect(rules.map((rule) => rule.alert)).toEqual([
      "VamInstanceDown",
      "VamInstanceNotReady",
      "VamHighErrorRatio",
      "VamSlowRequests",
      "VamEventLoopLag",
      "VamDatabasePoolWaiting",
      "VamEmailQueueLag",
      "VamSweepLag",
      "VamPaymentWaitingTooLong",
      "VamPayoutBatchNotSent",
    ]);
  });

  it("each say how bad, what happened and what it means, wait before firing, and link to a README entry that names them", () => {
    for (const rule of rules) {
      const name = rule.alert!;
      expect(["critical", "warning"], name).toContain(rule.labels?.severity);
      expect(rule.for, name).toMatch(/^\d+[mh]$/);
      expect(rule.annotations?.summary?.length ?? 0, name).toBeGreaterThan(10);
      expect(rule.annotations?.description?.length ?? 0, name).toBeGreaterThan(40);
      const anchor = /^README\.md#(alert-[a-z-]+)$/.exec(rule.annotations?.runbook ?? "")?.[1];
      expect(anchor, `${name}: runbook`).toBeDefined();
      const entry = readme.split("\n").find((line) => line.includes(`id="${anchor}"`));
      expect(entry, `${name}: README has no id="${anchor}"`).toBeDefined();
      expect(entry, `${name}: the README entry at ${anchor} names it`).toContain(name);
    }
  });
});

describe("the Grafana dashboard", () => {
  it("takes its Prometheus as the ${DS_PROMETHEUS} variable, on import and on every panel and query", () => {
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource", pluginId: "prometheus" })]);
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource", query: "prometheus" }));
    for (const panel of queryPanels) {
      expect(panel.datasource, panel.title).toEqual({ type: "prometheus", uid: "${DS_PROMETHEUS}" });
      expect(panel.targets?.length ?? 0, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) expect(target.datasource, panel.title).toEqual(panel.datasource);
    }
  });

  it("has a panel for each thing the on-call person watches", () => {
    const read = (panel: Panel) => new Set(panel.targets!.flatMap((target) => metricNames(substituteGrafana(target.expr))));
    const panelReading = (metric: string) => queryPanels.find((panel) => read(panel).has(metric))?.title;
    for (const metric of [
      "vam_http_requests_total",
      "vam_http_request_duration_seconds_bucket",
      "vam_nodejs_eventloop_lag_p99_seconds",
      "vam_ready",
      "vam_db_pool_waiting",
      "vam_db_pool_connections",
      "vam_sockets_open",
      "vam_messages_delivered_total",
      "vam_email_queue_lag_seconds",
      "vam_sweep_lag_seconds",
      "vam_payments_waiting_oldest_seconds",
      "vam_payout_unsent_oldest_seconds",
    ]) {
      expect(panelReading(metric), metric).toBeDefined();
    }
  });
});

describe("every metric an alert or a panel reads", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TEST_CLOCK: "true", EMAIL_POLL_MS: "0" });
  });
  afterAll(() => server?.close());

  it("is on a real server's /metrics (histograms as _bucket, _sum and _count)", async () => {
    // The sweep's last-run gauge appears once a sweep has finished.
    expect((await server.api("POST", "/api/test/sweep")).status).toBe(200);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    const exposed = new Set(
      (await response.text())
        .split("\n")
        .filter((line) => line && !line.startsWith("#"))
        .map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)![0]),
    );

    const used = new Map<string, string>();
    for (const rule of rules) for (const name of metricNames(rule.expr)) used.set(name, `alert ${rule.alert}`);
    for (const panel of queryPanels) {
      for (const target of panel.targets!) for (const name of metricNames(substituteGrafana(target.expr))) used.set(name, `panel "${panel.title}"`);
    }
    expect(used.size).toBeGreaterThan(15);

    const missing = [...used]
      .filter(([name]) => !PROMETHEUS_SERIES.has(name) && !exposed.has(name))
      .filter(([name]) => process.env.DATABASE_URL || !POSTGRES_ONLY.has(name))
      .map(([name, where]) => `${name} (${where})`);
    expect(missing).toEqual([]);
    // On PGlite the pool's gauges are absent: they are named here so that they are checked on PostgreSQL.
    if (!process.env.DATABASE_URL) for (const name of POSTGRES_ONLY) expect(exposed.has(name), name).toBe(false);
  });
});

/** Debian's prometheus package ships promtool; CI (.ci/run) installs it where missing. `PROMTOOL` names another. */
const PROMTOOL = process.env.PROMTOOL || "promtool";
const promtoolInstalled = spawnSync(PROMTOOL, ["--version"]).error === undefined;
const inCI = Boolean(process.env.CI) && process.env.CI !== "false";

describe("promtool", () => {
  const promtool = (args: string[], skip: (note: string) => never) => {
    if (!promtoolInstalled) {
      if (inCI) throw new Error("promtool is not installed: CI must run the alert rules' checks (apt-get install prometheus; .ci/run does)");
      skip("promtool is not installed (Debian: apt-get install prometheus); CI runs these");
    }
    return spawnSync(PROMTOOL, args, { cwd: prometheusDir, encoding: "utf8", timeout: 60_000 });
  };

  it("checks the rules and the example Prometheus configuration that loads them", ({ skip }) => {
    const rulesCheck = promtool(["check", "rules", "alerts.yml"], skip);
    expect(rulesCheck.stdout + rulesCheck.stderr).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(rulesCheck.status).toBe(0);
    const configCheck = promtool(["check", "config", "prometheus.yml"], skip);
    expect(configCheck.stdout + configCheck.stderr).toContain("is valid prometheus config file syntax");
    expect(configCheck.status).toBe(0);
  });

  it("passes the alerts' unit tests: each fires on its input series with its labels and annotations, and not on a near miss", ({ skip }) => {
    const run = promtool(["test", "rules", "alerts.test.yml"], skip);
    expect(run.stdout + run.stderr).toContain("SUCCESS");
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // Every alert has a unit test that expects it to fire.
    const tests = parseYaml(readFileSync(path.join(prometheusDir, "alerts.test.yml"), "utf8")) as {
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const firing = new Set(
      tests.tests.flatMap((test) => (test.alert_rule_test ?? []).filter((t) => t.exp_alerts.length > 0).map((t) => t.alertname)),
    );
    expect([...firing].sort()).toEqual(rules.map((rule) => rule.alert).sort());
  });

  it("parses every query of the dashboard", ({ skip }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "vam-dashboard-"));
    try {
      const recorded = queryPanels.flatMap((panel) =>
        panel.targets!.map((target) => ({ record: `dashboard:panel_${panel.id}_${target.refId}`, expr: substituteGrafana(target.expr) })),
      );
      writeFileSync(path.join(dir, "dashboard.yml"), stringifyYaml({ groups: [{ name: "dashboard", rules: recorded }] }));
      const check = promtool(["check", "rules", path.join(dir, "dashboard.yml")], skip);
      expect(check.stdout + check.stderr).toContain(`SUCCESS: ${recorded.length} rules found`);
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
