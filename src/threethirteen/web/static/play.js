// The Play page: a table of 2 to 8 seats, the person in seat 0 against the bots.
// The server keeps the game (/api/table/...); this page shows the person's view,
// posts the person's actions in the library's notation, and shows the bots' moves
// one by one as the server's steps arrive. Everything shown is text (TT.el).
"use strict";

(function () {
  const STORE_KEY = "tt-play-table";
  const BOT_PAUSE = 300; // ms each bot move stays in view
  const LOG_LENGTH = 12;

  const $ = (id) => document.getElementById(id);
  const el = (...args) => TT.el(...args);

  let options = null;
  let tableId = null;
  let current = null; // the state shown
  let lastSeq = -1; // the last step received
  let queue = []; // steps still to show
  let animating = false;
  let polling = false;
  let busy = false; // a request of the person's is on its way
  let log = [];

  // -- the new-game form -------------------------------------------------------------

  function fillForm() {
    const players = $("players");
    players.replaceChildren();
    for (let n = options.players[0]; n <= options.players[1]; n++) {
      players.append(el("option", { value: String(n) }, String(n)));
    }
    const rules = $("rules");
    rules.replaceChildren();
    for (const preset of options.presets) {
      rules.append(el("option", { value: preset.name, title: preset.description }, preset.name));
    }
    const variations = $("variations");
    variations.replaceChildren();
    for (const variation of options.variations) {
      const id = "variation-" + variation.name;
      variations.append(
        el(
          "div",
          { class: "choice" },
          el("input", { type: "checkbox", id: id, value: variation.name }),
          el("label", { for: id }, variation.name, el("span", { class: "note" }, " " + variation.description)),
        ),
      );
    }
    $("move-time").value = String(options.move_time);
    $("move-time").max = String(options.max_move_time);
    seatChoices();
  }

  function seatChoices() {
    const box = $("bot-choices");
    const kept = Array.from(box.querySelectorAll("select")).map((s) => s.value);
    const count = Number($("players").value) - 1;
    box.replaceChildren();
    for (let seat = 1; seat <= count; seat++) {
      const id = "bot-" + seat;
      const select = el("select", { id: id, "data-seat": String(seat) });
      for (const bot of options.bots) {
        select.append(el("option", { value: bot.name }, bot.builtin ? bot.name : bot.name + " (program)"));
      }
      select.value = kept[seat - 1] || kept[0] || (options.bots.some((b) => b.name === "greedy") ? "greedy" : options.bots[0].name);
      box.append(el("div", { class: "choice" }, el("label", { for: id }, "Seat " + seat), select));
    }
  }

  function numberOrNull(id) {
    const text = $(id).value.trim();
    return text === "" ? null : Number(text);
  }

  async function startGame(event) {
    event.preventDefault();
    TT.clearError();
    const body = {
      players: Number($("players").value),
      bots: Array.from($("bot-choices").querySelectorAll("select")).map((s) => s.value),
      rules: $("rules").value,
      variations: Array.from($("variations").querySelectorAll("input:checked")).map((i) => i.value),
      seed: numberOrNull("seed"),
      move_time: numberOrNull("move-time"),
      max_turns: numberOrNull("max-turns"),
    };
    $("start").disabled = true;
    try {
      const data = await TT.api("/api/table/new", body);
      openTable(data);
    } catch (error) {
      TT.error(error);
    } finally {
      $("start").disabled = false;
    }
  }

  function showSetup() {
    $("game").hidden = true;
    $("setup").hidden = false;
    if (options === null) loadOptions();
  }

  async function loadOptions() {
    try {
      options = await TT.api("/api/table/options");
      fillForm();
    } catch (error) {
      TT.error(error);
    }
  }

  // -- the table's life ----------------------------------------------------------------

  function openTable(data) {
    tableId = data.table;
    try {
      localStorage.setItem(STORE_KEY, tableId);
    } catch (error) {
      // private browsing: the game lives as long as the page
    }
    current = null;
    lastSeq = -1;
    queue = [];
    log = [];
    $("hint-text").hidden = true;
    $("setup").hidden = true;
    $("game").hidden = false;
    $("download").setAttribute("href", "/api/table/" + encodeURIComponent(tableId) + "/record");
    receive(data);
  }

  // A server's answer: its steps (or, with none, the state itself) are queued.
  function receive(data) {
    const steps = data.steps && data.steps.length ? data.steps : [data];
    for (const step of steps) {
      if (step.seq > lastSeq) {
        queue.push(step);
        lastSeq = step.seq;
      }
    }
    if (current === null && queue.length === 0) queue.push(data);
    pump();
  }

  function pump() {
    if (animating) return;
    if (queue.length === 0) {
      setIdle(true);
      maybePoll();
      return;
    }
    animating = true;
    setIdle(false);
    const step = queue.shift();
    render(step);
    const pause = step.event && step.event.player !== 0 ? BOT_PAUSE : 0;
    setTimeout(() => {
      animating = false;
      pump();
    }, pause);
  }

  function setIdle(idle) {
    $("game").dataset.idle = idle ? "true" : "false";
  }

  async function maybePoll() {
    if (polling || current === null || current.status !== "play" || current.your_turn) return;
    polling = true;
    const id = tableId;
    try {
      const data = await TT.api("/api/table/" + encodeURIComponent(id) + "?after=" + lastSeq);
      polling = false;
      if (id !== tableId) return;
      receive(data);
    } catch (error) {
      polling = false;
      TT.error(error);
      setTimeout(maybePoll, 2000);
    }
  }

  async function send(path, body) {
    if (busy) return;
    busy = true;
    TT.clearError();
    $("hint-text").hidden = true;
    try {
      const data = await TT.api("/api/table/" + encodeURIComponent(tableId) + path, body);
      receive(data);
    } catch (error) {
      TT.error(error);
    } finally {
      busy = false;
    }
  }

  function act(action) {
    if (!action) return;
    send("/act", { action: action });
  }

  // -- drawing the table ---------------------------------------------------------------

  // A seat's name; "greedy (2)" when two seats have the same.
  function seatName(state, seat) {
    const name = state.seats[seat].name;
    const same = state.seats.filter((other) => other.name === name).length;
    return same > 1 ? name + " (" + seat + ")" : name;
  }

  function render(state) {
    current = state;
    const game = $("game");
    game.dataset.status = state.status;
    game.dataset.phase = state.phase;
    game.dataset.turn = state.your_turn ? "you" : "bot";
    game.dataset.seq = String(state.seq);
    if (state.event) addLog(state);
    renderStatus(state);
    renderOpponents(state);
    renderCentre(state);
    renderHand(state);
    renderMoves(state);
    renderLog();
    renderSheet(state);
    $("hint-button").disabled = !state.your_turn;
    $("auto-button").disabled = !state.your_turn;
  }

  function renderStatus(state) {
    const wild = state.wild === null ? "no wild rank" : "wild: " + state.wild + "s";
    const where = "Round " + state.round + " of " + state.rounds + " · " + state.cards_dealt + " cards · " + wild;
    let what;
    if (state.status === "fault") {
      what = "The game stopped: " + state.fault;
    } else if (state.status === "over") {
      const names = state.winners.map((seat) => seatName(state, seat));
      const total = state.totals[state.winners[0]];
      if (names.length === 1 && names[0] === "you") what = "Game over: you win with " + total + ".";
      else what = "Game over: " + names.join(" and ") + (names.length === 1 ? " wins" : " share the win") + " with " + total + ".";
    } else if (state.your_turn) {
      const out = state.seats.filter((seat) => seat.went_out && seat.seat !== 0);
      const turn = out.length
        ? "Your last turn (" + out.map((seat) => seatName(state, seat.seat)).join(" and ") + " went out): "
        : "Your turn: ";
      what = turn + (state.phase === "draw"
        ? "draw from the stock (d) or take the pile's top card (p)."
        : "click a card to discard it" + (Object.keys(state.actions.go_out).length ? ", or go out." : "."));
    } else {
      what = seatName(state, state.to_move) + " is playing…";
    }
    $("status").replaceChildren(el("span", { class: "where" }, where), " ", el("strong", {}, what));
    $("status").classList.toggle("fault", state.status === "fault");
  }

  // Small card pictures; of a long list, the last `most` and how many more.
  function smallCards(codes, most) {
    const shown = most && codes.length > most ? codes.slice(-most) : codes;
    const more = codes.length - shown.length;
    return el("span", { class: "cards small" }, more ? el("span", { class: "note" }, "+" + more + " ") : null,
      shown.map((code) => TT.card(code, { wild: current !== null && isWild(code, current) })));
  }

  function renderOpponents(state) {
    const list = $("opponents");
    list.replaceChildren();
    for (const seat of state.seats) {
      if (seat.seat === 0) continue;
      const moving = state.status === "play" && state.to_move === seat.seat;
      const item = el(
        "li",
        { class: "opponent" + (moving ? " moving" : ""), "aria-current": moving ? "true" : null },
        el(
          "div",
          { class: "who" },
          el("strong", {}, seatName(state, seat.seat)),
          " ",
          el("span", { class: "note" }, "seat " + seat.seat + " · total " + seat.total),
          seat.went_out ? el("span", { class: "badge" }, "out") : null,
        ),
        el("div", { class: "count" }, seat.cards ? TT.cardBack() : null, " ", seat.cards + (seat.cards === 1 ? " card" : " cards")),
      );
      if (seat.holds.length) item.append(el("div", { class: "line" }, el("span", { class: "what" }, "holds (took): "), smallCards(seat.holds)));
      if (seat.passed.length) item.append(el("div", { class: "line" }, el("span", { class: "what" }, "passed: "), smallCards(seat.passed, 8)));
      if (seat.discarded.length) item.append(el("div", { class: "line" }, el("span", { class: "what" }, "discarded: "), smallCards(seat.discarded, 8)));
      list.append(item);
    }
  }

  function renderCentre(state) {
    const mayDraw = state.your_turn && state.phase === "draw";
    const stock = el(
      "button",
      {
        type: "button",
        id: "stock",
        class: "card stock",
        "aria-label": "the stock, " + state.stock_size + " cards: draw its top card (d)",
        "aria-keyshortcuts": "d",
        disabled: !(mayDraw && state.actions.draw_stock),
        onclick: () => act(state.actions.draw_stock),
      },
      el("img", { src: "/static/back.svg", alt: "" }),
    );
    $("stock-slot").replaceChildren(stock, el("span", { class: "note count" }, state.stock_size + " cards"));
    const slot = $("pile-slot");
    slot.replaceChildren();
    state.piles.forEach((pile, index) => {
      const top = pile.length ? pile[pile.length - 1] : null;
      const label = state.piles.length > 1 ? (index === 0 ? "your pile" : seatName(state, index) + "'s pile") : null;
      let node;
      if (top === null) {
        node = el("span", { class: "card empty" }, "empty");
      } else {
        const take = state.actions.draw_pile[String(index)];
        node = TT.card(top, {
          button: true,
          wild: isWild(top, state),
          onclick: () => act(take),
        });
        node.classList.add("pile-top");
        node.setAttribute("aria-label", "the discard pile's top card, " + TT.cardName(top) + ": take it (p)");
        node.setAttribute("aria-keyshortcuts", "p");
        if (!(mayDraw && take)) node.disabled = true;
      }
      slot.append(label ? el("span", { class: "pile" }, el("span", { class: "note" }, label), node) : node);
    });
    const melds = $("table-melds");
    melds.replaceChildren();
    for (const [index, meld] of state.table_melds.entries()) {
      melds.append(
        el("li", {}, el("span", { class: "note" }, index + ": " + seatName(state, meld.owner) + " "),
          smallCards(meld.cards.map((code) => code.split("=")[0]))),
      );
    }
    $("table-box").hidden = state.table_melds.length === 0;
  }

  function isWild(code, state) {
    return code === "Jk" || (state.wild !== null && rankOf(code) === state.wild);
  }

  function rankOf(code) {
    return code.slice(0, -1);
  }

  function renderHand(state) {
    const box = $("hand");
    box.replaceChildren();
    const mayDiscard = state.your_turn && state.phase === "play";
    const cardButton = (code) => {
      const action = state.actions.discard[code];
      const button = TT.card(code, {
        button: true,
        wild: state.wild_cards.includes(code),
        onclick: () => act(action),
      });
      if (!(mayDiscard && action)) button.disabled = true;
      else button.setAttribute("aria-label", button.getAttribute("aria-label") + ": discard it");
      return button;
    };
    for (const meld of state.melds) {
      box.append(el("div", { class: "group meld", role: "group", "aria-label": "meld" }, meld.map(cardButton)));
    }
    if (state.deadwood.length) {
      box.append(el("div", { class: "group deadwood", role: "group", "aria-label": "deadwood" }, state.deadwood.map(cardButton)));
    }
    const parts = [];
    if (state.hand.length) parts.push("melds first, then the deadwood: " + state.deadwood_score + " points");
    else parts.push("no cards in hand");
    if (state.wild_cards.length) parts.push("wild cards outlined in gold");
    $("hand-note").textContent = parts.join("; ");
  }

  function prettyAction(text) {
    return text.replace(/^meld /, "Lay ").replace(/^lay off /, "Lay off ");
  }

  function renderMoves(state) {
    const box = $("moves");
    box.replaceChildren();
    if (!state.your_turn) return;
    for (const [code, action] of Object.entries(state.actions.go_out)) {
      box.append(el("button", { type: "button", class: "go-out", "data-card": code, onclick: () => act(action) }, "Go out: discard " + code));
    }
    const table = state.actions.lay.concat(state.actions.lay_off);
    for (const action of table.slice(0, 16)) {
      box.append(el("button", { type: "button", class: "secondary table-play", onclick: () => act(action) }, prettyAction(action)));
    }
    if (table.length > 16) box.append(el("span", { class: "note" }, (table.length - 16) + " more ways to play onto the table"));
  }

  function addLog(state) {
    const event = state.event;
    if (event.said) log.unshift(event.said);
    if (event.fault) log.unshift("The game stopped: " + event.fault);
    if (event.round_end) {
      const row = event.round_end;
      const reasons = { out: "someone went out", empty_hand: "a hand was emptied", stock: "the stock ran out", turn_limit: "the turn limit was reached" };
      let text = "Round " + row.number + " ends (" + (reasons[row.end] || row.end) + ")";
      if (row.void) text += ": every player scored 0, the round is dealt again";
      else text += ": " + row.scores.map((score, seat) => seatName(state, seat) + " " + score).join(", ");
      log.unshift(text);
    }
    log = log.slice(0, LOG_LENGTH);
  }

  function renderLog() {
    $("log").replaceChildren(...log.map((text) => el("li", {}, text)));
  }

  function renderSheet(state) {
    const table = $("sheet");
    const names = state.seats.map((seat) => seatName(state, seat.seat));
    const head = el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Round"), el("th", { scope: "col" }, "Wild"),
      names.map((name) => el("th", { scope: "col", class: "number" }, name))));
    const body = el("tbody", {});
    for (const row of state.sheet) {
      body.append(el("tr", { class: row.void ? "void" : null, "data-round": String(row.number) },
        el("th", { scope: "row" }, String(row.number)),
        el("td", {}, row.wild === null ? "-" : row.wild),
        row.void ? el("td", { colspan: String(names.length) }, "void: dealt again")
          : row.scores.map((score) => el("td", { class: "number" }, String(score)))));
    }
    const winners = state.winners || [];
    const foot = el("tfoot", {}, el("tr", { class: "totals" }, el("th", { scope: "row" }, "Total"), el("td", {}),
      state.totals.map((total, seat) => el("td", { class: "number" + (winners.includes(seat) ? " winner" : "") }, String(total) + (winners.includes(seat) ? " ★" : "")))));
    table.replaceChildren(el("caption", { class: "visually-hidden" }, "Score sheet"), head, body, foot);
  }

  // -- helpers' buttons ---------------------------------------------------------------

  async function hint() {
    if (!current || !current.your_turn) return;
    try {
      const data = await TT.api("/api/table/" + encodeURIComponent(tableId) + "/hint");
      const box = $("hint-text");
      box.textContent = data.hint ? "Hint: " + data.hint : "Hint: nothing to choose here.";
      box.hidden = false;
    } catch (error) {
      TT.error(error);
    }
  }

  async function review() {
    TT.clearError();
    try {
      const record = await TT.api("/api/table/" + encodeURIComponent(tableId) + "/record");
      const name = "game-" + (record.seed === null ? "unseeded" : record.seed) + ".json";
      const upload = await TT.api("/api/files/upload", { name: name, text: JSON.stringify(record) });
      window.location.href = "/review?file=" + encodeURIComponent(upload.file) + "&game=0";
    } catch (error) {
      TT.error(error);
    }
  }

  function keys(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !current || $("game").hidden) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const key = event.key.toLowerCase();
    if (key === "d" && current.your_turn && current.phase === "draw") {
      event.preventDefault();
      act(current.actions.draw_stock);
    } else if (key === "p" && current.your_turn && current.phase === "draw") {
      event.preventDefault();
      const piles = current.actions.draw_pile;
      act(piles["0"] || Object.values(piles)[0]);
    } else if (key === "h") {
      event.preventDefault();
      hint();
    }
  }

  async function resume() {
    let id = null;
    try {
      id = localStorage.getItem(STORE_KEY);
    } catch (error) {
      id = null;
    }
    if (!id) {
      showSetup();
      return;
    }
    try {
      const data = await TT.api("/api/table/" + encodeURIComponent(id));
      openTable(data);
    } catch (error) {
      try {
        localStorage.removeItem(STORE_KEY);
      } catch (ignored) {
        // nothing kept
      }
      showSetup();
    }
  }

  function start() {
    TT.header("play");
    $("new-game").addEventListener("submit", startGame);
    $("players").addEventListener("change", seatChoices);
    $("hint-button").addEventListener("click", hint);
    $("auto-button").addEventListener("click", () => send("/auto", {}));
    $("review-button").addEventListener("click", review);
    $("new-button").addEventListener("click", () => {
      tableId = null;
      current = null;
      showSetup();
    });
    document.addEventListener("keydown", keys);
    resume();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
