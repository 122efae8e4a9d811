// Playing by clicking: the picked card, the board target chosen for it, and what a click on a card,
// a double-click or a click on the board does (moves.js says which cards and targets can play).

import { choosing, playing, toggling } from "../moves.js";
import { html, useState } from "../ui.js";

/** The picked card and the board target chosen for it (null when none). */
export function usePicking() {
  const [picked, setPicked] = useState(null);
  const [narrowed, setNarrowed] = useState(null); // the board target chosen for the picked card
  const [chooser, choose] = useState(null); // a multi-card move being picked card by card
  const [chosen, setChosen] = useState([]);
  const setChooser = (next) => { choose(next); setChosen([]); setPicked(null); setNarrowed(null); };
  const clear = () => { setPicked(null); setNarrowed(null); choose(null); setChosen([]); };
  return { picked, setPicked, narrowed, setNarrowed, clear, chooser, setChooser, chosen, setChosen };
}

/**
 * What clicking does now: `play` (playable cards, targets, moves shown, why not), the handlers for a
 * click on a card, a double-click and a click on a target, and the hand drawn apart from the board.
 */
export function clicking({ R, moves, pick, view, seat, seated, summary, toAct, send, setNotice }) {
  const { picked, setPicked, narrowed, setNarrowed, chooser, chosen, setChosen } = pick;
  let play = playing({ R, moves, picked, narrowed, view, seat, summary, toAct });
  if (picked !== null && !play.playable.has(picked)) play = playing({ R, moves, picked: null, narrowed: null, view, seat, summary, toAct });
  if (chooser && !chooser.own) {
    // Picking a multi-card move in your hand: a tap adds a card that may join the chosen ones, or puts one back.
    const { open, why } = choosing(chooser, chosen);
    play = { ...play, playable: open, why };
    const onChoose = toggling({ chosen, setChosen, setNotice, open, why });
    const hand = R.Hand && seated ? html`<${R.Hand} view=${view} seat=${seat} summary=${summary} picked=${null} chosen=${chosen}
      playable=${open} why=${why} onPick=${onChoose} onPlay=${null} />` : "";
    return { play, onPick: onChoose, onTarget: () => {}, hand };
  }
  const onPick = (card) => {
    if (chooser) pick.setChooser(null); // a card tapped while a mudslinging's issues are picked: that card instead
    setNarrowed(null);
    if (!play.playable.has(card)) {
      setPicked(null);
      setNotice({ kind: "error", text: play.why(card) });
      return;
    }
    setNotice(null);
    setPicked((old) => (old === card ? null : card));
  };
  const onPlay = (card) => {
    const only = moves.filter((c) => R.cardOf(c) === card);
    if (only.length === 1) send(only[0]);
    else if (only.length) { setPicked(card); setNotice({ kind: "info", text: "This card has several moves: pick where it goes, or a move below." }); }
  };
  const onTarget = (target) => {
    const here = play.targets.get(target) || [];
    if (here.length === 1) send(here[0]);
    else setNarrowed(target);
  };
  const hand = R.Hand && seated ? html`<${R.Hand} view=${view} seat=${seat} summary=${summary} picked=${picked} playable=${play.playable}
    onPick=${moves.length ? onPick : null} onPlay=${moves.length ? onPlay : null} />` : "";
  return { play, onPick, onTarget, hand };
}
