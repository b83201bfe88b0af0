/**
 * The server package's folder (apps/server/), for the files it reads beside its code: the
 * migrations, the receipt fonts, the built web app next door. Found from this module, which sits
 * one level down in both forms of the server: `src/paths.ts` run by tsx, `dist/index.js` once
 * built into one file (decision 0027). A path relative to any other module's `import.meta.url`
 * would point elsewhere in the build; scripts/build-server.ts refuses one.
 */
export const SERVER_ROOT = new URL("../", import.meta.url);
