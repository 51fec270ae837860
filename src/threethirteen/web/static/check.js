// The hand checker: a hand typed or picked, the rules, the round; the answer of
// GET /api/check drawn as cards. The hand and the rules live in the page's address
// (/check?hand=9s+9h+9d&round=4&rules=pagat), restored on load.
"use strict";

(function () {
  const SUITS = ["s", "h", "d", "c"];
  const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const SYMBOLS = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };
  const TOKEN = /jk|(10|[2-9tjqka])\s*([shdc♠♥♦♣])/gi;

  const $ = (id) => document.getElementById(id);
  let asked = 0; // the number of the latest request: older answers are dropped
  const dealt = {}; // the cards each round deals, by its number, under the rules chosen
  let wildRank = null; // the wild rank of the last answer ("6", "J"), to mark the hand's wild cards

  function isWild(code) {
    return code === "Jk" || (wildRank !== null && code.slice(0, -1) === wildRank);
  }
  let typing = null;

  // The cards the text names, as the library's codes (what does not read is left
  // out here; the server names it in its message).
  function codes(text) {
    const found = [];
    for (const match of String(text).matchAll(TOKEN)) {
      if (match[0].toLowerCase() === "jk") {
        found.push("Jk");
        continue;
      }
      let rank = match[1].toUpperCase();
      if (rank === "T") rank = "10";
      const suit = SYMBOLS[match[2]] || match[2].toLowerCase();
      found.push(rank + suit);
    }
    return found;
  }

  function handCodes() {
    return codes($("hand").value);
  }

  function setHand(list) {
    $("hand").value = list.join(" ");
    changed(true);
  }

  // Picking a card adds it; picking one the hand holds takes one copy out.
  function toggle(code) {
    const list = handCodes();
    const at = list.lastIndexOf(code);
    if (at >= 0) list.splice(at, 1);
    else list.push(code);
    setHand(list);
  }

  function removeAt(index) {
    const list = handCodes();
    list.splice(index, 1);
    setHand(list);
  }

  function buildPicker() {
    const rows = SUITS.map((suit) =>
      TT.el(
        "div",
        { class: "picker-row", role: "group", "aria-label": SUIT_NAMES[suit] },
        RANKS.map((rank) => pickerCard(rank + suit)),
      ),
    );
    rows.push(TT.el("div", { class: "picker-row", role: "group", "aria-label": "joker" }, pickerCard("Jk")));
    $("picker").replaceChildren(...rows);
    // One tab stop for the whole picker; the arrow keys move within it.
    const buttons = Array.from($("picker").querySelectorAll("button.card"));
    buttons.forEach((button, at) => button.setAttribute("tabindex", at === 0 ? "0" : "-1"));
    $("picker").addEventListener("focusin", (event) => {
      if (!event.target.matches("button.card")) return;
      for (const button of buttons) button.setAttribute("tabindex", button === event.target ? "0" : "-1");
    });
    $("picker").addEventListener("keydown", (event) => pickerKey(event, buttons));
  }

  function pickerKey(event, buttons) {
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const row = Math.floor(at / 13);
    const column = at % 13;
    let next = null;
    if (event.key === "ArrowRight") next = Math.min(at + 1, buttons.length - 1);
    else if (event.key === "ArrowLeft") next = Math.max(at - 1, 0);
    else if (event.key === "ArrowDown") next = row >= 3 ? buttons.length - 1 : Math.min((row + 1) * 13 + column, buttons.length - 1);
    else if (event.key === "ArrowUp") next = row === 0 ? at : row === 4 ? 39 : (row - 1) * 13 + column;
    else if (event.key === "Home") next = row * 13;
    else if (event.key === "End") next = Math.min(row * 13 + 12, buttons.length - 1);
    if (next === null) return;
    event.preventDefault();
    buttons[next].focus();
  }

  function pickerCard(code) {
    const button = TT.card(code, { button: true, onclick: () => toggle(code) });
    button.setAttribute("aria-pressed", "false");
    return button;
  }

  // Mark the picker's cards the hand holds, and draw the hand's own row.
  function showHand() {
    const list = handCodes();
    const held = new Set(list);
    for (const button of $("picker").querySelectorAll("button.card")) {
      const on = held.has(button.dataset.card);
      button.classList.toggle("selected", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    const round = $("round").value;
    let size = list.length ? list.length + (list.length === 1 ? " card" : " cards") : "";
    if (round && dealt[round] && list.length < dealt[round]) {
      size = list.length + " of " + dealt[round] + " cards (" + (dealt[round] + 1) + " with the card drawn)";
    }
    $("hand-size").textContent = size ? "(" + size + ")" : "";
    const cards = list.map((code, index) => {
      const wild = isWild(code);
      const button = TT.card(code, { button: true, wild: wild, onclick: () => removeAt(index) });
      button.setAttribute("aria-label", "remove " + TT.cardName(code) + (wild ? " (wild)" : ""));
      return button;
    });
    $("hand-cards").replaceChildren(
      ...(cards.length ? cards : [TT.el("p", { class: "muted" }, "No cards yet.")]),
    );
  }

  function chosenVariations() {
    return Array.from($("variations").querySelectorAll("input[type=checkbox]:checked")).map(
      (box) => box.value,
    );
  }

  function query() {
    const params = new URLSearchParams();
    const hand = $("hand").value.trim();
    if (hand) params.set("hand", hand);
    params.set("rules", $("rules").value || "pagat");
    if ($("round").value) params.set("round", $("round").value);
    const variations = chosenVariations();
    if (variations.length) params.set("variations", variations.join(","));
    const top = $("top").value.trim();
    if (top) params.set("top", top);
    return params;
  }

  function remember(params) {
    const text = params.toString();
    history.replaceState(null, "", "/check" + (text ? "?" + text : ""));
  }

  // Something changed: keep the address, draw the hand, ask again (now, or after a
  // pause in typing).
  function changed(now) {
    showHand();
    const params = query();
    remember(params);
    if (typing) clearTimeout(typing);
    if (now) check(params);
    else typing = setTimeout(() => check(params), 250);
  }

  async function check(params) {
    const number = ++asked;
    const round = params.get("round");
    const short = round && dealt[round] && handCodes().length < dealt[round];
    if (!params.get("hand") || short) {
      TT.clearError();
      $("result").hidden = true;
      return;
    }
    try {
      const data = await TT.api("/api/check?" + params.toString());
      if (number !== asked) return;
      TT.clearError();
      show(data);
    } catch (error) {
      if (number !== asked) return;
      $("result").hidden = true;
      TT.error(error);
    }
  }

  function wildLabel(code, standsFor) {
    let label = TT.cardName(code) + " (wild";
    if (standsFor && standsFor !== code) label += ", as the " + TT.cardName(standsFor);
    return label + ")";
  }

  function meldView(meld, index) {
    const cards = meld.cards.map((code, at) => {
      const wild = meld.wild[at];
      const image = TT.card(code, { wild: wild });
      if (wild) image.setAttribute("alt", wildLabel(code, meld.stands_for[at]));
      return image;
    });
    const words = meld.cards
      .map((code, at) => (meld.wild[at] && meld.stands_for[at] !== code ? code + "=" + meld.stands_for[at] : code))
      .join(" ");
    return TT.el(
      "figure",
      { class: "meld", "data-meld": String(index) },
      TT.el("div", { class: "cards" }, cards),
      TT.el("figcaption", {}, TT.el("span", { class: "kind" }, meld.kind), " ", TT.el("code", {}, "[" + words + "]")),
    );
  }

  function rulesWords(data) {
    const variations = data.rules.variations.map((name) => " +" + name).join("");
    return data.rules.preset + variations;
  }

  function summary(data) {
    let text = rulesWords(data) + ", round " + data.round;
    if (data.round_assumed) {
      text += " (from the hand's size";
      if (data.other_round) text += "; or round " + data.other_round + " holding the card drawn: choose the round";
      text += ")";
    }
    text += ": " + data.cards_dealt + " cards dealt, ";
    text += data.wild === null ? "no wild rank" : "wild rank " + data.wild;
    text += data.holds_drawn ? "; the hand holds the card drawn." : "; the hand as dealt, before the draw.";
    return text;
  }

  function verdict(data) {
    if (data.holds_drawn) {
      if (data.go_out) return ["good", "Goes out: discard the " + TT.cardName(data.go_out_discard) + " (" + data.go_out_discard + ")."];
      const best = data.discards[0];
      return ["bad", "Cannot go out: the best discard, the " + TT.cardName(best.card) + " (" + best.card + "), leaves " + best.score + "."];
    }
    if (data.score === 0) return ["good", "Fully melded: no deadwood."];
    const count = data.outs.outs.length;
    return ["bad", "Not out: " + data.score + " points of deadwood; " + count + (count === 1 ? " card puts" : " cards put") + " it out."];
  }

  function cell(content, number) {
    return TT.el("td", { class: number ? "number" : null }, content);
  }

  function cardCell(code) {
    return TT.el("span", { class: "card-cell" }, TT.card(code, {}), " ", TT.el("code", {}, code));
  }

  function show(data) {
    $("result").hidden = false;
    wildRank = data.wild;
    showHand();
    $("summary").textContent = summary(data);
    const [kind, words] = verdict(data);
    $("verdict").className = "verdict " + kind;
    $("verdict").textContent = words;
    $("melds").replaceChildren(
      ...(data.melds.length ? data.melds.map(meldView) : [TT.el("p", { class: "muted" }, "No meld.")]),
    );
    $("score").textContent = "(score " + data.score + ")";
    $("deadwood").replaceChildren(
      ...(data.deadwood.length
        ? data.deadwood.map((code, at) => {
            const wild = data.deadwood_wild[at];
            const image = TT.card(code, { wild: wild });
            return image;
          })
        : [TT.el("p", { class: "muted" }, "None.")]),
    );
    const discards = data.discards || null;
    $("discards-box").hidden = !discards;
    if (discards) {
      $("discards").tBodies[0].replaceChildren(
        ...discards.map((item) =>
          TT.el(
            "tr",
            { class: item.goes_out ? "goes-out" : null },
            cell(cardCell(item.card)),
            cell(String(item.score), true),
            cell(item.goes_out ? "yes" : ""),
          ),
        ),
      );
    }
    const outs = data.outs || null;
    $("outs-box").hidden = !outs;
    if (outs) {
      $("outs-summary").textContent = outs.outs.length
        ? outs.outs.length + (outs.outs.length === 1 ? " card" : " cards") + " would put the hand out; the next stock card is one with probability " +
          outs.probability + " (" + (100 * outs.probability_float).toFixed(1) + " %), of " + outs.unseen + " unseen."
        : "No card drawn puts this hand out.";
      $("outs").tBodies[0].replaceChildren(
        ...outs.outs.map((item) =>
          TT.el("tr", {}, cell(cardCell(item.card)), cell(cardCell(item.discard)), cell(String(item.copies), true)),
        ),
      );
    }
    const advice = data.advice || null;
    $("advice-box").hidden = !advice;
    if (advice) {
      const take = advice.discard;
      const stock = advice.stock;
      const first = advice.choice === "discard" ? "Take the " + TT.cardName(advice.top) : "Draw from the stock";
      $("advice").textContent =
        first + ": taking the " + advice.top + " leaves " + take.expected_score_float.toFixed(2) +
        " expected (goes out with probability " + take.out_probability + "); the stock leaves " +
        stock.expected_score_float.toFixed(2) + " expected (goes out with probability " + stock.out_probability + ").";
    }
  }

  let built = false; // the presets and variations are drawn once; the rounds each time

  async function loadRules(preset, variations, round) {
    const params = new URLSearchParams({ rules: preset || "pagat" });
    if (variations.length) params.set("variations", variations.join(","));
    const data = await TT.api("/api/check/rules?" + params.toString());
    const given = new Map(data.rules.variations.map((name) => [name.split("=")[0], name]));
    const chosen = new Set(given.keys());
    if (!built) {
      $("rules").replaceChildren(
        ...data.presets.map((item) =>
          TT.el("option", { value: item.name, title: item.description, selected: item.name === data.rules.preset }, item.name),
        ),
      );
      $("variations").replaceChildren(
        TT.el("legend", { class: "visually-hidden" }, "Variations"),
        ...data.variations.map((item) => {
          const id = "variation-" + item.name;
          return TT.el(
            "div",
            { class: "variation" },
            TT.el("input", { type: "checkbox", id: id, value: given.get(item.name) || item.name, checked: chosen.has(item.name), onchange: rulesChanged }),
            TT.el("label", { for: id }, TT.el("strong", {}, item.name), " ", TT.el("span", { class: "muted" }, item.description)),
          );
        }),
      );
      if (chosen.size) $("variations-box").open = true;
      built = true;
    }
    $("variations-count").textContent = chosen.size ? "(" + chosen.size + " chosen)" : "";
    const rounds = [TT.el("option", { value: "" }, "from the hand's size")];
    for (const key of Object.keys(dealt)) delete dealt[key];
    for (const item of data.rounds) {
      dealt[String(item.number)] = item.cards;
      const wild = item.wild === null ? "no wild" : item.wild + "s wild";
      rounds.push(TT.el("option", { value: String(item.number) }, "round " + item.number + ": " + item.cards + " cards, " + wild));
    }
    $("round").replaceChildren(...rounds);
    const keep = data.rounds.some((item) => String(item.number) === String(round));
    $("round").value = keep ? String(round) : "";
  }

  async function rulesChanged() {
    try {
      await loadRules($("rules").value, chosenVariations(), $("round").value);
    } catch (error) {
      TT.error(error);
      return;
    }
    changed(true);
  }

  async function start() {
    TT.header("check");
    buildPicker();
    const params = new URLSearchParams(location.search);
    $("hand").value = params.get("hand") || "";
    $("top").value = params.get("top") || "";
    $("check-form").addEventListener("submit", (event) => {
      event.preventDefault();
      changed(true);
    });
    $("hand").addEventListener("input", () => changed(false));
    $("top").addEventListener("input", () => changed(false));
    $("rules").addEventListener("change", rulesChanged);
    $("round").addEventListener("change", () => changed(true));
    $("clear-button").addEventListener("click", () => setHand([]));
    const variations = (params.get("variations") || "").split(/[,+\s]+/).filter(Boolean);
    let failed = null;
    try {
      await loadRules(params.get("rules") || "pagat", variations, params.get("round") || "");
    } catch (error) {
      failed = error; // a bad preset or variation in the address: its message stays
      try {
        await loadRules("pagat", [], params.get("round") || "");
      } catch (again) {
        failed = again;
      }
    }
    document.body.dataset.ready = "true";
    if (failed) {
      showHand();
      TT.error(failed);
      return;
    }
    changed(true);
  }

  document.addEventListener("DOMContentLoaded", start);
})();
