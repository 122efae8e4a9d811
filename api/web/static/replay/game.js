// The game being replayed: its summary and its renderer, read once, and followed while it is still in
// play (each burst of its events counts one move on, so the timeline and the table talk are read again).

import { follow, gamePath, get, mySeat, sleep } from "../api.js";
import { rendererFor } from "../games/index.js";
import { crumbs, useEffect, useState } from "../ui.js";

/** The game at `id` as this browser sees it: { id, mine, token, summary, renderer, moves, over }. */
export function useReplayedGame(id, setNotice) {
  const mine = mySeat(id);
  const token = mine ? mine.token : null;
  const [summary, setSummary] = useState(null);
  const [renderer, setRenderer] = useState(null);
  useEffect(() => { open(id, { setSummary, setRenderer, setNotice }); }, [id, token]);
  const moves = useFollowing(id, token, summary, setSummary);
  return { id, mine, token, summary, renderer, moves, over: summary && summary.status === "over" };
}

/** Read the game's summary and load its renderer; name the page after it. */
async function open(id, { setSummary, setRenderer, setNotice }) {
  try {
    const first = await get(gamePath(id));
    setSummary(first);
    setRenderer(await rendererFor(first.game));
    document.title = `Replay: ${first.title} · Backroom`;
    crumbs([{ text: "Lobby", href: "/" }, { text: first.title, href: `/games/${encodeURIComponent(id)}` }, { text: "Replay" }]);
  } catch (error) {
    setNotice({ kind: "error", text: error.status === 404 ? "No such game." : error.message });
  }
}

/** A game still in play grows: follow its stream, read its summary again, and count the moves seen. */
function useFollowing(id, token, summary, setSummary) {
  const [moves, setMoves] = useState(0);
  const live = summary && summary.status !== "over";
  useEffect(() => {
    if (!live) return undefined;
    const stop = new AbortController();
    let pending = false;
    const onEvent = async () => {
      if (pending) return;
      pending = true;
      await sleep(100, stop.signal); // one fetch for a burst of events
      pending = false;
      if (stop.signal.aborted) return;
      setMoves((n) => n + 1);
      get(gamePath(id), { signal: stop.signal }).then(setSummary).catch(() => {});
    };
    follow(id, token, summary.version, onEvent, stop.signal);
    return () => stop.abort();
  }, [id, token, live]);
  return moves;
}
