"""Turn notices: a person at a table of hours or days a move learns that it is their turn with the browser closed,
by e-mail (through the SMTP server ``hustings serve --smtp-url`` names) or by Web Push (VAPID keys the server makes
once and keeps in its database; the page subscribes through a service worker, ``/sw.js``).

Only at tables whose clock is of hours or days a move (:attr:`hustings.table.clock.ClockSettings.over_days`): at
any other an absent person's seat goes to a stand-in after a short grace period, and a message would come too late.
A seat's person leaves an address (or subscribes a device) with their own seat secret; nobody else sees it, it is
kept apart from the game (never in TableInfo, a message or the record) and deleted when the game ends or the seat is
taken back. A seat is told once a turn (a turn: how many moves the seat had made when it began), and only after it
has stayed away for ``Limits.notify_delay_s`` (a reload does not send one); the store marks each target told in the
same transaction that hands it out (:meth:`~hustings.server.store.ServerStore.claim_notify`), so several processes
never tell one turn twice. Every e-mail carries an unsubscribe link (and RFC 8058's one-click header); a push
service answering that a subscription is gone (404, 410) drops it.

A push endpoint is a URL the server will POST to: only hosts of the known push services are taken
(``--push-hosts``), over HTTPS, and redirects are not followed, so a subscription cannot point the server elsewhere.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import email.policy
import hashlib
import hmac
import logging
import re
import secrets
import smtplib
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, urlsplit

import orjson

from hustings.engine import LANGS, get_spec, normalize_lang
from hustings.server.i18n import CATALOG
from hustings.server.live import HubBase, LiveTable
from hustings.server.lobby import LobbyError, token_hash
from hustings.server.quota import CreateRate
from hustings.server.store import NotifyTarget, StoreError

if TYPE_CHECKING:
    from py_vapid import Vapid02  # type: ignore[import-untyped]

log = logging.getLogger("hustings.server.notify")

#: the hosts of the browsers' push services (and their subdomains): Chrome's, Firefox's, Edge's (Windows), Safari's
DEFAULT_PUSH_HOSTS = ("fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com")
#: the longest e-mail address (RFC 5321's path limit) and push endpoint taken
MAX_EMAIL = 254
MAX_ENDPOINT = 1024
#: a subscription's keys, decoded: the browser's P-256 public key (uncompressed) and its 16-byte auth secret
P256DH_BYTES, AUTH_BYTES = 65, 16
#: messages being sent at once (each a blocking SMTP or HTTPS exchange in a thread)
MAX_SENDING = 4
#: an SMTP or push exchange gives up after this long
SEND_TIMEOUT_S = 15.0
#: a push message is kept by the push service for at most this long while the device is off
PUSH_TTL_S = 86_400
_EMAIL = re.compile(r"^[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")


class NotifyConfigError(ValueError):
    """A setting of turn notices that cannot be used; one line naming it."""


@dataclass(frozen=True)
class SmtpSettings:
    """Where e-mail goes: ``smtp://[user[:password]@]host[:port][?from=address]`` (STARTTLS when the server offers
    it, and required with a user), or ``smtps://...`` (TLS from the start, port 465)."""

    host: str
    port: int
    tls: bool
    user: str | None
    password: str | None
    sender: str

    @classmethod
    def parse(cls, url: str) -> SmtpSettings:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise NotifyConfigError("--smtp-url must be smtp://[user[:password]@]host[:port][?from=address] or "
                                    "smtps://...")
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 25)
        except ValueError:
            raise NotifyConfigError("--smtp-url: the port must be a number from 1 to 65535") from None
        sender = (parse_qs(parts.query).get("from") or [f"hustings@{parts.hostname}"])[0]
        if not _EMAIL.match(sender):
            raise NotifyConfigError("--smtp-url: from= must be an e-mail address")
        user = None if parts.username is None else _unquote(parts.username)
        password = None if parts.password is None else _unquote(parts.password)
        return cls(parts.hostname, port, parts.scheme == "smtps", user, password, sender)


