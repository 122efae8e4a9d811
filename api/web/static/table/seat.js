// Your seat at this table: the seat and token this browser keeps, a private seat link taking one,
// taking an open seat by name, a token that moved to another device, and a sandbox's every seat.

import { forgetSeat, gamePath, keepSeat, mySeat, post } from "../api.js";
import { claimFromLink, relinking } from "../seatlink.js";
import { pledgeToSit } from "./receipts.js";
import { html, useCallback, useEffect, useRef, useState } from "../ui.js";

/** This browser's seat (null when watching), its token, and how the seat changes. */
export function useSeat(id, { setNotice, setBusy }) {
  const [mine, setMine] = useState(() => mySeat(id));
  const floor = useRef(0); // the version our own join reached: reads wait for the read side to get there

  // Opened with a private seat link (#seat=...): this browser takes the seat, the address drops the token.
  useEffect(() => {
    claimFromLink(id).then((claimed) => {
      if (!claimed) return;
      if (claimed.seat) setMine(claimed.seat);
      setNotice(claimed.notice);
    });
  }, [id]);

  // A newer seat link (or the recovery code) replaced `lost`, this page's token: the seat lives on
  // another device now. Another tab of this browser may have kept the newer token: then it plays on.
  // A new link this page is asking for replaces the token before its answer comes: wait for that answer.
  const lose = useCallback(async (lost) => {
    await relinking(id);
    const kept = mySeat(id);
    if (kept && lost && kept.token !== lost) { setMine(kept); return; }
    forgetSeat(id);
    setMine(null);
    setNotice({ kind: "info", text: "Your seat moved to another device: a newer seat link or the seat's recovery code replaced this browser's. You are watching. If that was not you, get your seat back below with your recovery code." });
  }, [id]);

  // The recovery code gave this browser the seat back (recovery.js).
  const recovered = (seat, text) => {
    setMine(seat);
    setNotice({ kind: "info", text });
  };

  const join = async (name) => {
    setBusy(true);
    try {
      const seating = await post(`${gamePath(id)}/join`, { name, pledge: await pledgeToSit(id) });
      const seat = { seat: seating.seat, token: seating.token, name, recovery: seating.recovery_code };
      floor.current = seating.game.version;
      keepSeat(id, seat);
      setMine(seat);
      setNotice({ kind: "info", text: `You sat down as ${name}.` });
    } catch (error) {
      setNotice({ kind: "error", text: error.message });
    } finally {
      setBusy(false);
    }
  };

  return { mine, setMine, token: mine ? mine.token : null, floor, lose, join, recovered };
}

/** A sandbox (a fork) gives this browser every seat: it plays whichever seat is to act. */
export function useSandboxTurn(id, { mine, setMine }, summary) {
  const sandboxTurn = mine && mine.others && summary ? summary.to_act : null;
  useEffect(() => {
    if (!sandboxTurn || sandboxTurn.length !== 1 || sandboxTurn[0] === mine.seat) return;
    const next = mine.others.find((other) => other.seat === sandboxTurn[0]);
    if (!next) return;
    const seat = { ...next, others: mine.others };
    keepSeat(id, seat);
    setMine(seat);
  }, [sandboxTurn && sandboxTurn.join(",")]);
}

/** Taking an open seat by name (the name is remembered for the next table). */
export function JoinForm({ summary, onJoin, busy }) {
  const [name, setName] = useState(localStorage.getItem("backroom.name") || "");
  if (!summary.open_seats.length) return "";
  const submit = (event) => {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) return;
    localStorage.setItem("backroom.name", chosen);
    onJoin(chosen);
  };
  return html`<form class="join card-panel" onSubmit=${submit} aria-label="Take a seat">
    <label for="join-name">Your name</label>
    <input id="join-name" name="name" required maxlength="40" autocomplete="nickname" value=${name} onInput=${(e) => setName(e.target.value)} />
    <button type="submit" disabled=${busy}>Take a seat</button>
  </form>`;
}
