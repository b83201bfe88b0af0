/**
 * A file written whole or not at all is first written under its partial name (`.<name>.partial`,
 * in the same folder), then renamed to its own: a reader, a backup above all, never sees it half
 * written, and leaves partial files out.
 */
export const partialName = (name: string) => `.${name}.partial`;

/** Whether a file's name is a partial one: a file still being written. */
export const isPartial = (name: string) => name.startsWith(".") && name.endsWith(".partial");
