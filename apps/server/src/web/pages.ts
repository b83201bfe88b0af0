import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";

/** dist/ssr/render-page.mjs, built from apps/web/src/shell/render-page.tsx (decision 0030). */
interface PageRendererModule {
  renderPage(pathname: string, get: (path: string) => Promise<{ status: number; body: unknown }>): Promise<string | null>;
  /** The page's own part of the app's stylesheet, for its markup (decision 0031). */
  pageStyleFor?(css: string): (markup: string) => string;
}

/**
 * The part of dist/shells/routes.json naming the HTML that the drawn pages go in: where their
 * markup goes, and where their own stylesheet goes, made from the app's whole one.
 */
interface ContentShell {
  content?: { file: string; mark: string; styleMark?: string; stylesheet?: string };
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
  const { renderPage, pageStyleFor } = (await import(pathToFileURL(module).href)) as PageRendererModule;
  // The head, cut where the page's own stylesheet goes (decision 0031), when the build asks for one.
  const styleAt = content.styleMark ? before.indexOf(content.styleMark) : -1;
  const pageStyle =
    styleAt >= 0 && content.stylesheet && pageStyleFor ? pageStyleFor(readFileSync(path.join(dist, content.stylesheet), "utf8")) : null;
  if (content.styleMark && !pageStyle) throw new Error(`${content.file} asks for a page stylesheet the build cannot make`);
  const [beforeStyle, afterStyle] = pageStyle ? [before.slice(0, styleAt), before.slice(styleAt + content.styleMark!.length)] : [before, ""];

  const get = async (url: string) => {
    const answer = await app.inject({ method: "GET", url, headers: { accept: "application/json" } });
    return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json() : null };
  };
  return async (pathname) => {
    const markup = await renderPage(pathname, get);
    if (markup === null) return null;
    return beforeStyle + (pageStyle ? pageStyle(markup) : "") + afterStyle + markup + after;
  };
}
