// Play again: at the end, one tap opens the rematch (the same game, options, clock and bot seats) and
// sits you down there; every other player's page finds it and offers its own tap to join. The
// rematch's id is the finished table's (`summary.rematch`), so nobody opens two.

import { Refusal, gamePath, get, keepSeat, mySeat, post, sleep } from "../api.js";
import { html, plural, useEffect, useState } from "../ui.js";

const LOOK_EVERY_MS = 3000;

/** The rematch table once somebody opened it (null before), read again every few seconds. */
function useRematch(id) {
  const [found, setFound] = useState(null);
  useEffect(() => {
    if (!id) return undefined;
    const stop = new AbortController();
    (async () => {
      while (!stop.signal.aborted) {
        try {
          setFound(await get(gamePath(id), { signal: stop.signal }));
        } catch (error) {
          if (!(error instanceof Refusal) || error.status !== 404) return;
        }
        await sleep(LOOK_EVERY_MS, stop.signal);
      }
    })();
    return () => stop.abort();
  }, [id]);
  return found;
}

/** "Play again" for the finished table's players; a link to watch it for everyone else. */
export function Rematch({ id, summary, mine, setNotice }) {
  const next = summary.rematch || null;
  const found = useRematch(next);
  const [busy, setBusy] = useState(false);
  if (!next) return "";
  const there = `/games/${encodeURIComponent(next)}`;
  if (mySeat(next)) return html`<p class="rematch" role="status"><a class="button" href=${there}>Go to the rematch</a></p>`;
  const ask = async () => {
    setBusy(true);
    try {
      const seated = await post(`${gamePath(id)}/rematch`, {}, { token: mine.token });
      keepSeat(next, { seat: seated.seat, token: seated.token, name: mine.name, recovery: seated.recovery_code });
      location.assign(there);
    } catch (error) {
      setNotice({ kind: "error", text: error.message });
      setBusy(false);
    }
  };
  const open = found ? found.open_seats.length : 0;
  const waiting = found && found.status === "waiting";
  const said = !found ? "Same game, same options: the others join with a tap of their own."
    : waiting ? `A rematch is waiting: ${plural(open, "open seat")}, ${found.seats.filter((s) => s.name).map((s) => s.name).join(" and ")} sitting.`
      : "The rematch has begun.";
  if (!mine) return found ? html`<p class="rematch muted">${said} <a href=${there}>Watch it</a></p>` : "";
  return html`<p class="rematch">${waiting || !found ? html`<button type="button" class="play-again" disabled=${busy} onClick=${ask}>${
    found ? "Join the rematch" : "Play again"}</button>${" "}` : html`<a href=${there}>Watch the rematch</a> `}<span class="muted">${said}</span></p>`;
}
