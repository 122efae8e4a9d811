// Following the table live: the event stream when the server has one, else polling the summary's version.

import { follow, gamePath, get, sleep } from "../api.js";
import { loadChat } from "../chat.js";
import { useEffect, useState } from "../ui.js";

const POLL_MS = 1000;

/** Poll until stopped: a new version reads the table again; the chat is read each round. */
async function poll(id, known, refresh, addChat, signal) {
  while (!signal.aborted) {
    await sleep(POLL_MS, signal);
    if (signal.aborted) return;
    try {
      const latest = await get(gamePath(id), { signal });
      if (latest.version !== known.current.version) {
        known.current.heard = Math.max(known.current.heard || 0, latest.version);
        refresh();
      }
      loadChat(id).then(addChat).catch(() => {});
    } catch {
      /* the next round tries again */
    }
  }
}

/** `read`, once for everything told before it runs: the entries of one move come together on the
 * stream, and one read of the table answers them all. */
function soon(read) {
  let asked = null;
  return () => {
    if (asked === null) asked = setTimeout(() => { asked = null; read(); }, 0);
  };
}

/**
 * Read the table and the chat from the start for this seat, then follow them; answers how we follow
 * ("connecting", "live", "reconnecting", "polling").
 */
export function useLive({ id, token, known, floor, refresh, setLog, hear, chat }) {
  const [live, setLive] = useState("connecting");
  const { add: addChat, seen: chatSeen } = chat;
  useEffect(() => {
    const stop = new AbortController();
    known.current = { version: Math.max(floor.current, known.current.version), logged: 0, running: null, again: false };
    setLog([]);
    (async () => {
      await Promise.all([refresh(), loadChat(id).then(addChat).catch(() => {})]); // then the stream resumes after both
      if (stop.signal.aborted) return;
      const readSoon = soon(refresh);
      const onEvent = (message) => {
        const data = message.json;
        if (message.event === "chat") { addChat([data]); return; }
        if (data && typeof data.version === "number") {
          known.current.heard = Math.max(known.current.heard || 0, data.version);
          if (data.description) hear([data]);
        }
        readSoon();
      };
      const streamed = await follow(id, token, known.current.logged || null, onEvent, stop.signal, setLive,
        () => `?chat_after=${chatSeen.current}`);
      if (streamed || stop.signal.aborted) return;
      setLive("polling");
      await poll(id, known, refresh, addChat, stop.signal);
    })();
    return () => stop.abort();
  }, [id, token, refresh, hear, addChat]);
  return live;
}
