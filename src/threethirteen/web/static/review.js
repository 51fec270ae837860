// The review page: a game stepped through action by action, each decision's review
// beside it, and each player's curve of points given up (see docs/serve.md).
// Everything from the record (names, actions, words) is shown as text: TT.el and
// textContent only, never HTML built from a string.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#0b5cad", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490", "#a16207", "#be185d"];
  const WILD_NAMES = { A: "aces", J: "jacks", Q: "queens", K: "kings" };
  const POLL_MS = 250;

  const state = {
    file: null,
    game: "0",
    data: null,
    steps: [],
    step: 0,
    review: null,
    reviewKind: null,
    decisions: new Map(),
    view: "all",
    viewer: 0,
    job: null,
    timer: null,
    deals: "96",
  };

  function $(id) {
    return document.getElementById(id);
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== undefined && value !== null) node.setAttribute(key, String(value));
    }
    for (const child of children) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function playerName(seat) {
    const names = state.data ? state.data.names : [];
    const name = names[seat];
    const plain = "player " + seat;
    if (name === undefined || name === plain) return plain;
    return plain + " (" + name + ")";
  }

  function points(value) {
    return (Math.round(value * 10) / 10).toFixed(1);
  }

  function withError(value, error) {
    return error > 0 ? points(value) + " ± " + points(error) : points(value);
  }

  // The card a meld's text names ("3d=9c": the 3d standing for the 9c), and whether
  // it is wild there.
  function meldCard(text) {
    const at = text.indexOf("=");
    return at < 0 ? { code: text, wild: false } : { code: text.slice(0, at), wild: true };
  }

  function isWild(code, wild) {
    if (code === "Jk") return true;
    return code.slice(0, -1) === wild;
  }

  function roundOf(step) {
    return state.data.rounds[step.round];
  }

  function decisionAt(step) {
    if (!step || step.kind !== "action") return null;
    return state.decisions.get(step.round + ":" + step.index) || null;
  }

  // A decision shown in the current view: in one player's view, only theirs.
  function visibleDecision(step) {
    const decision = decisionAt(step);
    if (!decision) return null;
    if (state.view === "one" && decision.player !== state.viewer) return null;
    return decision;
  }

  // -- opening a file ---------------------------------------------------------------

  async function showOpen() {
    $("open-section").hidden = false;
    const list = $("file-list");
    try {
      const answer = await TT.api("/api/files");
      const items = answer.files.map((file) =>
        TT.el(
          "li",
          {},
          TT.el("a", { href: "/review?file=" + encodeURIComponent(file.name) + "&game=0" }, file.name),
          " ",
          TT.el("span", { class: "kind" }, file.kind ? "(" + file.kind + ")" : "(" + (file.error || "unreadable") + ")"),
        ),
      );
      list.replaceChildren(...(items.length ? items : [TT.el("li", {}, "No file was named on the command line.")]));
    } catch (error) {
      TT.error(error);
    }
    $("upload").addEventListener("change", upload);
  }

  async function upload(event) {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    TT.clearError();
    try {
      const text = await file.text();
      const answer = await TT.api("/api/files/upload", { name: file.name, text: text });
      window.location.assign("/review?file=" + encodeURIComponent(answer.file) + "&game=0");
    } catch (error) {
      TT.error(error);
    }
  }

  // -- the game ---------------------------------------------------------------------

  function setup(data) {
    state.data = data;
    state.steps = data.steps;
    $("game-section").hidden = false;
    const rules = data.rules;
    const variations = rules.variations && rules.variations.length ? ", " + rules.variations.join(", ") : "";
    const names = data.names.map((name, seat) => playerName(seat)).join(", ");
    $("game-name").replaceChildren(
      TT.el("strong", {}, data.name),
      data.games.length > 1 ? " game " + data.game : "",
      ": " + rules.preset + variations + ", " + rules.players + " players (" + names + ")",
      data.seed !== null ? ", seed " + data.seed : "",
    );
    if (data.games.length > 1) {
      const select = $("game-select");
      select.replaceChildren(
        ...data.games.map((game) =>
          TT.el(
            "option",
            { value: String(game.index), selected: game.index === data.game ? true : null, disabled: game.record ? null : true },
            "game " + game.index + ": " + game.bots.join(" v ") + " (" + game.totals.join(" to ") + ")" + (game.record ? "" : ", no record"),
          ),
        ),
      );
      select.addEventListener("change", () => {
        window.location.assign("/review?file=" + encodeURIComponent(state.file) + "&game=" + encodeURIComponent(select.value));
      });
      $("game-choice").hidden = false;
    }
    const viewer = $("view-player");
    viewer.replaceChildren(...data.names.map((name, seat) => TT.el("option", { value: String(seat) }, playerName(seat))));
    viewer.addEventListener("change", () => {
      state.viewer = Number(viewer.value);
      state.view = "one";
      $("view-one").checked = true;
      render();
    });
    for (const radio of document.querySelectorAll('input[name="view"]')) {
      radio.addEventListener("change", () => {
        state.view = radio.value;
        state.viewer = Number(viewer.value);
        render();
      });
    }
    $("first").addEventListener("click", () => go(0));
    $("previous").addEventListener("click", () => go(state.step - 1));
    $("next").addEventListener("click", () => go(state.step + 1));
    $("last").addEventListener("click", () => go(state.steps.length - 1));
    $("next-costly").addEventListener("click", () => costly(1));
    $("previous-costly").addEventListener("click", () => costly(-1));
    document.addEventListener("keydown", onKey);
    renderScores();
    const hash = /^#step=(\d+)$/.exec(window.location.hash);
    go(hash ? Number(hash[1]) : 0);
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const moves = {
      ArrowRight: () => go(state.step + 1),
      ArrowLeft: () => go(state.step - 1),
      Home: () => go(0),
      End: () => go(state.steps.length - 1),
      n: () => costly(1),
      N: () => costly(-1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  function go(index) {
    if (!state.steps.length) return;
    state.step = Math.max(0, Math.min(state.steps.length - 1, index));
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#step=" + state.step);
    }
    render();
  }

  // The next (direction 1) or previous (-1) step whose decision is costly (an
  // inaccuracy or worse), in the current view.
  function costly(direction) {
    for (let index = state.step + direction; index >= 0 && index < state.steps.length; index += direction) {
      const decision = visibleDecision(state.steps[index]);
      if (decision && decision.label) {
        go(index);
        return;
      }
    }
    TT.error(direction > 0 ? "No costly decision after this step." : "No costly decision before this step.");
  }

  function render() {
    TT.clearError();
    const step = state.steps[state.step];
    const round = roundOf(step);
    const last = state.steps.length - 1;
    $("step-count").textContent = "step " + (state.step + 1) + " of " + state.steps.length;
    $("first").disabled = state.step === 0;
    $("previous").disabled = state.step === 0;
    $("next").disabled = state.step === last;
    $("last").disabled = state.step === last;
    const wildName = WILD_NAMES[round.wild] || round.wild + "s";
    $("step-title").textContent =
      "Round " + round.number + ": " + round.cards_dealt + " cards, " + wildName + " wild" + (round.void ? " (void)" : "");
    $("step-action").replaceChildren(...actionLine(step));
    renderPlayers(step, round);
    renderTable(step, round);
    renderDecision(step);
    renderCurve();
  }

  function actionLine(step) {
    const parts = [];
    if (step.kind === "deal") {
      parts.push("The deal." + (step.to_move !== null ? " " + playerName(step.to_move) + " moves first." : ""));
    } else if (step.kind === "reshuffle") {
      parts.push("The discards are shuffled into a new stock.");
    } else {
      parts.push(TT.el("span", { class: "actor" }, playerName(step.player)), ": ", TT.el("strong", { class: "action-text" }, step.action));
    }
    const decision = visibleDecision(step);
    if (decision && decision.label) {
      parts.push(" ", TT.el("span", { class: "badge label-" + decision.label }, decision.label));
    }
    if (step.round_end) {
      const end = step.round_end;
      const scores = end.scores ? end.scores.map((score, seat) => playerName(seat) + " " + score).join(", ") : "";
      parts.push(
        TT.el("span", { class: "round-end" }, " Round over (" + end.end + (end.void ? ", void" : "") + "): " + scores + "."),
      );
    }
    return parts;
  }

  function renderPlayers(step, round) {
    const rows = step.hands.map((hand, seat) => {
      const shown = state.view === "all" || state.viewer === seat;
      const cards = shown
        ? hand.map((code) => TT.card(code, { wild: isWild(code, round.wild) }))
        : hand.map(() => TT.cardBack());
      const classes = ["player"];
      if (step.to_move === seat) classes.push("to-move");
      if (step.player === seat) classes.push("actor");
      return TT.el(
        "div",
        { class: classes.join(" "), "data-seat": String(seat), "data-shown": shown ? "face" : "back" },
        TT.el(
          "p",
          { class: "player-head" },
          TT.el("span", { class: "player-name" }, playerName(seat)),
          TT.el("span", { class: "player-total" }, "total " + step.totals[seat]),
          step.to_move === seat ? TT.el("span", { class: "to-move-mark" }, "to move") : "",
          TT.el("span", { class: "visually-hidden" }, shown ? ", " + hand.length + " cards" : ", " + hand.length + " cards face down"),
        ),
        TT.el("div", { class: "cards hand" }, cards.length ? cards : TT.el("span", { class: "empty" }, "no cards")),
      );
    });
    $("players").replaceChildren(...rows);
  }

  function renderTable(step, round) {
    const piles = step.piles.map((top) =>
      top === null ? TT.el("span", { class: "empty" }, "empty") : TT.card(top, { wild: isWild(top, round.wild) }),
    );
    $("piles").replaceChildren(...piles);
    $("stock").textContent = step.stock + " cards";
    const melds = step.table.map((meld) =>
      TT.el(
        "div",
        { class: "meld" },
        TT.el("span", { class: "meld-owner" }, playerName(meld.owner)),
        TT.el("div", { class: "cards" }, meld.cards.map((text) => {
          const card = meldCard(text);
          return TT.card(card.code, { wild: card.wild });
        })),
      ),
    );
    $("table-melds").replaceChildren(
      ...(melds.length ? [TT.el("span", { class: "pile-label" }, "Melds on the table"), ...melds] : []),
    );
  }

  // -- the review panel ------------------------------------------------------------

  function renderDecision(step) {
    const box = $("decision");
    if (!state.review) {
      box.replaceChildren(TT.el("p", { class: "muted" }, "The review is on its way."));
      return;
    }
    if (step.kind !== "action") {
      box.replaceChildren(TT.el("p", { class: "muted" }, step.kind === "deal" ? "The deal: no decision." : "A reshuffle: no decision."));
      return;
    }
    const decision = decisionAt(step);
    if (!decision) {
      box.replaceChildren(TT.el("p", { class: "muted" }, playerName(step.player) + " is not reviewed."));
      return;
    }
    if (state.view === "one" && decision.player !== state.viewer) {
      box.replaceChildren(
        TT.el("p", { class: "muted" }, playerName(decision.player) + "'s decision: not shown in " + playerName(state.viewer) + "'s view."),
      );
      return;
    }
    const labelText = decision.label || (decision.loss > 0 ? "no label" : "best");
    const verdict = TT.el(
      "p",
      { class: "verdict" },
      TT.el("span", { class: "badge label-" + (decision.label || "none"), "data-label": decision.label || "" }, labelText),
      " " + withError(decision.loss, decision.error) + " points given up",
    );
    const lines = [
      verdict,
      TT.el("p", {}, "Played: ", TT.el("strong", {}, decision.action)),
      TT.el("p", {}, "Best: ", TT.el("strong", {}, decision.best)),
    ];
    if (decision.words) lines.push(TT.el("p", { class: "words" }, decision.words));
    const rows = decision.candidates.map((candidate) => {
      const marks = [];
      if (candidate.action === decision.action) marks.push("played");
      if (candidate.action === decision.best) marks.push("best");
      return TT.el(
        "tr",
        { class: marks.join(" ") },
        TT.el("td", {}, candidate.action),
        TT.el("td", { class: "number" }, withError(candidate.value, candidate.error)),
        TT.el("td", {}, marks.join(", ")),
      );
    });
    lines.push(
      TT.el(
        "div",
        { class: "table-wrap" },
        TT.el(
          "table",
          { class: "candidates" },
          TT.el("caption", {}, "Candidates: the round's expected margin, lower is better"),
          TT.el("thead", {}, TT.el("tr", {}, TT.el("th", { scope: "col" }, "action"), TT.el("th", { scope: "col", class: "number" }, "value"), TT.el("th", { scope: "col" }, "note"))),
          TT.el("tbody", {}, rows),
        ),
      ),
    );
    const facts = decision.facts;
    if (facts) {
      lines.push(
        TT.el(
          "p",
          { class: "facts" },
          "Deadwood " + facts.deadwood_before + " → " + facts.deadwood_after + "; outs " + facts.outs_before + " → " + facts.outs_after + ".",
        ),
      );
    }
    box.replaceChildren(...lines);
  }

  function setReview(review, kind) {
    state.review = review;
    state.reviewKind = kind;
    state.decisions = new Map(review.decisions.map((decision) => [decision.round + ":" + decision.index, decision]));
    renderStatus();
    renderSummaries();
    render();
  }

  function levelText(review, kind) {
    const what = review.level === "full" ? "full review (" + review.deals + " deals a decision, seed " + review.seed + ")" : "quick review (the lookahead's exact values)";
    return (kind === "stored" ? "The record's stored analysis: " : "") + what;
  }

  function renderStatus() {
    const box = $("job-status");
    const parts = [];
    const job = state.job;
    if (job && job.status === "running") {
      parts.push(
        TT.el("p", {}, (job.level === "full" ? "Full review" : "Quick review") + ": " + job.done + " of " + job.total + " decisions weighed"),
        TT.el("progress", { max: String(Math.max(1, job.total)), value: String(job.done), "aria-label": "review progress" }),
        TT.el("button", { type: "button", class: "secondary", id: "cancel-review", onclick: cancelJob }, "Cancel"),
      );
    }
    if (state.review) parts.push(TT.el("p", { class: "level" }, levelText(state.review, state.reviewKind)));
    if (state.review && !(job && job.status === "running")) {
      const deals = TT.el("input", { type: "number", id: "full-deals", min: "1", max: "1000", step: "1", value: String(state.deals) });
      deals.addEventListener("change", () => {
        state.deals = deals.value;
      });
      parts.push(
        TT.el(
          "p",
          { class: "full-choice" },
          TT.el("button", { type: "button", class: "secondary", id: "full-review", onclick: () => startJob("full"), title: "samples deals of the unseen cards and plays each candidate out: slower, one at a time on the server" }, "Full review"),
          " ",
          TT.el("label", { for: "full-deals" }, "deals a decision"),
          deals,
        ),
      );
    }
    box.replaceChildren(...parts);
  }

  async function startJob(level) {
    TT.clearError();
    try {
      const body = { file: state.file, game: Number(state.game), level: level };
      if (level === "full") {
        const deals = Number(state.deals);
        body.deals = Number.isInteger(deals) ? deals : state.deals;
      }
      const job = await TT.api("/api/review/start", body);
      followJob(job);
    } catch (error) {
      TT.error(error);
    }
  }

  function followJob(job) {
    state.job = job;
    if (job.status === "done") {
      setReview(job.review, job.level);
      return;
    }
    if (job.status !== "running") {
      renderStatus();
      if (job.error) TT.error(job.error);
      return;
    }
    renderStatus();
    clearTimeout(state.timer);
    state.timer = setTimeout(async () => {
      try {
        followJob(await TT.api("/api/review/job/" + encodeURIComponent(job.job)));
      } catch (error) {
        TT.error(error);
      }
    }, POLL_MS);
  }

  async function cancelJob() {
    if (!state.job) return;
    try {
      await TT.api("/api/review/cancel", { job: state.job.job });
    } catch (error) {
      TT.error(error);
    }
  }

  // -- the curve and the summaries -------------------------------------------------

  function renderCurve() {
    const box = $("curve");
    const review = state.review;
    if (!review) {
      box.replaceChildren();
      return;
    }
    const width = 1000;
    const height = 240;
    const left = 56;
    const right = 12;
    const top = 14;
    const bottom = 30;
    const count = state.steps.length;
    const x = (index) => left + (count > 1 ? (index / (count - 1)) * (width - left - right) : 0);
    const stepOf = new Map(state.steps.map((step, index) => [step.round + ":" + step.index, index]));
    const seats = review.players.filter((seat) => state.view === "all" || seat === state.viewer);
    const series = seats.map((seat) => {
      let total = 0;
      const marks = [];
      for (const decision of review.decisions) {
        if (decision.player !== seat) continue;
        total += decision.loss;
        const index = stepOf.get(decision.round + ":" + decision.index);
        if (index !== undefined) marks.push({ index: index, total: total, label: decision.label });
      }
      return { seat: seat, total: total, marks: marks };
    });
    const most = Math.max(1, ...series.map((line) => line.total));
    const y = (value) => top + (1 - value / most) * (height - top - bottom);
    const chart = svg("svg", {
      viewBox: "0 0 " + width + " " + height,
      class: "curve-chart",
      role: "img",
      "aria-label": "each player's running points given up over the game's steps",
    });
    chart.append(svg("rect", { x: left, y: top, width: width - left - right, height: height - top - bottom, class: "curve-frame" }));
    state.steps.forEach((step, index) => {
      if (step.kind !== "deal") return;
      chart.append(svg("line", { x1: x(index), x2: x(index), y1: top, y2: height - bottom, class: "curve-round" }));
      chart.append(svg("text", { x: x(index) + 3, y: height - bottom + 16, class: "curve-round-number" }, String(roundOf(step).number)));
    });
    chart.append(svg("text", { x: left - 6, y: top + 10, class: "curve-axis", "text-anchor": "end" }, points(most)));
    chart.append(svg("text", { x: left - 6, y: height - bottom, class: "curve-axis", "text-anchor": "end" }, "0"));
    for (const line of series) {
      const colour = COLOURS[line.seat % COLOURS.length];
      let path = "M " + x(0) + " " + y(0);
      let previous = 0;
      for (const mark of line.marks) {
        path += " L " + x(mark.index) + " " + y(previous) + " L " + x(mark.index) + " " + y(mark.total);
        previous = mark.total;
      }
      path += " L " + x(count - 1) + " " + y(previous);
      chart.append(svg("path", { d: path, class: "curve-line", stroke: colour, "data-seat": String(line.seat) }));
      for (const mark of line.marks) {
        if (!mark.label) continue;
        chart.append(svg("circle", { cx: x(mark.index), cy: y(mark.total), r: mark.label === "blunder" ? 4.5 : 3, fill: colour, class: "curve-mark" }));
      }
    }
    chart.append(svg("line", { x1: x(state.step), x2: x(state.step), y1: top, y2: height - bottom, class: "curve-marker", id: "curve-marker" }));
    chart.addEventListener("click", (event) => {
      const matrix = chart.getScreenCTM();
      if (!matrix) return;
      const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
      const fraction = (point.x - left) / (width - left - right);
      go(Math.round(fraction * (count - 1)));
    });
    const legend = TT.el(
      "ul",
      { class: "curve-legend" },
      series.map((line) =>
        TT.el(
          "li",
          {},
          TT.el("span", { class: "swatch swatch-" + (line.seat % COLOURS.length) }),
          playerName(line.seat) + ": " + points(line.total) + " points given up",
        ),
      ),
    );
    box.replaceChildren(chart, legend);
  }

  function renderSummaries() {
    const review = state.review;
    const rows = review.summaries.map((summary) =>
      TT.el(
        "tr",
        {},
        TT.el("th", { scope: "row" }, playerName(summary.player)),
        TT.el("td", { class: "number" }, String(summary.decisions)),
        TT.el("td", { class: "number" }, points(summary.loss)),
        TT.el("td", { class: "number" }, String(summary.accuracy)),
        TT.el("td", { class: "number" }, String(summary.labels.inaccuracy)),
        TT.el("td", { class: "number" }, String(summary.labels.mistake)),
        TT.el("td", { class: "number" }, String(summary.labels.blunder)),
      ),
    );
    const heads = ["player", "decisions", "points given up", "accuracy", "inaccuracies", "mistakes", "blunders"];
    $("summaries").replaceChildren(
      TT.el(
        "table",
        { class: "summaries" },
        TT.el("caption", {}, "Each player's review"),
        TT.el("thead", {}, TT.el("tr", {}, heads.map((head, at) => TT.el("th", { scope: "col", class: at ? "number" : null }, head)))),
        TT.el("tbody", {}, rows),
      ),
    );
  }

  function renderScores() {
    const data = state.data;
    const heads = ["round", "wild", ...data.names.map((name, seat) => playerName(seat))];
    const rows = data.rounds.map((round) =>
      TT.el(
        "tr",
        {},
        TT.el("td", {}, String(round.number) + (round.void ? " (void)" : "")),
        TT.el("td", {}, round.wild),
        data.names.map((name, seat) => TT.el("td", { class: "number" }, round.scores ? String(round.scores[seat]) : "")),
      ),
    );
    rows.push(
      TT.el(
        "tr",
        { class: "totals" },
        TT.el("th", { scope: "row" }, "total"),
        TT.el("td", {}, ""),
        data.totals.map((total) => TT.el("td", { class: "number" }, String(total))),
      ),
    );
    $("scores").replaceChildren(
      TT.el(
        "table",
        {},
        TT.el("thead", {}, TT.el("tr", {}, heads.map((head, at) => TT.el("th", { scope: "col", class: at > 1 ? "number" : null }, head)))),
        TT.el("tbody", {}, rows),
      ),
    );
  }

  // -- start ------------------------------------------------------------------------

  async function start() {
    TT.header("review");
    const query = new URLSearchParams(window.location.search);
    state.file = query.get("file");
    state.game = query.get("game") || "0";
    if (!state.file) {
      showOpen();
      return;
    }
    let data;
    try {
      data = await TT.api("/api/review/game?file=" + encodeURIComponent(state.file) + "&game=" + encodeURIComponent(state.game));
    } catch (error) {
      TT.error(error);
      showOpen();
      return;
    }
    setup(data);
    if (data.analysis) {
      setReview(data.analysis, "stored");
    } else {
      renderStatus();
      startJob("quick");
    }
  }

  document.addEventListener("DOMContentLoaded", start);
})();
