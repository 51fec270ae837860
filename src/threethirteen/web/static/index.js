// The home page: the site's header, and the files named on the command line.
"use strict";

(function () {
  const KIND_PAGE = { record: "review", games: "results", results: "results" };
  const KIND_WORDS = { record: "a game's record", games: "a games file", results: "a tournament's results" };

  function link(file) {
    if (file.error) {
      return TT.el(
        "li",
        {},
        TT.el("span", { class: "file-name" }, String(file.name)),
        " ",
        TT.el("span", { class: "kind" }, "cannot be opened: " + String(file.error)),
      );
    }
    const page = KIND_PAGE[file.kind] || "results";
    const query = page === "review"
      ? "?file=" + encodeURIComponent(file.name) + "&game=0"
      : "?file=" + encodeURIComponent(file.name);
    return TT.el(
      "li",
      {},
      TT.el("a", { href: "/" + page + query }, file.name),
      " ",
      TT.el("span", { class: "kind" }, KIND_WORDS[file.kind] || String(file.kind)),
    );
  }

  async function showFiles() {
    let data;
    try {
      data = await TT.api("/api/files");
    } catch (error) {
      return; // no files page yet, or none named: the home page shows none
    }
    const files = Array.isArray(data) ? data : data && Array.isArray(data.files) ? data.files : [];
    if (!files.length) return;
    document.getElementById("files").replaceChildren(...files.map(link));
    document.getElementById("files-section").hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    TT.header("");
    showFiles();
  });
})();
