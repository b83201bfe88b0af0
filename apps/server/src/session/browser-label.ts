import Bowser from "bowser";

/** "Chrome 131 on Linux" from a User-Agent header, or "Unknown browser". */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split(".")[0]}` : ""}` : "";
  const os = parsed.os.name ?? "";
  if (!name && !os) return "Unknown browser";
  if (!name) return `A browser on ${os}`;
  return os ? `${name} on ${os}` : name;
}
