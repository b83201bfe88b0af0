import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Whether the server has a web app to serve: `built` (its folder holds index.html), `missing`
 * (the folder has no build), or `not configured` (an API-only server, as in the API tests).
 */
export type WebState = "built" | "missing" | "not configured";

export function webState(dist: string | undefined): WebState {
  if (!dist) return "not configured";
  return existsSync(path.join(dist, "index.html")) ? "built" : "missing";
}

/** The one line a production start refuses with when the build is missing. */
export function webMissingInProduction(dist: string): string {
  return `The web app is not built: ${path.join(dist, "index.html")} is missing. Run \`npm run build\` before starting with NODE_ENV=production (or set WEB_DIST to a built copy).`;
}

/** The log line of a development start without the build. */
export function webMissingInDevelopment(dist: string): string {
  return `The web app is not built (${dist} has no index.html): pages answer 503 until you run \`npm run build\` and restart, or use \`npm run dev:web\` (the Vite dev server, http://localhost:5173).`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What every page answers (503) in development while the build is missing: what to run. */
export function webMissingPage(dist: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The web app is not built</title></head>
<body>
<main>
<h1>The web app is not built</h1>
<p>This server serves the web app from <code>${escapeHtml(dist)}</code>, which has no <code>index.html</code>. The API answers under <code>/api</code>.</p>
<p>To see the pages, either:</p>
<ul>
<li>run <code>npm run build</code>, then restart this server; or</li>
<li>run <code>npm run dev:web</code> and open <a href="http://localhost:5173">http://localhost:5173</a> (the Vite dev server, which sends <code>/api</code> to this server).</li>
</ul>
</main>
</body>
</html>
`;
}
