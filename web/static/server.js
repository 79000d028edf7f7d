// The server's page: its tables whose pages are on, whose turn it is and since when. Texts set with textContent.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const make = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const when = new Intl.DateTimeFormat(undefined, {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  });

  const row = (table) => {
    const item = make("li");
    const link = make("a", "", table.title);
    link.href = table.page;
    item.append(link);
    const about = make("p", "quiet", table.status === "running" ? table.game_title : `${table.game_title}, ${table.status}`);
    item.append(about);
    if (table.status === "running" && table.awaited.length) {
      let text = `Waiting for ${table.awaited.join(", ")}`;
      if (table.since) text += ` since ${when.format(new Date(table.since * 1000))}`;
      item.append(make("p", "", text));
    }
    return item;
  };

  const load = async () => {
    try {
      const answer = await fetch(document.body.dataset.data, { cache: "no-store", credentials: "same-origin" });
      if (!answer.ok) throw new Error(String(answer.status));
      const data = await answer.json();
      $("tables").replaceChildren(...data.tables.map(row));
      $("empty").hidden = data.tables.length > 0;
      $("problem").hidden = true;
    } catch {
      $("problem").textContent = "The list could not be reached; trying again soon.";
      $("problem").hidden = false;
    }
  };

  load();
  setInterval(() => {
    if (!document.hidden) load();
  }, 60000);
})();
