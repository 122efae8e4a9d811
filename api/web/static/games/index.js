// Which board renderer draws which game: the module named for the game's id (`./<id>.js`), found by
// that name alone. The server lists the games that have one (/static/games/renderers.json); any other
// game gets the generic renderer.

import * as generic from "./generic.js";

let listed = null;

/** The ids of the games with a renderer of their own, asked of the server once a page. */
function renderers() {
  listed ??= fetch("/static/games/renderers.json")
    .then((answer) => (answer.ok ? answer.json() : { renderers: [] }))
    .then((body) => new Set(body.renderers))
    .catch(() => new Set());
  return listed;
}

/** The renderer for `game`: its own module's pieces over the generic ones. */
export async function rendererFor(game) {
  if (!(await renderers()).has(game)) return { ...generic, own: false };
  try {
    return { ...generic, ...(await import(`./${encodeURIComponent(game)}.js`)), own: true };
  } catch (error) {
    console.error(`The ${game} renderer failed to load; using the generic one`, error);
    return { ...generic, own: false };
  }
}
