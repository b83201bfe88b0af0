import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { transform } from "esbuild";
import { build, createServer, type Plugin, type ResolvedConfig } from "vite";
import { buildServiceWorker, writeOfflinePage } from "./pwa-build";
import { pageStyleFor } from "./src/shell/page-style";
import type { ShellName } from "./src/components/LoadingFallback";

/**
 * Decision 0021: after the build, one HTML per page shell in dist/shells/ (index.html with the
 * shell's markup in #root, the stylesheet inlined, and on /home the hero image preloaded), each
 * with its .br and .gz copies, and routes.json telling the server which addresses get which.
 * The markup is rendered by react-dom/server from the app's own components
 * (src/shell/render-shell.tsx), loaded through a short-lived Vite server in SSR mode. Then the
 * installable app's offline page, from src/pwa/render-offline.tsx the same way, and its service
 * worker, which precaches it (decision 0023, pwa-build.ts). Last, the pages drawn with their
 * content by the server (decision 0030): dist/ssr/render-page.mjs, and shells/content.html, the
 * HTML the server puts their markup in.
 */
export function prerenderShells(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "vam:prerender-shells",
    apply: "build",
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const dist = path.resolve(config.root, config.build.outDir);
      const loader = await createServer({
        configFile: false,
        root: config.root,
        logLevel: "error",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const pages = (await loader.ssrLoadModule("/src/components/LoadingFallback.tsx")) as typeof import("./src/components/LoadingFallback");
        const render = (await loader.ssrLoadModule("/src/shell/render-shell.tsx")) as typeof import("./src/shell/render-shell");
        const { SHELL_ROUTES } = (await loader.ssrLoadModule("/src/shell/shell-routes.ts")) as typeof import("./src/shell/shell-routes");
        const source = await readFile(path.join(dist, "index.html"), "utf8");
        const index = lowPriorityScripts(await inlineStylesheets(source, dist));
        const { TOKEN_KEY } = (await loader.ssrLoadModule("/src/api/session-storage.ts")) as typeof import("./src/api/session-storage");
        const drawn = await drawnPageTemplate(source, dist, await writeStartAfterLoad(config.root, dist), TOKEN_KEY);
        const pageStyle = pageStyleFor(drawn.css);
        await mkdir(path.join(dist, "shells"), { recursive: true });
        const files: Record<string, string> = {};
        for (const shell of [...Object.keys(pages.PAGE_LOADING), "page"] as ShellName[]) {
          const markup = await render.renderShell(shell);
          // A shell that is its page itself says so (`data-page`): the app then keeps it until the page's code is ready.
          // Its scripts are then asked for once it has loaded (decision 0031).
          const isPage = render.PAGE_SHELLS.includes(shell);
          const root = isPage ? '<div id="root" data-page>' : '<div id="root">';
          const frame = isPage ? drawn.html.replace(STYLE_MARK, () => pageStyle(markup)) : index;
          let html = frame.replace('<div id="root"></div>', () => `${root}${markup}</div>`);
          if (!html.includes(markup)) throw new Error('index.html has no empty <div id="root"></div> for the shell');
          // /home's largest paint is the hero image: fetched with the HTML, not after the page's code.
          if (shell === "home")
            html = html.replace("</head>", '  <link rel="preload" as="image" href="/hero.jpg" fetchpriority="high" />\n  </head>');
          files[shell] = `shells/${shell}.html`;
          await writeCompressed(path.join(dist, files[shell]), html);
        }
        // The pages the server draws with their content (decision 0030): the same HTML, its markup in a
        // root the app keeps until the page's code is ready, as /home's.
        const content = drawn.html.replace('<div id="root"></div>', () => `<div id="root" data-page>${CONTENT_MARK}</div>`);
        await writeFile(path.join(dist, "shells", "content.html"), content);
        const routes = {
          routes: SHELL_ROUTES.map(({ shell, pattern }) => ({ pattern: pattern.source, file: files[shell] })),
          fallback: files.page,
          content: { file: "shells/content.html", mark: CONTENT_MARK, styleMark: STYLE_MARK, stylesheet: drawn.stylesheet },
        };
        await writeFile(path.join(dist, "shells", "routes.json"), `${JSON.stringify(routes, null, 2)}\n`);
        const offline = (await loader.ssrLoadModule("/src/pwa/render-offline.tsx")) as typeof import("./src/pwa/render-offline");
        await writeOfflinePage(dist, index, await offline.renderOffline());
      } finally {
        await loader.close();
      }
      await buildServiceWorker(config.root, dist);
      await buildPageRenderer(config, dist);
    },
  };
}

