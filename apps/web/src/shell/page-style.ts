import postcss, { type AtRule, type ChildNode } from "postcss";

/**
 * The stylesheet a page drawn with its content needs (decision 0031): the app's whole stylesheet
 * with the utilities no element of the page can use left out. Tailwind's utilities are most of it
 * (about 65 of 75 KB); a page uses a few hundred of them, and its HTML then fits the first round
 * trip of a slow link (about 14 KB compressed). The app's scripts load the whole stylesheet before
 * they start (start-after-load.js), so what the app draws later is styled as before.
 *
 * A utility is kept when one of its selectors names only classes the page's markup has: a page
 * may keep one it does not use (`.group:hover .x` with both classes present elsewhere), never
 * lose one it uses. Everything outside the utilities and components layers (the theme's
 * variables, the base styles, keyframes, @property) is kept whole.
 *
 * The stylesheet is parsed once (postcss); a page's own is then a walk over its rules, fast enough
 * for the server to make for every page it draws.
 */
export function pageStyleFor(css: string): (markup: string) => string {
  const tree = postcss.parse(css);
  const pieces = tree.nodes.map((node) => (isFilteredLayer(node) ? group(node as AtRule) : text(node)));
  return (markup) => {
    const classes = markupClasses(markup);
    return pieces.map((piece) => piece(classes)).join("");
  };
}

type Piece = (classes: ReadonlySet<string>) => string;

const FILTERED_LAYERS = new Set(["utilities", "components"]);

function isFilteredLayer(node: ChildNode): boolean {
  return node.type === "atrule" && node.name === "layer" && FILTERED_LAYERS.has(node.params.trim()) && Boolean(node.nodes);
}

function text(node: ChildNode): Piece {
  const source = node.toString() + (node.type === "atrule" && !node.nodes ? ";" : "");
  return () => source;
}

/** An at-rule (a layer, @media, @supports) around rules: only the kept ones, nothing when none is. */
function group(node: AtRule): Piece {
  const children = (node.nodes ?? []).map(child);
  const open = `@${node.name}${node.params ? ` ${node.params}` : ""}{`;
  return (classes) => {
    const inner = children.map((piece) => piece(classes)).join("");
    return inner ? `${open}${inner}}` : "";
  };
}

function child(node: ChildNode): Piece {
  if (node.type === "rule") {
    // Every selector of the list, as the classes it needs.
    const needs = node.selectors.map(selectorClasses);
    const source = node.toString();
    return (classes) => (needs.some((names) => names.every((name) => classes.has(name))) ? source : "");
  }
  if (node.type === "atrule" && node.nodes) return group(node);
  return text(node);
}

const CLASS_IN_SELECTOR = /\.((?:[\w-]|[\u0080-\u{10ffff}]|\\[0-9a-fA-F]{1,6}\s?|\\[^\n0-9a-fA-F])+)/gu;

/** The class names a selector requires, unescaped (`.sm\:flex` needs `sm:flex`). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(CLASS_IN_SELECTOR)].map((match) => unescapeCss(match[1]!));
}

function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_all, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char!,
  );
}

const HTML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Every class on an element of the markup (React writes `class="..."`, with &amp; and the like escaped). */
export function markupClasses(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of markup.matchAll(/\sclass="([^"]*)"/g)) {
    const unescaped = value!.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (entity, name: string) => {
      if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return HTML_ENTITIES[name] ?? entity;
    });
    for (const name of unescaped.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
