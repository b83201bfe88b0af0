import { fileTypeFromBuffer } from "file-type";
import { MSG } from "@vam/shared";
import { badRequest, HttpError } from "../http/errors.js";

/**
 * What a chat accepts (issue 33; decision 0025), decided by the content's magic numbers
 * (`file-type`), never by the name or the declared type; the name's extension must agree.
 */
export type ChatFileKind = "image" | "document";

export interface Classified {
  kind: ChatFileKind;
  /** The type the file is stored and served as. */
  contentType: string;
}

interface Accepted {
  kind: ChatFileKind;
  /** The type `file-type` reads in the content. */
  detected: string;
  /** Name extensions that agree with it, and the type each is served as. */
  extensions: Record<string, string>;
}

const OOXML = "application/vnd.openxmlformats-officedocument";
const ACCEPTED: Accepted[] = [
  { kind: "image", detected: "image/jpeg", extensions: { jpg: "image/jpeg", jpeg: "image/jpeg" } },
  { kind: "image", detected: "image/png", extensions: { png: "image/png" } },
  { kind: "image", detected: "image/webp", extensions: { webp: "image/webp" } },
  { kind: "image", detected: "image/gif", extensions: { gif: "image/gif" } },
  { kind: "document", detected: "application/pdf", extensions: { pdf: "application/pdf" } },
  // Office Open XML: zip containers, recognised by their entries ([Content_Types].xml, word/, xl/, ppt/).
  { kind: "document", detected: `${OOXML}.wordprocessingml.document`, extensions: { docx: `${OOXML}.wordprocessingml.document` } },
  { kind: "document", detected: `${OOXML}.spreadsheetml.sheet`, extensions: { xlsx: `${OOXML}.spreadsheetml.sheet` } },
  { kind: "document", detected: `${OOXML}.presentationml.presentation`, extensions: { pptx: `${OOXML}.presentationml.presentation` } },
  // The older Office files share one container (Compound File Binary): the name tells which.
  {
    kind: "document",
    detected: "application/x-cfb",
    extensions: { doc: "application/msword", xls: "application/vnd.ms-excel", ppt: "application/vnd.ms-powerpoint" },
  },
  // Stored as sent: never opened, unpacked or scanned further (a zip bomb is only bytes here).
  { kind: "document", detected: "application/zip", extensions: { zip: "application/zip" } },
];

/** Plain text has no magic number: UTF-8, no control characters but line breaks and tabs, no HTML. */
const TEXT_EXTENSIONS: Record<string, string> = { txt: "text/plain; charset=utf-8", csv: "text/csv; charset=utf-8" };

/** Pages and drawings a browser runs script in: never accepted, whatever their content. */
const PAGE_EXTENSIONS = new Set(["html", "htm", "xhtml", "shtml", "svg", "svgz", "xml", "mht", "mhtml"]);

const KNOWN_EXTENSIONS = new Set([...ACCEPTED.flatMap((type) => Object.keys(type.extensions)), ...Object.keys(TEXT_EXTENSIONS)]);

// eslint-disable-next-line no-control-regex -- these are the characters refused
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
/** What a browser would sniff as a page or a script (WHATWG MIME sniffing's HTML patterns, and XML/SVG). */
const HTML_LIKE =
  /<\s*(!doctype\s+html|html|head|body|script|iframe|frame|object|embed|svg|style|meta|link|form|img|a\s|title|div|table|h1|p\s*>|br|b\s*>|font|!--)|<\?xml/i;

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
};

export function looksLikeHtml(text: string) {
  return HTML_LIKE.test(text);
}

function classifyText(bytes: Buffer, extension: string): Classified {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(MSG.chatFileMismatch, "file");
  }
  if (looksLikeHtml(text)) throw badRequest(MSG.chatFileHtml, "file");
  if (CONTROL.test(text)) throw badRequest(MSG.chatFileMismatch, "file");
  return { kind: "document", contentType: TEXT_EXTENSIONS[extension]! };
}

/**
 * The kind and type of an upload from its bytes, checked against its name: 415 for a kind the
 * chat does not take, 400 when the content and the name disagree (a PNG named .pdf) or a text
 * file holds HTML.
 */
export async function classifyChatFile(bytes: Buffer, name: string): Promise<Classified> {
  const extension = extensionOf(name);
  if (PAGE_EXTENSIONS.has(extension)) throw badRequest(MSG.chatFileHtml, "file");
  let detected: string | undefined;
  try {
    detected = (await fileTypeFromBuffer(bytes))?.mime;
  } catch {
    detected = undefined;
  }
  if (detected) {
    const accepted = ACCEPTED.find((type) => type.detected === detected);
    if (!accepted) throw KNOWN_EXTENSIONS.has(extension) ? badRequest(MSG.chatFileMismatch, "file") : new HttpError(415, MSG.chatFileType);
    const contentType = accepted.extensions[extension];
    if (!contentType) throw badRequest(MSG.chatFileMismatch, "file");
    return { kind: accepted.kind, contentType };
  }
  if (extension in TEXT_EXTENSIONS) return classifyText(bytes, extension);
  throw KNOWN_EXTENSIONS.has(extension) ? badRequest(MSG.chatFileMismatch, "file") : new HttpError(415, MSG.chatFileType);
}

/** The name as shown and offered for download: no folders, no control or direction characters, at most 200 characters (extension kept). */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!clean || clean === "." || clean === "..") return "file";
  if (clean.length <= 200) return clean;
  const extension = extensionOf(clean);
  const tail = extension && extension.length < 12 ? `.${extension}` : "";
  return clean.slice(0, 200 - tail.length) + tail;
}