/** Where the server puts a page's markup in shells/content.html. */
const CONTENT_MARK = "<!--page-content-->";
/** Where a drawn page's own stylesheet goes (decision 0031): /home's at build time, the others' by the server. */
const STYLE_MARK = "/*page-style*/";

/**
 * src/shell/render-page.tsx built for Node into dist/ssr/ (decision 0030), everything it imports
 * bundled in (the server loads it from wherever the build is), as .mjs so that Node reads it as a
 * module outside any package.
 */
async function buildPageRenderer(config: ResolvedConfig, dist: string) {
  await build({
    configFile: false,
    root: config.root,
    logLevel: "warn",
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: "src/shell/render-page.tsx",
      outDir: path.join(dist, "ssr"),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" } },
    },
  });
}

/** A `<link rel="stylesheet">` of the build's, its file (under dist/) captured. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/** The page's stylesheet in a <style> element: the first paint then needs the HTML alone (about 11 KB of it, compressed). */
async function inlineStylesheets(html: string, dist: string): Promise<string> {
  const links = [...html.matchAll(new RegExp(STYLESHEET_LINK, "g"))];
  for (const [tag, file] of links) {
    const css = await readFile(path.join(dist, file!), "utf8");
    if (css.includes("</style")) throw new Error(`${file} cannot be inlined`);
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  return html;
}

/**
 * The app's scripts at low priority: the shell's first paint needs none of them, so the HTML, its
 * stylesheet and /home's hero image go first on a slow link (the scripts still start at once and
 * run after the document is parsed, as module scripts do).
 */
function lowPriorityScripts(html: string): string {
  const marked = html
    .replace(/<script type="module" (?=[^>]*src="\/assets\/)/g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" (?=[^>]*href="\/assets\/)/g, '<link rel="modulepreload" fetchpriority="low" ');
  if (!marked.includes('<script type="module" fetchpriority="low" ')) throw new Error("index.html has no module script to mark");
  return marked;
}

/**
 * start-after-load.js, minified, into dist/assets/ under a name that changes with its content (it is then
 * cached for good, as the other assets are); its address.
 */
async function writeStartAfterLoad(root: string, dist: string): Promise<string> {
  const { code: source } = await transform(await readFile(path.join(root, "start-after-load.js"), "utf8"), { minify: true, target: "es2017" });
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  const file = `assets/start-after-load-${hash}.js`;
  await writeCompressed(path.join(dist, file), source);
  return `/${file}`;
}

/**
 * The HTML of a page drawn with its content (decision 0031): in place of the whole stylesheet, a
 * <style> holding STYLE_MARK, for the page's own part of it; in place of the app's module script and
 * module preloads, start-after-load.js, told their addresses and the whole stylesheet's, which it
 * asks for once the page has loaded.
 */
async function drawnPageTemplate(source: string, dist: string, start: string, sessionKey: string) {
  const link = STYLESHEET_LINK.exec(source);
  const entry = /<script type="module" [^>]*src="(\/assets\/[^"]+)"[^>]*><\/script>/.exec(source);
  if (!link || !entry) throw new Error("index.html has no stylesheet or no module script for the drawn pages");
  const preloads = [...source.matchAll(/\s*<link rel="modulepreload" [^>]*href="(\/assets\/[^"]+)"[^>]*>/g)];
  let html = source.replace(link[0], () => `<style>${STYLE_MARK}</style>`);
  for (const [tag] of preloads) html = html.replace(tag, "");
  const data = {
    entry: entry[1]!,
    preload: preloads.map((match) => match[1]).join(" "),
    stylesheet: `/${link[1]}`,
    "session-key": sessionKey,
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `data-${name}="${value}"`)
    .join(" ");
  html = html.replace(entry[0], () => `<script defer src="${start}" ${attributes}></script>`);
  return { html, stylesheet: link[1]!, css: await readFile(path.join(dist, link[1]!), "utf8") };
}

async function writeCompressed(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
}
