/** Keeps the mailbox current as mail arrives (the live channel comes with branch `live`). */
export function useMailLive() {}
