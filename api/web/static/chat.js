// Table talk: the table's chat, read by everyone who may watch, written by seated players; live over
// the table's own stream (its "chat" events). Messages are text only, named as the table names seats.

import { Refusal, gamePath, get, post } from "./api.js";
import { html, useEffect, useRef, useState } from "./ui.js";

const MAX_LENGTH = 300;

/** Messages as {number, at, seat, name, text}, newest last; `upto` (a time) hides later ones (the replay). */
export function ChatLog({ messages, upto = null, label = "Table talk" }) {
  const box = useRef(null);
  const shown = upto === null ? messages : messages.filter((m) => new Date(m.at) <= new Date(upto));
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [shown.length]);
  return html`<ol class="chat-list" ref=${box} tabindex="0" aria-label=${label} aria-live="polite">
    ${shown.length ? shown.map((m) => html`<li key=${m.number} data-chat=${m.number}><strong>${m.name}</strong>${" "}
      <span class="chat-text">${m.text}</span> <span class="v"><time datetime=${m.at}>${new Date(m.at).toLocaleTimeString()}</time></span></li>`)
      : html`<li class="muted">Nothing said yet.</li>`}
  </ol>`;
}

/** Every message of a game so far (for the replay, and the table before its stream opens). */
export async function loadChat(gameId) {
  try {
    return (await get(`${gamePath(gameId)}/chat`)).messages;
  } catch (error) {
    if (error instanceof Refusal && error.code === "http/not_found") return []; // a server without chat
    throw error;
  }
}

/** The table's chat panel: the messages, and a line to write on for a seated player. */
export function ChatPanel({ gameId, token, messages, onSent }) {
  const [text, setText] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const send = async (event) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const answer = await post(`${gamePath(gameId)}/chat`, { text }, { token });
      onSent(answer.message);
      setText("");
      setError(null);
    } catch (refusal) {
      setError(refusal.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<section class="chat" aria-labelledby="chat-title">
    <h2 id="chat-title">Table talk</h2>
    <${ChatLog} messages=${messages} />
    ${token ? html`<form class="chat-form" onSubmit=${send}>
        <label for="chat-text" class="visually-hidden">Say something at the table</label>
        <input id="chat-text" maxlength=${MAX_LENGTH} autocomplete="off" placeholder="Say something…" value=${text}
          aria-describedby=${error ? "chat-error" : undefined} onInput=${(e) => setText(e.target.value)} />
        <button type="submit" disabled=${busy}>Send</button>
      </form>
      ${error ? html`<p class="notice error" id="chat-error" role="alert">${error}</p>` : ""}`
      : html`<p class="muted">Seated players write here; you read along.</p>`}
  </section>`;
}
