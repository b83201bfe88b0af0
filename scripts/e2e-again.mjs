// CI's second chance for a browser journey (decision 0048). Reads the whole suite's JSON report;
// when every failed file is an e2e file, runs those files once more, alone, each on a fresh server
// and database, and exits with that run's status. Any other failure (unit, component, API) exits
// 1 at once: only a journey through a real browser on a loaded machine gets a second run, and CI's
// log names each file that needed it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const [reportFile, againReport = "test-results/e2e-again.json"] = process.argv.slice(2);
const report = JSON.parse(readFileSync(reportFile, "utf8"));
const failed = report.testResults
  .filter((file) => file.status !== "passed" && file.status !== "skipped")
  .map((file) => relative(process.cwd(), file.name));

if (failed.length === 0) {
  console.log("e2e again: the report has no failed file; the suite failed for another reason");
  process.exit(1);
}
const others = failed.filter((file) => !file.startsWith("e2e/"));
if (others.length > 0) {
  console.log(`e2e again: not run, files other than journeys failed: ${others.join(", ")}`);
  process.exit(1);
}
console.log(`e2e again: ${failed.length} journey file(s) failed and run once more, alone: ${failed.join(", ")}`);
const run = spawnSync(
  "npx",
  ["vitest", "run", "--project", "e2e", "--maxWorkers=1", "--reporter=default", "--reporter=json", `--outputFile.json=${againReport}`, ...failed],
  { stdio: "inherit" },
);
process.exit(run.status ?? 1);
