() => {
  const SHAPES = ".card, .ct-tile, .chip, .card-panel, .board, .dock, .seats > li, .investment, .token-name, .controls button, .score, .how-to-play, .table-head, .clocks, .outcome";
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e); return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none"; };
  const fixed = (e) => { for (let n = e; n && n !== document.body; n = n.parentElement) { if (getComputedStyle(n).position === "fixed") return true; } return false; };
  const inClosed = (e) => Boolean(e.closest("details:not([open]) > :not(summary)"));
  const all = [...document.querySelectorAll(SHAPES)].filter((e) => visible(e) && !inClosed(e));
  const name = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}${e.dataset.card ? `[${e.dataset.card}]` : ""}${e.dataset.state ? `[${e.dataset.state}]` : ""}`;
  // What of an element a person can see: its box cut by every ancestor that scrolls or clips (a card
  // scrolled out of a hand or a move list is not over anything, nor off the screen: a swipe brings it).
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let n = e.parentElement; n && n !== document.documentElement; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const c = n.getBoundingClientRect();
      box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
    }
    return box;
  };
  const problems = [];
  if (document.documentElement.scrollWidth > innerWidth + 1) problems.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${innerWidth} px screen`);
  for (const e of all) {
    const s = getComputedStyle(e);
    const clips = ["hidden", "clip"].includes(s.overflowX) || ["hidden", "clip"].includes(s.overflowY);
    if (clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)) problems.push(`${name(e)} clips its text (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`);
    if (e.matches(".score") && e.scrollWidth > e.clientWidth + 1) problems.push(`${name(e)} hides columns a sideways scroll shows (${e.scrollWidth} in ${e.clientWidth})`);
    const r = shown(e);
    if (r.right > r.left && (r.right > innerWidth + 1 || r.left < -1)) problems.push(`${name(e)} sticks out of the screen (${Math.round(r.left)}..${Math.round(r.right)})`);
  }
  const boxes = all.map((e) => ({ e, r: shown(e), f: fixed(e) })).filter((b) => b.r.right - b.r.left > 0 && b.r.bottom - b.r.top > 0);
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i], b = boxes[j];
      if (a.f !== b.f || a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 2) problems.push(`${name(a.e)} overlaps ${name(b.e)} by ${Math.round(w)}x${Math.round(h)}`);
    }
  }
  return problems.slice(0, 12);
}
