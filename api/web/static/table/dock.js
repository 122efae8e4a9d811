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
  return html`<${Dock} notice=${notice} hand=${clicks.hand}
    consent=${html`<${Consent} takeBack=${takeBack} table=${table} sending=${sending} />`}
    controls=${html`<${Controls} table=${table} clicks=${clicks} sending=${sending} />`} />`;
}
