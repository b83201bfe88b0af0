import type { ShellName } from "../components/LoadingFallback";

/**
 * The addresses of each shell but the generic one ("page", every other address), as the server
 * matches them: the build writes them into dist/shells/routes.json (decision 0021). Keep them in
 * step with router.tsx's paths. Build time only: not part of the app's code.
 */
export const SHELL_ROUTES: { shell: Exclude<ShellName, "page">; pattern: RegExp }[] = [
  { shell: "home", pattern: /^\/(home)?$/ },
  { shell: "consultant", pattern: /^\/(profile\/(?!list$|update$)[^/]+|book\/[^/]+)$/ },
  { shell: "bookings", pattern: /^\/bookings(\/[^/]+)?$/ },
  { shell: "chat", pattern: /^\/chat(\/[^/]+)?$/ },
  { shell: "notifications", pattern: /^\/notifications$/ },
];
