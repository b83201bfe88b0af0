import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Options } from "jsqr";
import sharp from "sharp";
import { QrPhError } from "../qrph.js";

/**
 * Reads the text of a QR code from a photo or screenshot (PNG, JPEG or WebP), e.g. the
 * operator's QR Ph as their bank app shows it. sharp decodes the picture (turned upright by its
 * EXIF orientation), jsQR finds and reads the code. A first try on the picture at most
 * MAX_SIDE pixels on its long side; then greyscale with stretched contrast (photos in poor
 * light, dark-mode screenshots), then scaled down (noisy, blurred photos) or up (small screenshots).
 *
 * jsQR is synchronous and can take seconds on a large, noisy photo, so it runs in a worker
 * thread (one per call) and the server keeps answering; the tries stop after SCAN_BUDGET_MS.
 *
 * Throws QrPhError "unreadableImage" for bytes that are no such picture, "noQrFound" when no
 * try reads a code. The text is returned as read; decodeQrPh judges it.
 */

const MAX_SIDE = 1600;
/** Long sides of the later tries: smaller helps with noisy or blurred photos, larger with small screenshots. */
const SMALLER_SIDE = 800;
const LARGER_SIDE = 1200;
/** Refuse pictures bigger than this many pixels before decoding them (a 48 MP phone photo still fits). */
const MAX_INPUT_PIXELS = 100_000_000;
const FORMATS = new Set(["png", "jpeg", "webp"]);

/** All tries of one picture together stop after this long: then no code was found. */
const SCAN_BUDGET_MS = 8000;

type Inversion = NonNullable<Options["inversionAttempts"]>;

/** The worker: plain CommonJS run from this string, so it needs no TypeScript loader. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const jsQR = require(workerData);
parentPort.on("message", ({ data, width, height, inversion }) => {
  const code = jsQR(new Uint8ClampedArray(data), width, height, { inversionAttempts: inversion });
  parentPort.postMessage(code ? code.data : null);
});
`;
const JSQR_PATH = createRequire(import.meta.url).resolve("jsqr");

/** One jsQR run in the worker; null when it finds no code, or when `ms` pass first. */
function scan(worker: Worker, picture: Pixels, inversion: Inversion, ms: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(null), ms);
    const onMessage = (text: string | null) => finish(text);
    const onError = (error: Error) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      reject(error);
    };
    function finish(text: string | null) {
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError);
      resolve(text);
    }
    worker.once("message", onMessage).once("error", onError);
    const { data, width, height } = picture;
    worker.postMessage({ data: data.buffer, width, height, inversion }, [data.buffer]);
  });
}

interface Pixels {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

/** RGBA pixels of the picture with its long side at most `side`, optionally greyscale with stretched contrast. */
async function pixels(bytes: Buffer, side: number, enhance: boolean): Promise<Pixels> {
  let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(side, side, { fit: "inside", withoutEnlargement: false });
  if (enhance) image = image.greyscale().normalise();
  const { data, info } = await image.flatten({ background: "#ffffff" }).raw().toBuffer({ resolveWithObject: true });
  const rgba = new Uint8ClampedArray(info.width * info.height * 4);
  for (let p = 0, s = 0; p < rgba.length; p += 4, s += info.channels) {
    const r = data[s]!;
    rgba[p] = r;
    rgba[p + 1] = info.channels >= 3 ? data[s + 1]! : r;
    rgba[p + 2] = info.channels >= 3 ? data[s + 2]! : r;
    rgba[p + 3] = 255;
  }
  return { data: rgba, width: info.width, height: info.height };
}

export async function readQrFromImage(bytes: Buffer): Promise<string> {
  let longSide: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw new QrPhError("unreadableImage");
    longSide = Math.max(meta.width, meta.height);
  } catch {
    throw new QrPhError("unreadableImage");
  }

  const first = Math.min(longSide, MAX_SIDE);
  const tries: { side: number; enhance: boolean; inversion: Inversion }[] = [
    { side: first, enhance: false, inversion: "dontInvert" },
    // Light modules on dark (a dark-mode screenshot) are tried once, here.
    { side: first, enhance: true, inversion: "attemptBoth" },
  ];
  if (first > SMALLER_SIDE * 1.25) tries.push({ side: SMALLER_SIDE, enhance: true, inversion: "dontInvert" });
  if (first < LARGER_SIDE / 1.5) tries.push({ side: LARGER_SIDE, enhance: true, inversion: "dontInvert" });
  const deadline = Date.now() + SCAN_BUDGET_MS;
  let worker: Worker | undefined;
  try {
    for (const { side, enhance, inversion } of tries) {
      let picture: Pixels;
      try {
        picture = await pixels(bytes, side, enhance);
      } catch {
        // The header was readable but the pixels are not (a truncated file).
        throw new QrPhError("unreadableImage");
      }
      const left = deadline - Date.now();
      if (left <= 0) break;
      worker ??= new Worker(WORKER_SOURCE, { eval: true, workerData: JSQR_PATH });
      const text = await scan(worker, picture, inversion, left);
      if (text) return text;
      if (Date.now() >= deadline) break;
    }
  } finally {
    await worker?.terminate();
  }
  throw new QrPhError("noQrFound");
}
