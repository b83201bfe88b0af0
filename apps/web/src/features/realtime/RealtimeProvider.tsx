import type { ClientToServerEvents, ServerToClientEvents } from "@vam/shared";
import { useEffect, useState, type ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { reportUnauthorized } from "../../api/session-events";
import { useAuth } from "../auth/auth-context";
import { RealtimeContext } from "./realtime-context";
import { RealtimeHub } from "./realtime-hub";

/** One socket per signed-in session: opened once the session is known, closed on logout or teardown. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user, token, loading } = useAuth();
  const [hub] = useState(() => new RealtimeHub());
  const userId = loading ? null : (user?.id ?? null);

  useEffect(() => {
    if (!userId || !token) return;
    // The socket.io client loads with the first signed-in session, not with every visitor's first page.
    let socket: AppSocket | undefined;
    let closed = false;
    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      socket = io({ path: "/socket.io", auth: { token }, withCredentials: true });
      listen(socket, userId, hub);
    });
    return () => {
      closed = true;
      socket?.disconnect();
    };
  }, [hub, userId, token]);

  return <RealtimeContext value={hub}>{children}</RealtimeContext>;
}

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function listen(socket: AppSocket, userId: string, hub: RealtimeHub) {
  socket.on("connect", () => {
    socket.emit("newUser", userId);
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
}
