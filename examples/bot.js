// A complete Three Thirteen bot in Node.js, for threethirteen's line protocol (version 1);
// no packages needed. Play it with tt.ProcessBot(["node", "examples/bot.js"]).
// Each line on standard input is a JSON message; only "act" gets an answer: one line, an
// action's notation from the legal list, as {"action": ..., "request": ...} so that the
// arena can tell this answer from a late one. It goes out when it can, else it draws from
// the stock and discards its highest card that is not wild.
const readline = require("node:readline");

const RANKS = { A: 1, J: 11, Q: 12, K: 13 };
function value(card, wild) {
  const rank = card.slice(0, -1);
  if (card === "Jk" || rank === wild) return -1; // a wild card: keep it
  return RANKS[rank] ?? Number(rank);
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "quit") process.exit(0);
  if (message.type !== "act") return; // start and end need no answer
  const legal = message.legal;
  const card = (action) => value(action.split(" ")[1], message.view.wild);
  const plain = (action) => action.startsWith("discard ") && action.split(" ").length === 2;
  const discards = legal.filter(plain); // "discard 9s", not "discard 9s out"
  discards.sort((a, b) => card(b) - card(a));
  const choice =
    legal.find((action) => action.split(" ").includes("out")) ??
    legal.find((action) => action === "draw stock") ??
    discards[0] ??
    legal[0];
  // the request number echoed (JSON leaves it out when the arena sent none)
  process.stdout.write(JSON.stringify({ action: choice, request: message.request }) + "\n");
});
