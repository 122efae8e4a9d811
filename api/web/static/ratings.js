// A game's own leaderboard (/ratings/{game}): its rated players, best first, and how the number is made.

import { get } from "./api.js";
import { HOW_RATED, Leaderboard } from "./leaderboard.js";
import { Notice, crumbs, html, mount, useEffect, useState } from "./ui.js";

const gameOfPath = () => decodeURIComponent(location.pathname.split("/")[2] || "");

function Page() {
  const game = gameOfPath();
  const [title, setTitle] = useState(game);
  const [notice, setNotice] = useState(null);
  useEffect(() => {
    get("/api/games/catalogue").then((body) => {
      const found = body.games.find((each) => each.id === game);
      if (found) setTitle(found.title);
      else setNotice({ kind: "error", text: `There is no game called "${game}" here.` });
    }).catch((error) => setNotice({ kind: "error", text: error.message }));
  }, []);
  useEffect(() => { crumbs([{ text: "Lobby", href: "/" }, { text: `${title}: ratings` }]); }, [title]);
  return html`<h1>${title}: ratings</h1><${Notice} notice=${notice} />
    <section class="card-panel" aria-labelledby="board"><h2 id="board">Leaderboard</h2>
      <p class="muted">${HOW_RATED} A table is rated when every seat is a known player or a bot and its opener did not turn rating off.</p>
      ${notice ? "" : html`<${Leaderboard} game=${game} title=${`${title}: every rated player, best first`} empty="Nobody is rated at this game yet." />`}
    </section>`;
}

mount(Page);
