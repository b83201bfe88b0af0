import sanitizeHtml from "sanitize-html";

/**
 * The rich text a posting may keep: formatting, lists, headings and plain links. Scripts,
 * event handlers, styles, iframes and `javascript:` URLs are removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a"],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
  },
};

export const sanitizeDescription = (html: string) => sanitizeHtml(html, OPTIONS).trim();
