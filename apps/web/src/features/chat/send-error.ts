import { ApiError } from "../../api/errors";

/** Why a message was not sent: the server's reason (too long, unknown user...), else a generic one. */
export function sendErrorText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : "Message not sent. Please try again.";
}
