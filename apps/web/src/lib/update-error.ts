import { ApiError, NoResponseError } from "../api/errors";

/** The profile-update error texts of the spec, most specific first. */
export function updateErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `Server error: ${error.status} - ${error.statusText}`;
  if (error instanceof NoResponseError) return "No response received from server. Please check your connection.";
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}
