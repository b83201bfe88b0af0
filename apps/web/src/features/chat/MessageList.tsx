import { useEffect, useEffectEvent, useLayoutEffect, useRef } from "react";
import { MessageBubble } from "./MessageBubble";
import type { ShownMessage } from "./message-merge";
import type { OlderMessages } from "./useConversation";

interface MessageListProps {
  messages: ShownMessage[];
  userId: string;
  senderName: string;
  /** The other member has read everything: 'Seen' goes under the user's last message. */
  seenByOther: boolean;
  /** The first message the reader had not read when the chat opened: "New messages" goes before it, and the list opens there. */
  unreadFromId?: string | null;
  /** Paging back; without it, the messages are the whole conversation. */
  older?: OlderMessages;
}

/** Within this distance of the end, the reader follows the conversation: a new message scrolls into view. */
const AT_END = 80;
/** How far above the top of the log the sentinel asks for the earlier page (before the reader gets there). */
const NEAR_TOP = "400px 0px 0px 0px";

/** The log's measures after the last change or scroll (a reflow since shows in the next scroll), and which messages ended it. */
interface View {
  opened: boolean;
  scrollHeight: number;
  clientHeight: number;
  firstId: string | undefined;
  lastId: string | undefined;
}

export function MessageList({ messages, userId, senderName, seenByOther, unreadFromId = null, older }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const view = useRef<View>({ opened: false, scrollHeight: 0, clientHeight: 0, firstId: undefined, lastId: undefined });
  /** The "Load earlier messages" button has the focus: when it goes (the beginning is shown), the focus goes to the log. */
  const buttonFocused = useRef(false);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;
  const more = older?.more ?? false;
  const loading = older?.loading ?? false;
  const failed = older?.failed ?? null;

  const remember = () => {
    const element = scroller.current;
    if (!element) return;
    Object.assign(view.current, { scrollHeight: element.scrollHeight, clientHeight: element.clientHeight });
  };

  // After every change: open at the first unread message (else the end); keep the reading position when
  // earlier messages are put above (measured before and after); follow new ones when at the end.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = view.current;
    if (!before.opened) {
      const divider = element.querySelector<HTMLElement>("[data-unread-divider]");
      element.scrollTop = divider ? divider.offsetTop - 12 : element.scrollHeight;
      before.opened = true;
    } else {
      // Content put above leaves scrollTop as it was: what was on screen moves down by what was added.
      if (firstId !== before.firstId && before.firstId && messages.some((message) => message.id === before.firstId)) {
        element.scrollTop += element.scrollHeight - before.scrollHeight;
      }
      if (lastId !== before.lastId) {
        const atEnd = element.scrollTop + before.clientHeight >= before.scrollHeight - AT_END;
        const last = messages.at(-1);
        if (atEnd || (last?.userId === userId && last.pending)) element.scrollTop = element.scrollHeight;
      }
    }
    if (buttonFocused.current && !more) {
      buttonFocused.current = false;
      if (!document.activeElement || document.activeElement === document.body) element.focus({ preventScroll: true });
    }
    before.firstId = firstId;
    before.lastId = lastId;
    remember();
  });

  // The top coming near: the earlier page (each new observer reports at once, so a top still in view asks for the next).
  const nearTop = useEffectEvent(() => older?.load());
  const watching = more && !loading && !failed;
  useEffect(() => {
    const root = scroller.current;
    const element = sentinel.current;
    if (!watching || !root || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) nearTop();
      },
      { root, rootMargin: NEAR_TOP },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watching]);

  const lastMine = messages.reduce((found, message, index) => (message.userId === userId && !message.pending ? index : found), -1);
  return (
    // A log that scrolls: it takes focus, so that the keyboard can scroll it too (arrows, Page Up, Home).
    <div
      ref={scroller}
      role="log"
      aria-label={`Messages with ${senderName}`}
      tabIndex={0}
      onScroll={remember}
      className="relative min-h-0 flex-1 overflow-y-auto px-4 py-5 [overflow-anchor:none] focus-visible:-outline-offset-2"
    >
      {messages.length === 0 ? (
        <p className="grid h-full place-items-center text-center text-slate-400">No messages yet. Start the conversation!</p>
      ) : (
        <>
          {more && <div ref={sentinel} aria-hidden="true" className="h-px" />}
          {more ? (
            // While the button has the focus it stays in view at the top of the log (the page it loads goes above
            // what is being read, which stays in place), out of the sentinel's way.
            <div className="-mx-4 mb-3 flex flex-col items-center gap-1 px-4 pt-2 focus-within:sticky focus-within:-top-5 focus-within:z-10 focus-within:bg-slate-900 focus-within:shadow-lg focus-within:shadow-black/40">
              <button
                type="button"
                className="btn-secondary px-3 py-1.5 text-xs"
                aria-disabled={loading}
                onClick={() => {
                  if (!loading) older?.load();
                }}
                onFocus={() => (buttonFocused.current = true)}
                // Removed while focused, it loses the focus to nothing (no related target): that is when the log takes it.
                onBlur={(event) => {
                  if (event.relatedTarget) buttonFocused.current = false;
                }}
              >
                Load earlier messages
              </button>
              <p role="status" className={`min-h-5 text-xs ${failed && !loading ? "text-rose-300" : "text-slate-400"}`}>
                {loading ? "Loading earlier messages..." : (failed ?? "")}
              </p>
            </div>
          ) : (
            older && <p className="mb-4 text-center text-xs text-slate-400">Beginning of the conversation</p>
          )}
          <ol aria-label="Messages" className="space-y-3">
            {messages.map((message, index) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.userId === userId}
                senderName={senderName}
                seen={seenByOther && index === lastMine}
                firstUnread={message.id === unreadFromId}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
