import { MSG, type UploadFolder } from "@vam/shared";
import { readToken } from "./session-storage";
import { ApiError, NoResponseError } from "./errors";
import { toApiError } from "./client";

interface UploadOptions {
  /** Percentage 0-100 of the file sent so far. */
  onProgress?: (percent: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Uploads an image and resolves with its URL. Uses XMLHttpRequest because fetch cannot
 * report upload progress. Without a session it uses the registration endpoint.
 */
export function uploadImage(file: File, folder: UploadFolder, { onProgress }: UploadOptions = {}): Promise<string> {
  const token = readToken();
  const form = new FormData();
  form.append("folder", folder);
  form.append("image", file);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", token ? "/api/upload" : "/api/upload/register");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new NoResponseError());
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = toApiError(xhr.status, xhr.statusText, body);
        reject(error.serverMessage ? error : new ApiError(xhr.status, xhr.statusText, MSG.uploadFailedStatus(xhr.statusText)));
        return;
      }
      const imageUrl = (body as { imageUrl?: unknown } | undefined)?.imageUrl;
      if (typeof imageUrl === "string") resolve(imageUrl);
      else reject(new Error(MSG.uploadFailedStatus("invalid response")));
    };
    xhr.send(form);
  });
}
