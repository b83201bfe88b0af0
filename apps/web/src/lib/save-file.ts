/**
 * Saves a file the API sent (a calendar file, a receipt, a statement) under its name: a plain
 * link cannot carry the bearer header, so the page fetches the file and hands the browser a
 * temporary object URL to save.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
