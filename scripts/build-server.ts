// Builds the server into one ES module, apps/server/dist/index.js, with its source map, for
// `node --enable-source-maps apps/server/dist/index.js` (decision 0027). `npm run build` runs it.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type PartialMessage, type Plugin } from "esbuild";

const SERVER = path.resolve(import.meta.dirname, "../apps/server");
export const SERVER_ENTRY = path.join(SERVER, "src/index.ts");
export const SERVER_BUNDLE = path.join(SERVER, "dist/index.js");
/** The one module that may place a path relative to its own URL: it sits one level down in src/ and in dist/ alike. */
const PATHS_MODULE = path.join(SERVER, "src/paths.ts");

/**
 * Packages stay in node_modules and are loaded by node as they are under tsx (sharp's and
 * argon2's native builds, PGlite's wasm, pdfkit's font data, the zxcvbn list); only the
 * workspace's own TypeScript, the server and @vam/shared, goes into the bundle.
 */
const packagesStayExternal: Plugin = {
  name: "packages-stay-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@vam/") ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Uses of `import.meta` in a module that the bundle would break: every module of the bundle has
 * the bundle's URL, so a path relative to a module's own place (`new URL("../x", import.meta.url)`,
 * `import.meta.dirname`) points elsewhere once built. Allowed: `createRequire(import.meta.url)`
 * (packages resolve the same from dist/ as from src/) and, in src/paths.ts, `new URL("../", import.meta.url)`.
 */
export function strayImportMeta(file: string, source: string): { line: number; column: number; lineText: string }[] {
  const allowed = [
    /createRequire\(import\.meta\.url\)/g,
    ...(path.resolve(file) === PATHS_MODULE ? [/new URL\("\.\.\/", import\.meta\.url\)/g] : []),
  ];
  const found: { line: number; column: number; lineText: string }[] = [];
  source.split("\n").forEach((lineText, index) => {
    // Comments may mention it.
    if (/^\s*(\/\/|\*|\/\*)/.test(lineText)) return;
    const rest = allowed.reduce((text, pattern) => text.replace(pattern, (match) => " ".repeat(match.length)), lineText);
    const column = rest.indexOf("import.meta");
    if (column >= 0) found.push({ line: index + 1, column, lineText });
  });
  return found;
}

const noStrayImportMeta: Plugin = {
  name: "no-stray-import-meta",
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const problems = strayImportMeta(args.path, await readFile(args.path, "utf8"));
      if (!problems.length) return undefined;
      const errors: PartialMessage[] = problems.map(({ line, column, lineText }) => ({
        text: "import.meta here would mean apps/server/dist/index.js once built: place files from SERVER_ROOT (apps/server/src/paths.ts)",
        location: { file: path.relative(process.cwd(), args.path), line, column, lineText },
      }));
      return { errors };
    });
  },
};

/** Builds the bundle and its map; each file is written whole and then renamed, so a server starting meanwhile reads the old or the new one. */
export async function buildServer(): Promise<{ bytes: number }> {
  const result = await build({
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Stack traces name the TypeScript file and line (node --enable-source-maps); the sources
    // stay on disk beside it, so the map does not carry them.
    sourcemap: "linked",
    sourcesContent: false,
    plugins: [packagesStayExternal, noStrayImportMeta],
    write: false,
    logLevel: "silent",
  });
  await mkdir(path.dirname(SERVER_BUNDLE), { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  for (const file of result.outputFiles) await writeFile(file.path + suffix, file.contents);
  for (const file of result.outputFiles) await rename(file.path + suffix, file.path);
  return { bytes: result.outputFiles.find((file) => file.path === SERVER_BUNDLE)?.contents.byteLength ?? 0 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    const { bytes } = await buildServer();
    console.log(`Built ${path.relative(process.cwd(), SERVER_BUNDLE)} (${Math.round(bytes / 1024)} KiB) and its source map.`);
  } catch (error) {
    // esbuild's own errors name the file and line; no stack trace to add to them.
    const messages = (error as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] }).errors;
    if (!messages) throw error;
    for (const { text, location } of messages) {
      console.error(location ? `${location.file}:${location.line}:${location.column + 1}: ${text}` : text);
    }
    console.error("The server was not built.");
    process.exitCode = 1;
  }
}
