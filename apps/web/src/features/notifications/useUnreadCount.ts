import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { api } from "../../api/client";
import { useAuth } from "../auth/auth-context";

/** Unread notifications of the signed-in user, refreshed on every page change; 0 when unknown. */
export function useUnreadCount(): number {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) {
      setCount(0);
      return;
    }
    let cancelled = false;
    api
      .get<{ count: number }>("/users/notification")
      .then((data) => {
        if (!cancelled) setCount(Math.max(0, Number(data.count) || 0));
      })
      .catch(() => {
        if (!cancelled) setCount(0);
      });
    return () => {
      cancelled = true;
    };
  }, [userId, pathname]);

  return count;
}
