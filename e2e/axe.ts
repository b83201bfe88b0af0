import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve("axe-core");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** Puts axe-core into the page once (a script tag; evaluated directly where the page's CSP refuses inline script). */
async function injectAxe(page: Page) {
  if (await page.evaluate(() => "axe" in window)) return;
  await page.addScriptTag({ path: AXE_PATH }).catch(() => undefined);
  if (await page.evaluate(() => "axe" in window)) return;
  await page.evaluate(await readFile(AXE_PATH, "utf8"));
}

/** What to check: a CSS selector, or axe's include/exclude lists of selectors (the whole document by default). */
export type A11yContext = string | { include?: string[]; exclude?: string[] };

/**
 * Runs axe-core on the page as it is now and fails on any violation of serious or critical
 * impact, listing each rule and the elements that break it.
 */
export async function expectNoSeriousA11yViolations(page: Page, context?: A11yContext): Promise<void> {
  // A toast fading in or a dialog sliding is measured at its end state, not mid-way (a finite
  // animation only: a spinner never ends; at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await injectAxe(page);
  const violations = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const results = await axe.run(within ?? document, { resultTypes: ["violations"] });
    return JSON.parse(JSON.stringify(results.violations)) as unknown;
  }, context ?? null);
  const serious = (violations as Violation[]).filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  if (serious.length === 0) return;
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary.replaceAll("\n", "\n      ")}`);
      return `- ${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n");
  const where = context ? ` in ${JSON.stringify(context)}` : "";
  throw new Error(`Accessibility violations on ${page.url()}${where}:\n${report}`);
}
