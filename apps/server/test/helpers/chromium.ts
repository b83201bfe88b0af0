/** Debian's Chromium, headless, as every browser test launches it (no test downloads a browser). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--autoplay-policy=no-user-gesture-required",
];
