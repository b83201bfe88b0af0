import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@vam/shared";

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected socket of the session `token`; rejects when the server refuses it. */
export async function connectSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, { path: "/socket.io", auth: { token }, transports: ["websocket"], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** Everything a socket receives of one event, in order. */
export function collect<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}

export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
