import type { ClientToServerEvents, ServerToClientEvents } from "@vam/shared";
import { io, type Socket } from "socket.io-client";
import { reportUnauthorized } from "../../api/session-events";
import type { RealtimeHub } from "./realtime-hub";

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The session's socket, its events handed to the hub; answers how to close it. Loaded with the
 * first signed-in session (with the socket.io client), not with every visitor's first page.
 */
export function openSocket(token: string, userId: string, hub: RealtimeHub): () => void {
  // WebSocket first: one connection, so a round-robin balancer needs no sticky sessions. Long
  // polling (several requests that must reach one instance) only where WebSocket cannot connect.
  const socket: AppSocket = io({
    path: "/socket.io",
    auth: { token },
    withCredentials: true,
    transports: ["websocket", "polling"],
    tryAllTransports: true,
  });
  // Whether this tab is seen: the server skips web push while one of the person's tabs is
  // (decision 0024), told at every (re)connection and every change.
  const tellVisibility = () => {
    if (socket.connected) socket.emit("visibility", document.visibilityState === "visible");
  };
  socket.on("connect", () => {
    socket.emit("newUser", userId);
    tellVisibility();
    hub.connected();
  });
  // The server ends the sockets of a session at logout and refuses a session that has ended:
  // sign out as on any 401.
  socket.on("disconnect", (reason) => {
    if (reason === "io server disconnect") reportUnauthorized();
  });
  socket.on("connect_error", (error) => {
    if (error.message === "unauthorized") reportUnauthorized();
  });
  socket.onAny((event: string, payload: unknown) => hub.dispatch(event, payload));
  // Back online, a connection attempt made while the network was down may still be hanging
  // (until socket.io's 20 s timeout): start again at once.
  const reconnectNow = () => {
    if (!socket.connected) socket.disconnect().connect();
  };
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", tellVisibility);
  return () => {
    window.removeEventListener("online", reconnectNow);
    document.removeEventListener("visibilitychange", tellVisibility);
    socket.disconnect();
  };
}