def _unquote(text: str) -> str:
    from urllib.parse import unquote

    return unquote(text)


@dataclass(frozen=True)
class NotifySettings:
    """How this server tells people of their turn: ``smtp`` (None: no e-mail), ``push`` (Web Push on or off),
    ``push_hosts`` (the push services it will send to; ``push_http``: also over plain HTTP, for tests only),
    ``public_url`` (the address people reach the server at, for the links in messages; None: each link is the
    table's path only), ``contact`` (the operator's address the push services are given, VAPID's ``sub``)."""

    smtp: SmtpSettings | None = None
    push: bool = True
    push_hosts: tuple[str, ...] = DEFAULT_PUSH_HOSTS
    push_http: bool = False
    public_url: str | None = None
    contact: str | None = None

    @classmethod
    def of(cls, *, smtp_url: str | None = None, push: bool = True, push_hosts: str | None = None,
           public_url: str | None = None, push_http: bool = False) -> NotifySettings:
        """From ``hustings serve``'s options (NotifyConfigError naming the bad one)."""
        smtp = SmtpSettings.parse(smtp_url) if smtp_url else None
        hosts: tuple[str, ...] = DEFAULT_PUSH_HOSTS
        if push_hosts is not None:
            hosts = tuple(h.strip().lower().lstrip(".") for h in push_hosts.split(",") if h.strip())
            if not hosts or any(not re.fullmatch(r"[a-z0-9.-]{1,253}", h) for h in hosts):
                raise NotifyConfigError("--push-hosts must name host names, comma-separated")
        if public_url is not None:
            parts = urlsplit(public_url)
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
                raise NotifyConfigError("--public-url must be the server's address, as https://host[:port][/path]")
            public_url = public_url.rstrip("/")
        contact = f"mailto:{smtp.sender}" if smtp is not None else None
        return cls(smtp, push, hosts, push_http, public_url, contact)


@dataclass(frozen=True)
class TurnNotice:
    """One message: who to tell (the target), and what, in the target's language."""

    target: NotifyTarget
    subject: str
    text: str
    link: str
    unsubscribe: str


def _b64(data: str, size: int, what: str) -> bytes:
    if not isinstance(data, str) or not re.fullmatch(r"[A-Za-z0-9_-]+=*", data) or len(data) > 4 * size:
        raise LobbyError("bad_request", f"push.keys.{what} must be base64url text")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LobbyError("bad_request", f"push.keys.{what} must be base64url text") from None
    if len(raw) != size:
        raise LobbyError("bad_request", f"push.keys.{what} must hold {size} bytes")
    return raw


