// The service worker of turn notices (docs/server.md "Turn-based play over days"): shows a push message the server
// sent (its words already in the reader's language) and opens the table on a click.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || "hustings", {
    body: data.body || "", tag: data.tag || "hustings", data: { url: data.url || "/" }, renotify: true,
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => new URL(c.url).pathname === url.pathname);
    if (same) return same.focus();
    return self.clients.openWindow(url.pathname + url.hash);
  })());
});
