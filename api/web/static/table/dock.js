// The seated player's dock: what the table tells you, the take-back prompt, your hand and your moves.

import { Consent } from "../consent.js";
import { Controls, Dock } from "../moves.js";
import { html } from "../ui.js";

const TAKE_BACKS = new Set(["TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"]);

/** Your legal commands split: the take-backs (the consent prompt offers them) and the moves. */
export function splitCommands(commands) {
  return {
    undo: commands.filter((c) => TAKE_BACKS.has(c.type)),
    moves: commands.filter((c) => !TAKE_BACKS.has(c.type)),
  };
}

/** Your dock: `table` as you see it, your `clicks`, `sending`, the `takeBack` prompt's commands and request. */
export function PlayerDock({ table, clicks, sending, takeBack, notice }) {
  const { R, summary, log, seat, toAct, moves, describe, version } = table;
  const { hand, play, pick } = clicks;
  const { send, busy } = sending;
  return html`<${Dock} notice=${notice} hand=${hand}
    consent=${html`<${Consent} commands=${takeBack.commands} limited=${takeBack.limited} send=${send} busy=${busy} summary=${summary}
      request=${takeBack.request} log=${log} seat=${seat} />`}
    controls=${html`<${Controls} R=${R} version=${version} moves=${moves} shown=${play.shown} describe=${describe} send=${send} busy=${busy}
      picked=${pick.picked} clear=${pick.clear} toAct=${toAct} summary=${summary}
      hasCards=${play.playable.size > 0} />`} />`;
}
