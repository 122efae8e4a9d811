// Cards fly from the hand to where they land (FLIP: remember where each card of the hand was First,
// find where it is Last on the board, Invert the difference with a transform, and Play it to nothing).
// A card the board does not show by its number (a card played face down, an event played to the
// map) flies as a ghost of itself to the board's landing place. Nothing moves for a reader who asked
// for reduced motion: the card is simply where it landed.

const HAND = ".own-hand [data-card], .my-hand [data-card], .dock-hand [data-card]";
const DURATION = 420;
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";

export const reducedMotion = () => Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

/** Where each card of the hand is drawn now, with its look (for a ghost): card number → {rect, look}. */
export function handCards(root = document) {
  const found = new Map();
  for (const element of root.querySelectorAll(HAND)) {
    found.set(element.dataset.card, { rect: element.getBoundingClientRect(), look: lookOf(element) });
  }
  return found;
}

/** What a ghost needs to look like the card: its text and computed colours (never markup or a style
 * attribute: the pages' policy forbids inline styles, and a ghost is set through the CSSOM only). */
function lookOf(element) {
  const drawn = getComputedStyle(element);
  return {
    className: element.className, text: element.textContent || "",
    background: drawn.backgroundColor, color: drawn.color, border: drawn.border, radius: drawn.borderRadius,
  };
}

/** Fly every card that left the hand since ``before`` to where it landed on ``board`` (``now``: the
 * hand as drawn now); how many flew. */
export function flyFrom(before, board, now = handCards()) {
  if (!board || !before.size || reducedMotion() || typeof Element.prototype.animate !== "function") return 0;
  let flown = 0;
  for (const [card, was] of before) {
    if (now.has(card)) continue;
    const landed = board.querySelector(`[data-card="${CSS.escape(card)}"]`);
    if (landed) flyInto(landed, was.rect);
    else flyGhost(was, landingOf(board));
    flown += 1;
  }
  return flown;
}

function landingOf(board) {
  return board.querySelector("[data-landing]") || board;
}

/** The landed card starts where the hand card was and glides to its place. */
function flyInto(landed, from) {
  const to = landed.getBoundingClientRect();
  if (!to.width || !to.height) return;
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = `scale(${from.width / to.width}, ${from.height / to.height})`;
  landed.animate(
    [{ transform: `translate(${dx}px, ${dy}px) ${scale}`, transformOrigin: "top left" }, { transform: "none", transformOrigin: "top left" }],
    { duration: DURATION, easing: EASING },
  );
}

/** A likeness of the card that left, drawn above the page, flies to the middle of the landing place. */
function flyGhost(was, landing) {
  const to = landing.getBoundingClientRect();
  const ghost = document.createElement("div");
  ghost.className = `${was.look.className} ghost`;
  ghost.textContent = was.look.text;
  ghost.setAttribute("aria-hidden", "true"); // not a card of the page: no data-card, never focused
  Object.assign(ghost.style, {
    position: "fixed", left: `${was.rect.left}px`, top: `${was.rect.top}px`, width: `${was.rect.width}px`,
    height: `${was.rect.height}px`, margin: "0", overflow: "hidden", pointerEvents: "none", zIndex: "50",
    background: was.look.background, color: was.look.color, border: was.look.border, borderRadius: was.look.radius,
  });
  document.body.appendChild(ghost);
  const dx = to.left + to.width / 2 - (was.rect.left + was.rect.width / 2);
  const dy = to.top + Math.min(to.height, 240) / 2 - (was.rect.top + was.rect.height / 2);
  const flight = ghost.animate(
    [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.2 }],
    { duration: DURATION, easing: EASING },
  );
  const gone = () => ghost.remove();
  flight.onfinish = gone;
  flight.oncancel = gone;
}
