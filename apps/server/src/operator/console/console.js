// The operator console: plain DOM, no build step. The token stays in this
// tab's sessionStorage and goes only to /api/operator/* as a bearer token.
const $ = (id) => document.getElementById(id);
let current = null;

function token() {
  return sessionStorage.getItem("operator-token") ?? "";
}

function say(text, ok = false) {
  $("message").textContent = text;
  $("message").className = ok ? "ok" : "";
}

async function api(path, body) {
  const res = await fetch(`/api/operator/${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${token()}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.error?.message ?? `The server answered ${res.status}.`);
  return json.data;
}

function fill(tableId, rows, cells, onPick) {
  const body = $(tableId).querySelector("tbody");
  body.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement("tr");
      for (const value of cells(row)) {
        const td = document.createElement("td");
        td.textContent = value ?? "";
        if (typeof value === "number") td.className = "num";
        tr.append(td);
      }
      if (onPick) {
        tr.className = "pick";
        tr.tabIndex = 0;
        tr.addEventListener("click", () => onPick(row));
        tr.addEventListener("keydown", (e) => e.key === "Enter" && onPick(row));
      }
      return tr;
    }),
  );
}

const stateOf = (p) => (p.suspended_at ? `suspended: ${p.suspended_reason}` : "active");

async function show(id) {
  const d = await api(`players/${id}`);
  current = d.player;
  $("player").hidden = false;
  $("player-title").textContent = `#${d.player.id} ${d.player.nickname}`;
  $("player-state").textContent =
    `login ${d.player.login ?? "(guest)"} · partner id ${d.player.partner_id ?? "-"} · level ${d.player.level} · ${d.player.silver} gems · rank ${d.player.rank_score} · since ${d.player.created_at} · ${stateOf(d.player)}`;
  fill("ledger", d.ledger, (r) => [
    r.created_at,
    r.delta,
    r.balance_after,
    r.reason,
    r.idempotency_key,
  ]);
  fill(
    "purchases",
    d.purchases,
    (r) => [r.id, r.box_id, r.gems, r.price, r.status, r.payment_id, r.paid_at],
    (r) => {
      $("refund-order").value = r.id;
    },
  );
  fill("battles", d.battles, (r) => [
    r.created_at,
    r.mode,
    r.cpu_id,
    r.status,
    r.winner,
    r.rewards,
  ]);
  fill("actions", d.actions, (r) => [
    r.created_at,
    r.operator,
    r.action,
    r.outcome,
    r.status,
    r.address,
    r.details,
  ]);
  // A new grant form gets a new key: resubmitting this one credits once.
  $("grant-form").dataset.key = crypto.randomUUID();
}

async function run(work, done) {
  try {
    say("Working...", true);
    await work();
    say(done, true);
  } catch (err) {
    say(err instanceof Error ? err.message : String(err));
  }
}

// Grants above an operator's daily ceiling: another operator confirms them here.
async function showWaiting() {
  const rows = await api("grants");
  fill(
    "waiting-grants",
    rows,
    (r) => [r.id, r.operator, r.user_id, r.gems, r.reason, r.created_at],
    (r) => {
      if (
        !confirm(
          `Confirm grant #${r.id}: ${r.gems} gems to player #${r.user_id}, asked by ${r.operator}?`,
        )
      )
        return;
      run(async () => {
        await api(`grants/${r.id}/confirm`, {});
        await showWaiting();
        if (current?.id === r.user_id) await show(current.id);
      }, `Grant #${r.id} confirmed: ${r.gems} gems credited.`);
    },
  );
}

$("token").value = token();
$("token-form").addEventListener("submit", (e) => {
  e.preventDefault();
  sessionStorage.setItem("operator-token", $("token").value);
  $("who").textContent = "Token set for this tab.";
  run(showWaiting, "Token set.");
});
$("waiting-refresh").addEventListener("click", () => run(showWaiting, "Waiting grants shown."));
if (token()) run(showWaiting, "");

$("find-form").addEventListener("submit", (e) => {
  e.preventDefault();
  run(async () => {
    const rows = await api(`players?q=${encodeURIComponent($("query").value)}`);
    $("results").hidden = false;
    fill(
      "results",
      rows,
      (p) => [p.id, p.nickname, p.login, p.partner_id, p.level, p.silver, stateOf(p)],
      (p) => run(() => show(p.id), `Player #${p.id}.`),
    );
    if (rows.length === 0) throw new Error("No player matches.");
  }, "Pick a player.");
});

$("grant-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const gems = Number($("grant-gems").value);
  run(async () => {
    const r = await api("grant", {
      user_id: current.id,
      gems,
      reason: $("grant-reason").value,
      key: $("grant-form").dataset.key,
    });
    await show(current.id);
    if (r.pending) {
      await showWaiting();
      throw new Error(
        `Over your ceiling for today (${r.granted_today} of ${r.ceiling} gems granted): grant #${r.grant_id} waits for another operator to confirm it.`,
      );
    }
    if (r.duplicate) throw new Error("Already granted (same form): nothing more was credited.");
  }, `Granted ${gems} gems.`);
});

$("refund-form").addEventListener("submit", (e) => {
  e.preventDefault();
  run(async () => {
    const r = await api("refund", {
      order_id: $("refund-order").value,
      reason: $("refund-reason").value,
    });
    await show(current.id);
    say(`Refunded: ${r.gems} gems taken back.`, true);
  }, "Refunded.");
});

$("sessions-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const action = e.submitter?.dataset.action ?? "end-sessions";
  if (action === "suspend" && !confirm(`Suspend #${current.id}? They are signed out everywhere.`))
    return;
  run(
    async () => {
      await api(action, { user_id: current.id, reason: $("access-reason").value });
      await show(current.id);
    },
    {
      "end-sessions": "Every session ended.",
      suspend: "Suspended.",
      unsuspend: "Suspension lifted.",
    }[action],
  );
});
