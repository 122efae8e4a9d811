// Your account (/account): sign up or sign in with a passkey, your passkeys and API keys, signing out.
// Passkeys are the browser's own (WebAuthn); the server checks them with the webauthn package. No
// password, no email. The session is an HttpOnly cookie; changes carry its CSRF token (api.js).

import { Refusal, del, get, post, session } from "./api.js";
import { Notice, crumbs, html, mount, useEffect, useState } from "./ui.js";

const supported = () => typeof window.PublicKeyCredential !== "undefined";

/** A passkey made for `begun` ({ceremony, options}) by this device's authenticator, as JSON. */
async function created(begun) {
  const options = PublicKeyCredential.parseCreationOptionsFromJSON(begun.options);
  const credential = await navigator.credentials.create({ publicKey: options });
  return credential.toJSON();
}

async function asserted(begun) {
  const options = PublicKeyCredential.parseRequestOptionsFromJSON(begun.options);
  const credential = await navigator.credentials.get({ publicKey: options });
  return credential.toJSON();
}

function said(error) {
  if (error instanceof Refusal) return error.message;
  if (error && error.name === "NotAllowedError") return "The passkey was not used (cancelled, or none for this site).";
  return String((error && error.message) || error);
}

function SignedOut({ onSigned, setNotice }) {
  const [handle, setHandle] = useState("");
  const [busy, setBusy] = useState(false);
  const act = async (work) => {
    setBusy(true);
    setNotice(null);
    try {
      await work();
      await session(true);
      onSigned();
    } catch (error) {
      setNotice({ kind: "error", text: said(error) });
    }
    setBusy(false);
  };
  const signUp = (event) => {
    event.preventDefault();
    act(async () => {
      const begun = await post("/api/players/signup/options", { handle });
      await post("/api/players/signup", { ceremony: begun.ceremony, credential: await created(begun), name: "first passkey" });
    });
  };
  const signIn = () => act(async () => {
    const begun = await post("/api/players/signin/options", undefined);
    await post("/api/players/signin", { ceremony: begun.ceremony, credential: await asserted(begun) });
  });
  if (!supported()) return html`<p class="notice error">This browser has no passkeys; you can still play as a guest.</p>`;
  return html`<section class="card-panel" aria-labelledby="sign-in"><h2 id="sign-in">Sign in</h2>
      <p>With a passkey this device (or your phone, or your password manager) holds for Backroom.</p>
      <button type="button" id="sign-in-button" disabled=${busy} onClick=${signIn}>Sign in with a passkey</button>
    </section>
    <section class="card-panel" aria-labelledby="sign-up"><h2 id="sign-up">New here? Sign up</h2>
      <form onSubmit=${signUp}>
        <label for="handle">Handle (2–20 letters, digits, _ or -)</label>
        <input id="handle" name="handle" required minlength="2" maxlength="20" pattern="[A-Za-z0-9][A-Za-z0-9_\\-]{1,19}"
          autocomplete="username webauthn" value=${handle} onInput=${(e) => setHandle(e.target.value)} />
        <button type="submit" id="sign-up-button" disabled=${busy}>Sign up with a passkey</button>
      </form>
      <p class="muted">No password and no email. Guests can still play with just a name.</p>
    </section>`;
}

function Account({ me, reload, setNotice }) {
  const [made, setMade] = useState(null);
  const [keyName, setKeyName] = useState("");
  const act = async (work, then = reload) => {
    setNotice(null);
    try {
      await work();
      then();
    } catch (error) {
      setNotice({ kind: "error", text: said(error) });
    }
  };
  const addPasskey = () => act(async () => {
    const begun = await post("/api/me/passkeys/options", undefined);
    await post("/api/me/passkeys", { ceremony: begun.ceremony, credential: await created(begun), name: `passkey ${me.passkeys.length + 1}` });
  });
  const makeKey = (event) => {
    event.preventDefault();
    act(async () => setMade(await post("/api/me/keys", { name: keyName || "key" })));
  };
  const out = (path) => act(async () => { await post(path, undefined); await session(true); }, () => location.reload());
  return html`<section class="card-panel" aria-labelledby="you"><h2 id="you">Signed in as <span id="signed-in-as">${me.handle}</span></h2>
      <p><a href=${`/players/${me.handle}`} id="my-page">Your page: your tables, your turn, your ratings</a></p>
      <button type="button" id="sign-out" onClick=${() => out("/api/me/signout")}>Sign out</button>${" "}
      <button type="button" id="sign-out-everywhere" onClick=${() => out("/api/me/signout-everywhere")}>Sign out everywhere</button>
    </section>
    <section class="card-panel" aria-labelledby="passkeys"><h2 id="passkeys">Your passkeys</h2>
      <ul id="passkey-list">${me.passkeys.map((passkey) => html`<li key=${passkey.id} data-passkey=${passkey.id}>${passkey.name}${" "}
        <button type="button" disabled=${me.passkeys.length === 1} aria-describedby=${me.passkeys.length === 1 ? "only-passkey" : undefined}
          onClick=${() => act(() => del(`/api/me/passkeys/${encodeURIComponent(passkey.id)}`))}>Revoke</button></li>`)}</ul>
      ${me.passkeys.length === 1 ? html`<p class="muted" id="only-passkey">Your only passkey cannot be revoked: add another first.</p>` : ""}
      <button type="button" id="add-passkey" onClick=${addPasskey}>Add a passkey</button>
    </section>
    <section class="card-panel" aria-labelledby="keys"><h2 id="keys">API keys for bots and scripts</h2>
      <p class="muted">Send one as <code>Authorization: Player KEY</code>: the request acts as you.</p>
      <ul id="key-list">${me.keys.map((key) => html`<li key=${key.id}>${key.name}${" "}
        <button type="button" onClick=${() => act(() => del(`/api/me/keys/${key.id}`))}>Revoke</button></li>`)}</ul>
      <form onSubmit=${makeKey}><label for="key-name">Name</label>
        <input id="key-name" maxlength="60" value=${keyName} onInput=${(e) => setKeyName(e.target.value)} />
        <button type="submit">Make a key</button></form>
      ${made ? html`<p class="notice" role="status">Your new key (shown only now): <code id="new-key">${made.key}</code></p>` : ""}
    </section>`;
}

function Page() {
  const [me, setMe] = useState(undefined);
  const [notice, setNotice] = useState(null);
  const load = async () => {
    const { handle } = await session(true);
    setMe(handle ? await get("/api/me") : null);
  };
  useEffect(() => {
    crumbs([{ text: "Lobby", href: "/" }, { text: "Your account" }]);
    load().catch((error) => setNotice({ kind: "error", text: said(error) }));
  }, []);
  return html`<h1>Your account</h1><${Notice} notice=${notice} />
    ${me === undefined ? html`<p class="muted">Loading…</p>`
      : me ? html`<${Account} me=${me} reload=${load} setNotice=${setNotice} />`
      : html`<${SignedOut} onSigned=${load} setNotice=${setNotice} />`}`;
}

mount(Page);
