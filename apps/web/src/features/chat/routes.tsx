import { PAGE_LOADING } from "../../components/LoadingFallback";
import { dataRoutesIn, pageRoute, readOnce, type FeatureRoutes } from "../../components/route-helpers";
import { CHAT_OLDER_PATH, CHAT_READ_PATH, CHAT_SEND_TO_PATH, DATA_ROOT } from "../../lib/data-routes";
import { CHAT_PAGE } from "../../lib/page-routes";

/** The chat page's own action (`/chat/...`) and the chat's data routes. */
const CHAT_ACTION = new RegExp(`^(${DATA_ROOT})?/chat\\b`);

const dataRoute = dataRoutesIn(() => import("./chat-data"));

/** The chat's page and data routes (router.tsx places them); the page, with its loader, is its own chunk. */
export const chatRoutes: FeatureRoutes = {
  signedInPages: [
    // One route for both addresses, so that moving between chats keeps the page (and its list).
    pageRoute(CHAT_PAGE, () => import("./ChatPage"), {
      loading: PAGE_LOADING.chat,
      loader: () => import("./chat-loader").then((module) => module.chatLoader),
      action: () => import("./chat-data").then((module) => module.sendMessageAction),
      // The open chat takes in what it sends and reads from the answers and the socket: reading it
      // again then would race the socket's newer messages and receipts.
      shouldRevalidate: ({ formAction, defaultShouldRevalidate }) => !CHAT_ACTION.test(formAction ?? "") && defaultShouldRevalidate,
    }),
  ],
  dataRoutes: [
    dataRoute(CHAT_READ_PATH, (module) => ({ action: module.markReadAction })),
    dataRoute(CHAT_SEND_TO_PATH, (module) => ({ action: module.sendToAction })),
    // A conversation's earlier page: read once when the reader scrolls back, not again after a send.
    dataRoute(CHAT_OLDER_PATH, (module) => ({ loader: module.olderMessagesLoader }), readOnce),
  ],
};
