// The results page: a tournament's results or a games file (GET /api/results?file=NAME)
// as tables, each game linked to its review; the files named on the command line, and
// a file from this computer uploaded (POST /api/files/upload).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const MAX_UPLOAD = 8 * 1024 * 1024; // the server's MAX_BODY_BYTES
  const KINDS = { record: "a game's record", games: "a games file", results: "a tournament's results" };

  function number(value, digits) {
    return value === null || value === undefined ? "–" : Number(value).toFixed(digits);
  }

  function interval(pair, digits) {
    return pair ? number(pair[0], digits) + " to " + number(pair[1], digits) : "–";
  }

  function percent(value) {
    return value === null || value === undefined ? "–" : (100 * value).toFixed(0) + " %";
  }

  function cell(content, className) {
    return TT.el("td", { class: className || null }, content);
  }

  function head(content) {
    return TT.el("th", { scope: "row" }, content);
  }

  function fileLink(file) {
    const href = "/results?file=" + encodeURIComponent(file.name);
    const words = file.kind ? KINDS[file.kind] || file.kind : "cannot be read";
    return TT.el("li", {}, TT.el("a", { href: href }, file.name), " ", TT.el("span", { class: "muted" }, "(" + words + ")"));
  }

  async function listFiles() {
    try {
      const data = await TT.api("/api/files");
      const files = data.files || [];
      $("files").replaceChildren(...(files.length ? files.map(fileLink) : [TT.el("li", { class: "muted" }, "none")]));
    } catch (error) {
      TT.error(error);
    }
  }

  function showTournament(data) {
    const about = data.tournament;
    const variations = about.rules.variations.map((name) => " +" + name).join("");
    $("file-summary").textContent =
      about.bots.length + " bots, " + about.games + " games of " + about.players + " players, " +
      about.rules.preset + variations + ", seed " + about.seed +
      (about.duplicate ? ", duplicate deals (" + about.samples + " deals)" : ", " + about.samples + " games") +
      ", seatings " + about.seatings + (about.move_time ? ", " + about.move_time + " s a move" : "") + ".";
    $("bots").tBodies[0].replaceChildren(
      ...data.bots.map((bot) =>
        TT.el(
          "tr",
          {},
          head(bot.name),
          cell(String(bot.games), "number"),
          cell(number(bot.mean_total, 1), "number"),
          cell(interval(bot.mean_total_interval, 1)),
          cell(String(bot.wins), "number"),
          cell(percent(bot.win_rate) + " (" + percent(bot.win_interval[0]) + " to " + percent(bot.win_interval[1]) + ")"),
          cell(number(bot.elo, 0), "number"),
          cell(interval(bot.elo_interval, 0)),
          cell(String(bot.forfeits), "number"),
        ),
      ),
    );
    $("heads").tBodies[0].replaceChildren(
      ...data.head_to_heads.map((pair) => {
        let verdict = "not significant";
        if (pair.significant) verdict = pair.margin > 0 ? pair.bot + " is better" : pair.other + " is better";
        return TT.el(
          "tr",
          {},
          head(pair.bot),
          cell(pair.other),
          cell(String(pair.games), "number"),
          cell(number(pair.margin, 1), "number"),
          cell(interval(pair.interval, 1)),
          cell(pair.p_value === null ? "–" : pair.p_value.toPrecision(2), "number"),
          cell(number(pair.score, 2), "number"),
          cell(TT.el("span", { class: pair.significant ? "significant" : "muted" }, verdict)),
        );
      }),
    );
    $("faults-box").hidden = !data.faults.length;
    $("faults").replaceChildren(
      ...data.faults.map((fault) =>
        TT.el("li", {}, fault.bot + ", game " + (fault.game === null ? "?" : fault.game) + ", round " + fault.round + ": " + fault.kind + ": " + fault.message),
      ),
    );
    $("warnings-box").hidden = !data.warnings.length;
    $("warnings").replaceChildren(...data.warnings.map((text) => TT.el("li", {}, text)));
  }

  function seats(game) {
    return game.bots.map((bot, seat) => [
      seat ? ", " : "",
      TT.el("span", { class: game.winners.includes(seat) ? "seat winner" : "seat" }, bot),
    ]);
  }

  function shortSeed(seed) {
    const text = String(seed);
    return text.length > 10 ? text.slice(0, 8) + "…" : text;
  }

  function showGames(data) {
    $("no-games").hidden = data.games.length > 0;
    $("games").hidden = data.games.length === 0;
    $("games").tBodies[0].replaceChildren(
      ...data.games.map((game) =>
        TT.el(
          "tr",
          {},
          cell(String(game.index), "number"),
          cell(TT.el("span", { title: String(game.seed) }, shortSeed(game.seed)), "seed"),
          cell(seats(game)),
          cell(game.totals.join(" – ")),
          cell(game.winners.map((seat) => game.bots[seat]).join(", ")),
          cell(game.forfeit || ""),
          cell(
            game.review
              ? TT.el("a", { href: game.review, "aria-label": "review game " + game.index }, "review")
              : TT.el("span", { class: "muted" }, "no record"),
          ),
        ),
      ),
    );
  }

  async function open(file) {
    TT.clearError();
    let data;
    try {
      data = await TT.api("/api/results?file=" + encodeURIComponent(file));
    } catch (error) {
      $("shown").hidden = true;
      TT.error(error);
      return;
    }
    $("file-title").textContent = data.name + " (" + (KINDS[data.kind] || data.kind) + ")";
    $("tournament").hidden = data.kind !== "results";
    if (data.kind === "results") {
      showTournament(data);
    } else {
      const count = data.games.length;
      $("file-summary").textContent = count + (count === 1 ? " game." : " games.");
    }
    showGames(data);
    $("shown").hidden = false;
    document.title = data.name + " · Results · Three Thirteen";
  }

  function upload(event) {
    const input = event.target;
    const file = input.files && input.files[0];
    if (!file) return;
    TT.clearError();
    if (file.size > MAX_UPLOAD) {
      TT.error("a file of " + file.size + " bytes is more than this server reads (" + MAX_UPLOAD + ")");
      return;
    }
    const reader = new FileReader();
    reader.onload = async () => {
      try {
        const answer = await TT.api("/api/files/upload", { name: file.name, text: String(reader.result) });
        history.replaceState(null, "", "/results?file=" + encodeURIComponent(answer.file));
        await open(answer.file);
      } catch (error) {
        $("shown").hidden = true;
        TT.error(error);
      } finally {
        input.value = "";
      }
    };
    reader.onerror = () => TT.error("cannot read " + file.name + ": " + (reader.error ? reader.error.message : "an error"));
    reader.readAsText(file);
  }

  async function start() {
    TT.header("results");
    $("upload").addEventListener("change", upload);
    await listFiles();
    const file = new URLSearchParams(location.search).get("file");
    if (file) await open(file);
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
