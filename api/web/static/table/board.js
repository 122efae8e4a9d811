// The board: the game's own drawing of your view, the last move's cards marked on it, a card that left
// your hand flying to where it landed, and (under the developer option) the view as data.

import { flyFrom, handCards, reducedMotion } from "../fly.js";
import { RawView } from "../developer.js";
import { lastCards } from "../moves.js";
import { html, useLayoutEffect, useRef } from "../ui.js";

// Both marks are made as the board is drawn, before the browser paints it (layout effects): made after
// the paint, each drawing of the table was painted twice, and waited for a frame of its own in between.

/** Mark every card the last move names (the game's modules mark cards with data-card). */
function useLastMove(board, log) {
  useLayoutEffect(() => {
    const box = board.current;
    if (!box) return;
    const cards = lastCards(log);
    for (const old of box.querySelectorAll(".last-move")) if (!cards.has(old.dataset.card)) old.classList.remove("last-move");
    for (const card of cards) for (const found of box.querySelectorAll(`[data-card="${card}"]`)) found.classList.add("last-move");
  });
}

/** A card that left the hand flies to where it landed; under reduced motion nothing moves, so where
 * the hand's cards are drawn is not even measured. */
function useFlyingCards(board) {
  const inHand = useRef(new Map());
  useLayoutEffect(() => {
    if (reducedMotion()) {
      inHand.current = new Map();
      return;
    }
    const now = handCards();
    flyFrom(inHand.current, board.current, now);
    inHand.current = now;
  });
}

/** The board: `table` as you see it, `clicks` (the picked card, its targets) and `sending` (send, busy). */
export function BoardPanel({ table, clicks, sending }) {
  const { R, view, seat, summary, toAct, log, moves } = table;
  const { pick, play, hand, onPick, onTarget } = clicks;
  const board = useRef(null);
  useLastMove(board, log);
  useFlyingCards(board);
  return html`<section class="board" aria-label="The table" ref=${board}>
    <h2 class="visually-hidden">The table</h2>
    <${R.Board} view=${view} seat=${seat} summary=${summary} picked=${pick.picked} onPick=${moves.length ? onPick : null} toAct=${toAct}
      handElsewhere=${Boolean(hand)} targets=${play.targets} onTarget=${onTarget} log=${log}
      moves=${moves} send=${sending.send} busy=${sending.busy} />
    <${RawView} R=${R} view=${view} />
  </section>`;
}
