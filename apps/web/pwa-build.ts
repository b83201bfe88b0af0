import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { build } from "vite";

/**
 * Decision 0023, at the end of the build (called by prerender-shells.ts once the page shells are
 * written): the offline page and its script, then the service worker (src/sw/sw.ts) bundled into
 * dist/sw.js with the list of files it precaches written in. The page and the worker with their
 * .br and .gz copies.
 */

/** The offline page's one script: "Try again" loads the page again, and so does the connection coming back. */
const OFFLINE_SCRIPT = `"use strict";
document.getElementById("try-again")?.addEventListener("click", () => location.reload());
addEventListener("online", () => location.reload());
`;

/**
 * dist/offline.html from a page shell's HTML (the stylesheet inlined, decision 0021) with the
 * offline page's markup in #root: none of the app's scripts (React would replace the page with a
 * page it cannot load), its own small one instead.
 */
export async function writeOfflinePage(dist: string, shellHtml: string, markup: string): Promise<void> {
  let html = shellHtml
    .replace(/[ \t]*<script type="module"[^>]*><\/script>\n?/g, "")
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, "")
    .replace("<title>VA Marketplace</title>", '<title>You are offline · VA Marketplace</title>\n    <meta name="robots" content="noindex" />')
    .replace("</head>", '  <script src="/offline.js" defer></script>\n  </head>')
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  if (!html.includes(markup) || !html.includes("/offline.js") || /<script type="module"/.test(html))
    throw new Error("index.html is not as the offline page expects it (an empty #root, no other script)");
  html = html.replace(/\n{3,}/g, "\n\n");
  await writeCompressed(path.join(dist, "offline.html"), html);
  await writeFile(path.join(dist, "offline.js"), OFFLINE_SCRIPT); // too small to be worth compressing
}

/** An entry of the worker's precache: a revision for a file whose name does not change with its content. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** Bundles src/sw/sw.ts into dist/sw.js (a classic script: every browser with service workers runs it). */
export async function buildServiceWorker(root: string, dist: string): Promise<void> {
  const revision = async (file: string) =>
    createHash("sha256")
      .update(await readFile(path.join(dist, file)))
      .digest("hex")
      .slice(0, 16);
  // The app's frame, as index.html loads it: its entry script, the chunks it preloads, its stylesheet.
  const index = await readFile(path.join(dist, "index.html"), "utf8");
  const frame = [...new Set([...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!))];
  if (!frame.some((url) => url.endsWith(".js"))) throw new Error("index.html loads no script from /assets/");
  const precache: PrecacheEntry[] = [
    { url: "/offline.html", revision: await revision("offline.html") },
    { url: "/offline.js", revision: await revision("offline.js") },
    ...frame.map((url) => ({ url, revision: null })),
  ];
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      __PRECACHE_MANIFEST__: JSON.stringify(precache),
    },
    build: {
      outDir: dist,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      minify: true,
      lib: { entry: path.join(root, "src/sw/sw.ts"), formats: ["iife"], name: "vamServiceWorker", fileName: () => "sw.js" },
    },
  });
  const worker = path.join(dist, "sw.js");
  await writeCompressed(worker, await readFile(worker, "utf8"));
}

async function writeCompressed(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
}
