/**
 * What other features may use of `chat` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { ChatListItem } from "./ChatListItem";
export { MessageButton } from "./MessageButton";
export type { MessageRecipient } from "./MessageDialog";
export { fetchChats, sendMessageTo } from "./chat-api";
