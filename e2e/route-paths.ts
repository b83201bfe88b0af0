import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { matchRoutes } from "react-router";
import ts from "typescript";

/*
 * The pages of the web app, read from the router's source (apps/web/src/router.tsx, the features'
 * routes it places, features/<name>/routes.tsx, with their paths from lib/page-routes.ts, and the
 * console's pages patched under the "admin" route, features/admin/admin-routes.tsx), so that
 * the accessibility test can tell which page each address it checks is, and name the pages it
 * never checked. Importing the route objects would load the whole app (JSX, CSS, the browser);
 * the source says the same: a page is a call of `pageRoute(path, ...)` or of a feature's own page
 * helper (a name ending in `Page`, the path first: `adminPage("ledger", ...)`), or a route object
 * without children that shows something (`element`, `Component`, `lazy: lazyPage(...)`); the data
 * routes (`dataRoute(path, ...)`) and the layouts are not pages.
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

/** The page paths' constants (lib/page-routes.ts), by name. */
const PAGE_PATHS = new Map<string, string>();
/** Every feature's routes object (features/<name>/routes.tsx), by its variable's name. */
const FEATURE_ROUTES = new Map<string, ts.ObjectLiteralExpression>();

function readRouteSources() {
  if (PAGE_PATHS.size > 0) return;
  const visit = (node: ts.Node, found: (declaration: ts.VariableDeclaration) => void) => {
    if (ts.isVariableDeclaration(node)) found(node);
    ts.forEachChild(node, (child) => visit(child, found));
  };
  visit(parse("lib/page-routes.ts"), (declaration) => {
    const value = declaration.initializer && stringOf(declaration.initializer);
    if (ts.isIdentifier(declaration.name) && value !== undefined) PAGE_PATHS.set(declaration.name.text, value);
  });
  for (const entry of readdirSync(path.join(WEB_SRC, "features"), { withFileTypes: true })) {
    if (!entry.isDirectory() || !existsSync(path.join(WEB_SRC, "features", entry.name, "routes.tsx"))) continue;
    visit(parse(`features/${entry.name}/routes.tsx`), (declaration) => {
      const value = declaration.initializer && unwrap(declaration.initializer);
      if (ts.isIdentifier(declaration.name) && value && ts.isObjectLiteralExpression(value)) FEATURE_ROUTES.set(declaration.name.text, value);
    });
  }
}

/** An expression without its `satisfies T` or `as T`. */
function unwrap(expression: ts.Expression): ts.Expression {
  return ts.isSatisfiesExpression(expression) || ts.isAsExpression(expression) ? unwrap(expression.expression) : expression;
}

const stringOf = (expression: ts.Expression | undefined): string | undefined =>
  expression && (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    ? expression.text
    : expression && ts.isIdentifier(expression)
      ? PAGE_PATHS.get(expression.text)
      : undefined;

/**
 * The routes an expression of the router stands for: an array literal, a route object, a feature's
 * route (`adminRoutes.dashboard`), or every feature's of one kind (`features.flatMap((feature) =>
 * feature.publicPages ?? [])`, spread or not).
 */
function routesIn(expression: ts.Expression): (ts.ObjectLiteralExpression | ts.CallExpression)[] {
  const inner = unwrap(expression);
  if (ts.isObjectLiteralExpression(inner) || isPageCall(inner)) return [inner];
  if (ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression)) {
    const value = FEATURE_ROUTES.get(inner.expression.text) && property(FEATURE_ROUTES.get(inner.expression.text)!, inner.name.text);
    return value ? routesIn(value) : [];
  }
  const kind = /^features\.flatMap\(\(?feature\)? => feature\.(\w+)/.exec(inner.getText())?.[1];
  if (kind) {
    return [...FEATURE_ROUTES.values()].flatMap((routes) => {
      const value = property(routes, kind);
      return value ? routesIn(value) : [];
    });
  }
  if (isDataRouteCall(inner)) return [];
  if (ts.isCallExpression(inner)) {
    // A wrapper of routes (`withErrorScreen([...])`); any other call is a route this reader does not know.
    const [routes] = inner.arguments;
    if (!routes || !(ts.isArrayLiteralExpression(routes) || ts.isCallExpression(routes))) {
      throw new Error(`a route call route-paths.ts cannot read (a page helper's name ends in "Page"): ${inner.getText()}`);
    }
    return routesIn(routes);
  }
  if (!ts.isArrayLiteralExpression(inner)) return [];
  return inner.elements.flatMap((element) => routesIn(ts.isSpreadElement(element) ? element.expression : element));
}

/** `pageRoute(path, ...)`, or a feature's page helper (`adminPage(path, ...)`, `bookingsPage(path)`). */
function isPageCall(expression: ts.Expression): expression is ts.CallExpression {
  return ts.isCallExpression(expression) && ts.isIdentifier(expression.expression) && /^pageRoute$|Page$/.test(expression.expression.text);
}

/** `dataRoute(path, ...)`, or `dataRoutesIn(load)(path, ...)`: a data route, not a page. */
function isDataRouteCall(expression: ts.Expression): boolean {
  if (!ts.isCallExpression(expression)) return false;
  const callee = expression.expression;
  return (ts.isIdentifier(callee) && callee.text === "dataRoute") || (ts.isCallExpression(callee) && callee.expression.getText() === "dataRoutesIn");
}

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

function collect(routes: ts.Expression, parent: string, found: Found) {
  for (const element of routesIn(routes)) {
    if (ts.isCallExpression(element)) {
      const own = element.arguments[0] && stringOf(element.arguments[0]);
      if (own === undefined) throw new Error(`a page without a path I can read: ${element.getText()}`);
      found.pages.push(...expandOptional(join(parent, own)));
      continue;
    }
    const own = stringOf(property(element, "path"));
    const full = own === undefined ? parent : join(parent, own);
    const id = stringOf(property(element, "id"));
    if (id) found.ids.set(id, full);
    const children = property(element, "children");
    if (children) {
      collect(children, full, found);
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
  readRouteSources();
  const found: Found = { pages: [], ids: new Map() };
  collect(routesOf(parse("router.tsx"), "appRoutes"), "/", found);
  const admin = found.ids.get("admin");
  if (!admin) throw new Error('router.tsx has no route with id "admin" for the console\'s pages');
  collect(routesOf(parse("features/admin/admin-routes.tsx"), "adminPages"), admin, found);
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
