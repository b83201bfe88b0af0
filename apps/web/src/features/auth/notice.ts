/** What a page leading to another has to say there, carried in the navigation's state (`navigate(to, { state: { notice } })`). */
export interface NoticeState {
  notice: string;
}

/** The notice a navigation's state carries, if any. */
export function noticeOf(state: unknown): string | null {
  const notice = (state as Partial<NoticeState> | null)?.notice;
  return typeof notice === "string" && notice ? notice : null;
}