class Notify(HubBase):
    """The hub's part that tells people of their turn while they are away (see the module)."""

    notify_settings: NotifySettings
    _vapid: Vapid02 | None = None
    _sending: asyncio.Semaphore | None = None
    _notify_rate: CreateRate | None = None
    _unsub_key: bytes | None = None

    # -- the seat's own settings --------------------------------------------------------------------------------

    def _notify_changes(self) -> CreateRate:
        if self._notify_rate is None:
            self._notify_rate = CreateRate(self.limits.notify_changes_per_hour / 60.0, self.limits.notify_changes_burst)
        return self._notify_rate

    async def notify(self, table_id: str, body: Mapping[str, Any], *, client: str) -> dict[str, Any]:
        """A seat's turn notices: with its own seat secret (``token``) a person leaves an e-mail address
        (``email``; "" takes it away), subscribes this device to Web Push (``push``: the browser's
        subscription), or takes a device away (``push_off``: its endpoint); a body with none of them only asks
        what is set. Answers what the seat has: its own address, how many devices, what the server can send."""
        table, seat = await self._seat_of(table_id, body.get("token"))
        lang = body.get("lang", "en")
        if lang not in LANGS:
            raise LobbyError("bad_request", f"lang must be one of {', '.join(LANGS)}")
        email, push, push_off = body.get("email"), body.get("push"), body.get("push_off")
        changes = [x for x in (email, push, push_off) if x is not None]
        if changes:
            if not table.core.clock.over_days:
                raise LobbyError("conflict", "turn notices are for tables of hours or days a move", 409,
                                 key="server.notify.not_days")
            if table.status == "over":
                raise LobbyError("conflict", "the game is over", 409, key="server.notify.over")
        await self._load_unsub_key()
        # every part checked before anything is counted or stored: a refusal changes nothing
        targets = []
        if email is not None:
            targets.append(self._email_target(table, seat, email, lang))
        if push is not None:
            targets.append(self._push_target(table, seat, push, lang))
        if push_off is not None and (not isinstance(push_off, str) or len(push_off) > MAX_ENDPOINT):
            raise LobbyError("bad_request", f"push_off must be a push endpoint of at most {MAX_ENDPOINT} characters")
        if changes:
            wait = self._notify_changes().take(client)
            if wait > 0:
                raise LobbyError("too_many_notify_changes", "too many changes of turn notices from your address",
                                 429, key="server.notify.too_many_changes", retry_after=wait,
                                 minutes=max(1, round(wait / 60)))
        for target in targets:
            if target is None:  # "" takes the seat's address away
                for old in await self._db(self.store.notify_targets, table.id, seat):
                    if old.kind == "email":
                        await self._db(self.store.drop_notify, table.id, target_id=old.id)
                continue
            if not await self._db(self.store.add_notify, target, max_per_seat=self.limits.notify_targets_per_seat):
                raise LobbyError("conflict", "this seat has as many turn notice targets as it may",
                                 409, key="server.notify.too_many_targets", limit=self.limits.notify_targets_per_seat)
        if push_off is not None:
            for old in await self._db(self.store.notify_targets, table.id, seat):
                if old.kind == "push" and old.key == push_off:
                    await self._db(self.store.drop_notify, table.id, target_id=old.id)
        held = await self._db(self.store.notify_targets, table.id, seat)
        mail = next((t.address for t in held if t.kind == "email"), None)
        endpoint = push.get("endpoint") if isinstance(push, Mapping) else None
        return {"seat": seat, "days": table.core.clock.over_days, "email": mail,
                "push": sum(1 for t in held if t.kind == "push"),
                "this_device": endpoint is not None and any(t.key == endpoint for t in held),
                "can_email": self.notify_settings.smtp is not None, "can_push": self.notify_settings.push}

    def _email_target(self, table: LiveTable, seat: int, email: object, lang: str) -> NotifyTarget | None:
        if not isinstance(email, str) or len(email) > MAX_EMAIL:
            raise LobbyError("bad_request", f"email must be an address of at most {MAX_EMAIL} characters", 400,
                             key="server.notify.bad_email", limit=MAX_EMAIL)
        email = email.strip()
        if not email:
            return None
        if self.notify_settings.smtp is None:
            raise LobbyError("conflict", "this server sends no e-mail", 409, key="server.notify.no_email")
        if not _EMAIL.match(email):
            raise LobbyError("bad_request", f"email must be an address of at most {MAX_EMAIL} characters", 400,
                             key="server.notify.bad_email", limit=MAX_EMAIL)
        return self._target(table, seat, "email", email, email.lower(), lang)

    def _push_target(self, table: LiveTable, seat: int, push: object, lang: str) -> NotifyTarget:
        settings = self.notify_settings
        if not settings.push:
            raise LobbyError("conflict", "this server sends no push messages", 409, key="server.notify.no_push")
        if not isinstance(push, Mapping) or not isinstance(push.get("keys"), Mapping):
            raise LobbyError("bad_request", "push must be a browser's subscription {endpoint, keys: {p256dh, auth}}")
        endpoint = push.get("endpoint")
        if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT:
            raise LobbyError("bad_request", f"push.endpoint must be a URL of at most {MAX_ENDPOINT} characters")
        self._check_endpoint(endpoint)
        keys = push["keys"]
        p256dh, auth = keys.get("p256dh"), keys.get("auth")
        if _b64(p256dh, P256DH_BYTES, "p256dh")[0] != 4:
            raise LobbyError("bad_request", "push.keys.p256dh must be an uncompressed P-256 point")
        _b64(auth, AUTH_BYTES, "auth")
        subscription = orjson.dumps({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}).decode()
        return self._target(table, seat, "push", subscription, endpoint, lang)

    def _check_endpoint(self, endpoint: str) -> None:
        settings = self.notify_settings
        try:
            parts = urlsplit(endpoint)
            host = (parts.hostname or "").lower()
            _ = parts.port
        except ValueError:
            host = ""
        schemes = ("https", "http") if settings.push_http else ("https",)
        if (parts.scheme not in schemes or not host or parts.username or parts.password
                or not any(host == h or host.endswith("." + h) for h in settings.push_hosts)):
            raise LobbyError("bad_request", "push.endpoint is not the address of a push service this server sends to",
                             400, key="server.notify.push_host")

    def _target(self, table: LiveTable, seat: int, kind: str, address: str, key: str, lang: str) -> NotifyTarget:
        target = NotifyTarget(table.id, seat, kind, address, key, lang, "", notified_turn=-1, created_at=time.time())
        return replace(target, unsubscribe_hash=token_hash(self._unsubscribe_secret(target)))

    def _unsubscribe_secret(self, target: NotifyTarget) -> str:
        """The secret of a target's unsubscribe link: made from the target with the server's own key (kept in its
        database), so that every message of it, from any process and after a restart, carries the same link while
        the store keeps only its hash."""
        if self._unsub_key is None:
            raise RuntimeError("the unsubscribe key is not loaded (Notify.notify loads it)")
        ident = f"{target.table_id}/{target.seat}/{target.kind}/{target.key}/{target.created_at!r}"
        mac = hmac.new(self._unsub_key, ident.encode("utf-8", "replace"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")

    async def _load_unsub_key(self) -> None:
        if self._unsub_key is None:
            stored = await self._db(self.store.server_key, "unsubscribe", secrets.token_hex(32))
            self._unsub_key = bytes.fromhex(stored)

    # -- the server's push key ----------------------------------------------------------------------------------

    async def vapid(self) -> Vapid02:
        """The server's VAPID key pair: made once, kept in the database (every process of it signs with the same)."""
        if self._vapid is None:
            from py_vapid import Vapid02

            fresh = Vapid02()
            fresh.generate_keys()
            pem = await self._db(self.store.server_key, "vapid", fresh.private_pem().decode("ascii"))
            self._vapid = Vapid02.from_pem(pem.encode("ascii"))
        return self._vapid

    async def push_key(self) -> dict[str, Any]:
        """The public key a page subscribes with (``applicationServerKey``, base64url)."""
        if not self.notify_settings.push:
            raise LobbyError("not_found", "this server sends no push messages", 404, key="server.notify.no_push")
        from cryptography.hazmat.primitives import serialization

        key = await self.vapid()
        raw = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"key": base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")}

    # -- telling a seat of its turn -----------------------------------------------------------------------------

    def _turn_signals(self, table: LiveTable) -> None:
        """After every change of a table of hours or days a move: each person to act who is away (no connection
        through any process) is told of this turn once, after ``notify_delay_s`` (if still away and still at the
        same turn then). The game over: every address of the table is deleted."""
        core = table.core
        if not core.clock.over_days or self._loop is None or self._stopping:
            return
        if core.is_over:
            if table.notify_seen.get(-1) is None:
                table.notify_seen[-1] = 0
                self._spawn(self._forget_table(table.id))
            return
        if table.status != "playing":
            return
        for seat in core.to_act:
            if not core.is_human(seat) or table.connected(seat):
                continue
            turn = core.clocks.moves[seat]
            if table.notify_seen.get(seat) == turn:
                continue
            table.notify_seen[seat] = turn
            self._loop.call_later(self.limits.notify_delay_s, self._tell_later, table, seat, turn)

    def _tell_later(self, table: LiveTable, seat: int, turn: int) -> None:
        if self._stopping or self.tables.get(table.id) is not table:
            return
        self._spawn(self._tell_turn(table, seat, turn))

    def _still_turn(self, table: LiveTable, seat: int, turn: int) -> bool:
        core = table.core
        return (table.status == "playing" and not core.is_over and seat in core.to_act
                and core.clocks.moves[seat] == turn and not table.connected(seat))

    async def _tell_turn(self, table: LiveTable, seat: int, turn: int) -> None:
        if not self._still_turn(table, seat, turn):
            table.notify_seen.pop(seat, None)  # came back, or moved on: looked at again at the next change
            return
        try:
            targets = await self._db(self.store.claim_notify, table.id, seat, turn)
        except StoreError as e:
            log.warning("table %s: turn notices not looked up: %s", table.id, e)
            return
        await self._load_unsub_key()
        for target in targets:
            notice = self._notice(table, target)
            self._spawn(self._send(notice))

    async def _forget_table(self, table_id: str) -> None:
        try:
            await self._db(self.store.drop_notify, table_id)
        except StoreError as e:
            log.warning("table %s: its turn notice addresses not deleted: %s", table_id, e)

    async def forget_seat(self, table_id: str, seat: int) -> None:
        """The seat is someone else's now (taken back by the host): its person's addresses go."""
        try:
            await self._db(self.store.drop_notify, table_id, seat)
        except StoreError as e:
            log.warning("table %s: the turn notice addresses of seat %d not deleted: %s", table_id, seat, e)

    def _link(self, path: str) -> str:
        base = self.notify_settings.public_url
        return f"{base}{path}" if base else path

    def _notice(self, table: LiveTable, target: NotifyTarget) -> TurnNotice:
        lang = normalize_lang(target.lang)
        spec = get_spec(table.record.game)
        game = spec.title.get(lang, spec.title.get("en", table.record.game))
        name = table.record.settings.get("name")
        where = f"{game} · {name}" if isinstance(name, str) and name else game
        # never a seat secret: "#turn" opens the seat this browser keeps for the table (days.js), else the table
        link = self._link(f"/t/{table.id}#turn")
        unsubscribe = self._link(f"/unsubscribe?t={quote(self._unsubscribe_secret(target))}")
        subject = CATALOG.text("server.notify.subject", lang, table=where)
        text = CATALOG.text("server.notify.body", lang, table=where, link=link)
        return TurnNotice(target, subject, text, link, unsubscribe)

    async def _send(self, notice: TurnNotice) -> None:
        if self._sending is None:
            self._sending = asyncio.Semaphore(MAX_SENDING)
        async with self._sending:
            loop = asyncio.get_running_loop()
            if notice.target.kind == "email":
                smtp = self.notify_settings.smtp
                if smtp is None:
                    return
                try:
                    await loop.run_in_executor(self.store_executor, send_email, smtp, notice)
                except (OSError, smtplib.SMTPException) as e:
                    log.warning("table %s: a turn e-mail was not sent: %s", notice.target.table_id, e)
                return
            vapid = await self.vapid()
            gone = await loop.run_in_executor(self.store_executor, send_push, vapid,
                                              self.notify_settings.contact or "mailto:hustings@localhost", notice)
            if gone:  # the push service says the subscription is no more
                await self._db(self.store.drop_notify, notice.target.table_id, target_id=notice.target.id)

    # -- unsubscribing ------------------------------------------------------------------------------------------

    async def unsubscribe(self, secret: object) -> NotifyTarget | None:
        """The link in an e-mail: the target whose unsubscribe secret this is is deleted (None: none, or gone
        already)."""
        if not isinstance(secret, str) or not 0 < len(secret) <= 200:
            return None
        found: NotifyTarget | None = await self._db(self.store.unsubscribe, token_hash(secret))
        return found


def send_email(smtp: SmtpSettings, notice: TurnNotice) -> None:
    """One turn e-mail through the configured SMTP server (blocking: run in a thread)."""
    # long lines allowed in headers: a URL cannot be folded, and folding would encode it (RFC 2047) instead
    msg = EmailMessage(policy=email.policy.SMTP.clone(max_line_length=998))
    msg["From"] = formataddr(("hustings", smtp.sender))
    msg["To"] = notice.target.address
    msg["Subject"] = notice.subject
    msg["Message-ID"] = make_msgid(domain=smtp.sender.rsplit("@", 1)[1])
    msg["Auto-Submitted"] = "auto-generated"  # no vacation replies
    if notice.unsubscribe:
        msg["List-Unsubscribe"] = f"<{notice.unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058: the mail program's own button
    lang = normalize_lang(notice.target.lang)
    footer = CATALOG.text("server.notify.unsubscribe_line", lang, link=notice.unsubscribe) if notice.unsubscribe else ""
    msg.set_content(f"{notice.text}\n\n-- \n{footer}\n")
    context = ssl.create_default_context()
    if smtp.tls:
        client: smtplib.SMTP = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=SEND_TIMEOUT_S, context=context)
    else:
        client = smtplib.SMTP(smtp.host, smtp.port, timeout=SEND_TIMEOUT_S)
    with client:
        client.ehlo()
        if not smtp.tls and client.has_extn("starttls"):
            client.starttls(context=context)
            client.ehlo()
        elif not smtp.tls and smtp.user is not None:
            raise smtplib.SMTPException("the SMTP server offers no STARTTLS: the password is not sent in the clear")
        if smtp.user is not None:
            client.login(smtp.user, smtp.password or "")
        client.send_message(msg)


def send_push(vapid: Vapid02, contact: str, notice: TurnNotice) -> bool:
    """One push message (blocking: run in a thread); True when the push service says the subscription is gone.
    Redirects are not followed (the endpoint's host was checked, not wherever it would send the server)."""
    import requests
    from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

    payload = orjson.dumps({"title": notice.subject, "body": notice.text.split("\n", 1)[0], "url": notice.link,
                            "tag": f"hustings-{notice.target.table_id}"}).decode()
    session = requests.Session()
    session.max_redirects = 0
    try:
        webpush(orjson.loads(notice.target.address), payload, vapid_private_key=vapid,
                vapid_claims={"sub": contact}, ttl=PUSH_TTL_S, timeout=SEND_TIMEOUT_S, requests_session=session)
    except WebPushException as e:
        status = getattr(e.response, "status_code", None)
        if status in (404, 410):
            return True
        log.warning("table %s: a push message was not sent: %s", notice.target.table_id, str(e)[:200])
    except (requests.RequestException, OSError, ValueError) as e:
        log.warning("table %s: a push message was not sent: %s", notice.target.table_id, str(e)[:200])
    finally:
        session.close()
    return False


def unsubscribe_page(lang: str, state: str, secret: str = "") -> str:
    """The page an e-mail's unsubscribe link opens (``ask``: a button, so that a mail scanner's visit unsubscribes
    nobody), and the one after it (``done``, or ``unknown`` for a link that no longer works), in ``lang``."""
    lang = normalize_lang(lang)

    def t(key: str) -> str:
        return _html(CATALOG.text(f"server.notify.page_{key}", lang))

    body = f"<p>{t(state)}</p>"
    if state == "ask":
        body += (f'<form method="post" action="/unsubscribe?t={quote(secret)}">'
                 f'<button type="submit" style="min-height:44px;padding:0 1.2em">{t("button")}</button></form>')
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{t("title")}</title></head>'
            f'<body style="font-family:system-ui,sans-serif;max-width:34em;margin:2em auto;padding:0 1em">'
            f"<h1>{t('title')}</h1>{body}</body></html>")


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


__all__ = ["DEFAULT_PUSH_HOSTS", "MAX_EMAIL", "MAX_ENDPOINT", "Notify", "NotifyConfigError", "NotifySettings",
           "SmtpSettings", "TurnNotice", "send_email", "send_push", "unsubscribe_page"]
