/**
 * What other features may use of chat: a booking's chat and its messages, a person as a chat
 * shows them, and the files erased with an account or swept when they expire.
 */
export { removeChatFilesOf, sweepChatFiles } from "./files.js";
export { publishMessage, type StoredMessage, storeMessage } from "./post-message.js";
export { findOrStartChat } from "./queries.js";
export { toPerson } from "./serialize.js";
