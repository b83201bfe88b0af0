// Prints Vitest's JSON report as one plain closing line: "label: N passed, N failed, N skipped".
import { readFileSync } from "node:fs";

const [file, label = "tests"] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, "utf8"));
const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
