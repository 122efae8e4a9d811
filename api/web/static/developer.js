// The developer option: a page opened once with ?developer=1 shows, under each board, the view as the
// API answered it (plain data, for people writing bots or checking a renderer); ?developer=0 turns it
// off. Players never see it otherwise.

import * as generic from "./games/generic.js";
import { html } from "./ui.js";

const KEY = "backroom.developer";

/** Whether this browser asked for the developer option (remembered across pages). */
export function developer() {
  const asked = new URLSearchParams(location.search).get("developer");
  try {
    if (asked === "1") localStorage.setItem(KEY, "1");
    else if (asked === "0") localStorage.removeItem(KEY);
    return localStorage.getItem(KEY) === "1";
  } catch {
    return asked === "1";
  }
}

/** "Show the view as data", for a game drawn by its own module, only under the developer option. */
export function RawView({ R, view }) {
  if (!R.own || !view || !developer()) return "";
  return html`<details class="raw"><summary>Show the view as data</summary><${generic.Board} view=${view} /></details>`;
}
