import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { matchRoutes } from "react-router";
import ts from "typescript";

/*
 * The pages of the web app, read from the router's source (apps/web/src/router.tsx, and the
 * console's pages patched under the "admin" route, features/admin/admin-routes.tsx), so that
 * the accessibility test can tell which page each address it checks is, and name the pages it
 * never checked. Importing the route objects would load the whole app (JSX, CSS, the browser);
 * the source's object literals say the same: a page is a route without children that shows
 * something (`element`, or `lazy: lazyPage(...)`); the data routes (`lazy: async () => ({ loader })`)
 * and the layouts are not pages.
 */

const WEB_SRC = fileURLToPath(new URL("../apps/web/src", import.meta.url));

function parse(file: string) {
  const text = readFileSync(path.join(WEB_SRC, file), "utf8");
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** The array literal a variable is set to, through a wrapping call such as `withErrorScreen([...])`. */
function routesOf(source: ts.SourceFile, variable: string): ts.ArrayLiteralExpression {
  let found: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === variable && node.initializer) {
      found = arrayOf(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`no route array "${variable}" in ${source.fileName}`);
  return found;
}

function arrayOf(expression: ts.Expression): ts.ArrayLiteralExpression | undefined {
  if (ts.isArrayLiteralExpression(expression)) return expression;
  if (ts.isCallExpression(expression) && expression.arguments[0]) return arrayOf(expression.arguments[0]);
  return undefined;
}

function property(route: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of route.properties) {
    if (ts.isPropertyAssignment(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) && member.name.text === name) {
      return member.initializer;
    }
  }
  return undefined;
}

const stringOf = (expression: ts.Expression | undefined) =>
  expression && (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) ? expression.text : undefined;

const join = (parent: string, child: string) => (child.startsWith("/") ? child : `${parent.replace(/\/$/, "")}/${child}`);

/** A pattern with an optional segment (`chat/:userId?`) is two pages: without it and with it. */
function expandOptional(pattern: string): string[] {
  const segments = pattern.split("/");
  const optional = segments.findIndex((segment) => segment.endsWith("?"));
  if (optional < 0) return [pattern];
  const without = [...segments.slice(0, optional), ...segments.slice(optional + 1)].join("/") || "/";
  const withIt = [...segments.slice(0, optional), segments[optional]!.slice(0, -1), ...segments.slice(optional + 1)].join("/");
  return [...expandOptional(without), ...expandOptional(withIt)];
}

interface Found {
  pages: string[];
  /** The full path of each route with an `id`. */
  ids: Map<string, string>;
}

function collect(routes: ts.ArrayLiteralExpression, parent: string, found: Found) {
  for (const element of routes.elements) {
    if (!ts.isObjectLiteralExpression(element)) continue;
    const own = stringOf(property(element, "path"));
    const full = own === undefined ? parent : join(parent, own);
    const id = stringOf(property(element, "id"));
    if (id) found.ids.set(id, full);
    const children = property(element, "children");
    const childRoutes = children && arrayOf(children);
    if (childRoutes) {
      collect(childRoutes, full, found);
      continue;
    }
    const lazy = property(element, "lazy");
    const shows =
      property(element, "element") !== undefined ||
      property(element, "Component") !== undefined ||
      (lazy !== undefined && ts.isCallExpression(lazy) && ts.isIdentifier(lazy.expression) && lazy.expression.text === "lazyPage");
    if (shows) found.pages.push(...expandOptional(full));
  }
}

/** Every page's path pattern ("/profile/:id", "/chat", "/chat/:userId", "/admin/ledger", "/*", ...), sorted. */
export function pagePatterns(): string[] {
  const found: Found = { pages: [], ids: new Map() };
  collect(routesOf(parse("router.tsx"), "appRoutes"), "/", found);
  const admin = found.ids.get("admin");
  if (!admin) throw new Error('router.tsx has no route with id "admin" for the console\'s pages');
  collect(routesOf(parse("features/admin/admin-routes.tsx"), "adminRoutes"), admin, found);
  return [...new Set(found.pages)].sort();
}

/** The page pattern an address opens, as the router ranks them (undefined when none). */
export function patternOf(patterns: readonly string[], address: string): string | undefined {
  const { pathname } = new URL(address, "http://localhost");
  const matches = matchRoutes(
    patterns.map((pattern) => ({ path: pattern })),
    pathname,
  );
  return matches?.at(-1)?.route.path;
}
