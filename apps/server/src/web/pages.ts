import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";

/** dist/ssr/render-page.mjs, built from apps/web/src/shell/render-page.tsx (decision 0030). */
interface PageRendererModule {
  renderPage(pathname: string, get: (path: string) => Promise<{ status: number; body: unknown }>): Promise<string | null>;
}

/** The part of dist/shells/routes.json naming the HTML that the drawn pages go in. */
interface ContentShell {
  content?: { file: string; mark: string };
}

/** A page of the web app with its content, as HTML, or null where it has none of its own (its shell then). */
export type PageRenderer = (pathname: string) => Promise<string | null>;

/**
 * The pages the server draws with their content for a visitor (decision 0030): /profile/list's
 * first page of assistants and a profile, so that their largest paint comes with the HTML. The
 * build's renderer is handed the answers of this server's own API (`inject`: no network, the same
 * routes, rules and limits as the browser's requests). None with a build that has no renderer (an
 * older build, the tests' fake builds): every page then gets its shell as before.
 */
export async function pageRenderer(app: FastifyInstance, dist: string): Promise<PageRenderer | null> {
  const table = path.join(dist, "shells", "routes.json");
  const module = path.join(dist, "ssr", "render-page.mjs");
  if (!existsSync(table) || !existsSync(module)) return null;
  const { content } = JSON.parse(readFileSync(table, "utf8")) as ContentShell;
  if (!content) return null;
  const html = readFileSync(path.join(dist, content.file), "utf8");
  const at = html.indexOf(content.mark);
  if (at < 0) throw new Error(`${content.file} has no ${content.mark}`);
  const [before, after] = [html.slice(0, at), html.slice(at + content.mark.length)];
  const { renderPage } = (await import(pathToFileURL(module).href)) as PageRendererModule;

  const get = async (url: string) => {
    const answer = await app.inject({ method: "GET", url, headers: { accept: "application/json" } });
    return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json() : null };
  };
  return async (pathname) => {
    const markup = await renderPage(pathname, get);
    return markup === null ? null : before + markup + after;
  };
}
