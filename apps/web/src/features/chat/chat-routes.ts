import { dataHref, CHAT_READ_PATH, CHAT_SEND_TO_PATH, CHAT_OLDER_PATH } from "../../lib/data-routes";

/**
 * The chat's data routes (their paths under `DATA_ROOT`, as router.tsx declares them; their loader
 * and actions are in chat-data.ts).
 */

export const chatData = {
  /** Marks a chat read (PUT). */
  read: (chatId: string) => dataHref(CHAT_READ_PATH, { chatId }),
  /** A first message to someone, then their chat (POST). */
  sendTo: dataHref(CHAT_SEND_TO_PATH, {}),
  /** The messages of a chat before `before` (its `olderCursor`), loaded by the conversation as the reader scrolls back. */
  older: (chatId: string, before: string) => dataHref(CHAT_OLDER_PATH, { chatId }, { before }),
};
