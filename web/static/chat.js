// Chat at the table (docs/web.md, "Chat"): the messages so far from GET /games/{id}/chat,
// new ones from the page's shared stream (live.js asks for the game's chat there; read
// every two seconds only where the page polls instead), writing
// with this browser's seat token or player token, muting a player (the players it
// blocked are hidden like the muted ones) and reporting a message (report.js). Every
// message is
// put on the page with textContent only: a message is text, never markup.
import { ApiError, call, callAsPlayer, creatorTokenFor, myBlocks, myPlayer } from "./api.js";
import { t } from "./i18n.js";
import { reportControl } from "./report.js";

const $ = (id) => document.getElementById(id);

export class ChatPanel {
  /** ``gameId``; ``seat()`` returns this browser's seat ({seat, token}) or null. */
  constructor(gameId, seat) {
    this.gameId = gameId;
    this.seat = seat;
    this.lastId = 0;
    this.shown = new Set();
    this.muted = new Set();
    this.messages = [];
  }

  /** The messages so far and the mutes of this browser's player; the id to stream after. */
  async load() {
    const player = myPlayer();
    if (player?.token) {
      try {
        // A block hides the blocked player's messages as a mute does.
        const [mutes, blocks] = await Promise.all([
          call("/players/me/mutes", { token: player.token }).then((r) => r.data), myBlocks(player.token)]);
        this.muted = new Set([...mutes, ...blocks].map((m) => m.player_id));
      } catch (err) { if (!(err instanceof ApiError)) throw err; }
    }
    for (;;) {
      const page = await this.page(player?.token);
      page.items.forEach((m) => this.add(m));
      this.spectators = page.spectators;
      if (page.next_since === null || page.next_since === undefined) break;
    }
    this.wire();
    this.showSettings();
    return this.lastId;
  }

  /** The next page of messages; read as this browser's player (its mutes left out) unless
   * the server no longer knows that player. */
  async page(token) {
    const path = `/games/${encodeURIComponent(this.gameId)}/chat?since=${this.lastId}&limit=500`;
    try {
      return (await call(path, { token })).data;
    } catch (err) {
      if (!(err instanceof ApiError) || !token || err.problem?.code !== "invalid_token") throw err;
      return (await call(path)).data;
    }
  }

  /** A message from the game's stream, which carries every message to everybody. A player
   * who muted somebody reads it back through the page first: a mute also holds against the
   * muted player's address for a while (docs/api.md, "Mutes hold against an address"), and
   * only the server knows who that reaches. In order, one after another. */
  streamed(message) {
    const me = myPlayer();
    const asked = me?.token && this.muted.size > 0 && message.player_id
      && message.player_id !== me.id && !this.muted.has(message.player_id);
    if (!asked) {
      this.pending = (this.pending || Promise.resolve()).then(() => this.add(message));
      return this.pending;
    }
    const path = `/games/${encodeURIComponent(this.gameId)}/chat?since=${message.id - 1}&limit=1`;
    const held = async () => {
      try {
        return (await call(path, { token: me.token })).data.items[0]?.id !== message.id;
      } catch (err) { console.warn("chat check failed", err); return false; }
    };
    this.pending = (this.pending || Promise.resolve()).then(async () => this.add(message, await held()));
    return this.pending;
  }

  /** One message, once (a stream and a page may both bring it); ``held``: kept hidden. */
  add(message, held = false) {
    if (this.shown.has(message.id)) return;
    this.shown.add(message.id);
    this.lastId = Math.max(this.lastId, message.id);
    this.messages.push(message);
    const li = document.createElement("li");
    li.dataset.id = message.id;
    if (message.player_id) li.dataset.player = message.player_id;
    li.hidden = held || this.muted.has(message.player_id);
    const who = document.createElement("strong");
    who.textContent = message.spectator ? t("chat_spectator", { name: message.name }) : message.name;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = message.text;
    li.append(who, ": ", text);
    const me = myPlayer()?.id;
    if (message.player_id && message.player_id !== me) {
      const mute = document.createElement("button");
      mute.type = "button";
      mute.className = "chat-mute";
      mute.textContent = t("chat_mute");
      mute.title = t("chat_mute_title", { name: message.name });
      mute.onclick = () => this.mute(message.player_id);
      li.append(" ", mute, " ", reportControl({ message: { game_id: this.gameId, message_id: message.id } }, message.name));
    }
    const list = $("chat-list");
    list.append(li);
    list.scrollTop = list.scrollHeight;
  }

  async mute(playerId) {
    await callAsPlayer("/players/me/mutes", { method: "POST", body: { player_id: playerId } }, this.name());
    this.muted.add(playerId);
    for (const li of $("chat-list").querySelectorAll("li")) if (li.dataset.player === playerId) li.hidden = true;
  }

  name() {
    return ($("chat-name")?.value || "").trim() || myPlayer()?.name || t("chat_guest");
  }

  /** The form: write as this browser's seat, else as its player (made now if needed). */
  wire() {
    const form = $("chat-form");
    const seat = this.seat();
    $("chat-input").setAttribute("aria-label", t("chat_message"));
    $("chat-name-label").hidden = Boolean(seat || myPlayer()?.token);
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      const input = $("chat-input");
      const text = input.value.trim();
      if (!text) return;
      $("chat-error").textContent = "";
      const path = `/games/${encodeURIComponent(this.gameId)}/chat`;
      const options = { method: "POST", body: { text } };
      try {
        const mine = this.seat();
        const r = mine ? await call(path, { ...options, token: mine.token }) : await callAsPlayer(path, options, this.name());
        input.value = "";
        this.add(r.data);
        $("chat-name-label").hidden = true;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        $("chat-error").textContent = t(`chat_${err.problem.code}`) === `chat_${err.problem.code}` ? err.message : t(`chat_${err.problem.code}`);
        if (err.problem.code === "chat_closed_to_spectators") { this.spectators = false; this.showSettings(); }
      }
    };
  }

  /** Whether spectators may write: the creator's switch (for the browser that created the
   * game), and for a spectator a note instead of the form when they may not. */
  showSettings() {
    const creator = creatorTokenFor(this.gameId);
    const box = $("chat-spectators");
    $("chat-spectators-label").hidden = !creator;
    box.checked = this.spectators !== false;
    box.onchange = async () => {
      $("chat-error").textContent = "";
      try {
        const path = `/games/${encodeURIComponent(this.gameId)}/chat/settings`;
        const r = await call(path, { method: "PUT", token: creator, body: { spectators: box.checked } });
        this.spectators = r.data.spectators;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        $("chat-error").textContent = err.message;
      }
      box.checked = this.spectators !== false;
      this.showSettings();
    };
    const closed = this.spectators === false && !this.seat();
    $("chat-closed").hidden = !closed;
    $("chat-form").hidden = closed;
  }

  /** Without a stream (live.js fell back to polling): ask for new messages now and then. */
  poll() {
    if (this.polling) return;
    this.polling = true;
    const tick = async () => {
      try {
        const page = await this.page(myPlayer()?.token);
        page.items.forEach((m) => this.add(m));
      } catch (err) { console.warn("chat poll failed", err); }
      setTimeout(tick, 2000);
    };
    setTimeout(tick, 2000);
  }
}
