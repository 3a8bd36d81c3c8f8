"""The save key: a secret kept in the user's data folder, never in a save file.

A save file is readable by whoever can read the folder it lies in, and a person playing against bots can
read their own files. So the file keeps the seed and the actions only sealed (encrypted) with a key from
the data folder, and carries an HMAC over its whole content with another key derived from the same
secret: reading the file gives away no hidden card, and an edited file is refused.

Both are built from the standard library: the keystream is BLAKE2b keyed by the sealing key over
(nonce, counter) — BLAKE2b as a PRF in counter mode, as the games' own generator uses it — and the
integrity check is HMAC-SHA256 (encrypt-then-MAC: the MAC covers the ciphertext and every plain field).

This protects against a player peeking at or editing a file. It does not protect against someone who can
read the key file (the same operating-system account can): see docs/play.md.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

#: environment variable naming the data folder (tests point it at a temporary folder)
DATA_DIR_ENV = "HUSTINGS_DATA_DIR"
KEY_FILE = "save-key"
_KEY_BYTES = 32
_NONCE_BYTES = 16


class SaveKeyError(ValueError):
    """The save key cannot be read or made (message names the file and why)."""


def data_dir() -> Path:
    """``$HUSTINGS_DATA_DIR``, else ``$XDG_DATA_HOME/hustings``, else ``~/.local/share/hustings``."""
    explicit = os.environ.get(DATA_DIR_ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "hustings"


def _derive(master: bytes, purpose: bytes) -> bytes:
    # one secret, separate keys per use: sealing and MAC keys must differ
    return hashlib.blake2b(b"", key=master, digest_size=32, person=purpose).digest()


@dataclass(frozen=True)
class SaveKey:
    """The keys derived from the data folder's secret. ``key_id`` names it without revealing it."""

    master: bytes = field(repr=False)
    path: Path | None = None

    @property
    def key_id(self) -> str:
        return _derive(self.master, b"hustings-kid-v1").hex()[:16]

    def mac(self, content: bytes) -> str:
        return hmac.new(_derive(self.master, b"hustings-mac-v1"), content, hashlib.sha256).hexdigest()

    def check_mac(self, content: bytes, mac: str) -> bool:
        # bytes, not str: compare_digest refuses non-ASCII text, and the file's MAC can hold anything
        return hmac.compare_digest(self.mac(content).encode("ascii"), mac.encode("utf-8", "replace"))

    def _stream(self, nonce: bytes, n: int) -> bytes:
        key = _derive(self.master, b"hustings-seal-v1")
        out = bytearray()
        counter = 0
        while len(out) < n:
            out += hashlib.blake2b(nonce + counter.to_bytes(8, "little"), key=key).digest()
            counter += 1
        return bytes(out[:n])

    def seal(self, plain: bytes) -> bytes:
        """A fresh nonce, then ``plain`` XOR the keystream. Integrity comes from the file's MAC."""
        nonce = secrets.token_bytes(_NONCE_BYTES)
        return nonce + _xor(plain, self._stream(nonce, len(plain)))

    def unseal(self, sealed: bytes) -> bytes:
        if len(sealed) < _NONCE_BYTES:
            raise ValueError("sealed data is shorter than its nonce")
        nonce, body = sealed[:_NONCE_BYTES], sealed[_NONCE_BYTES:]
        return _xor(body, self._stream(nonce, len(body)))

    @classmethod
    def load(cls, folder: Path | None = None, create: bool = False) -> SaveKey:
        """The key in ``folder`` (default :func:`data_dir`); made (mode 0600) on first use if ``create``."""
        folder = data_dir() if folder is None else folder
        path = folder / KEY_FILE
        master = _read_key(path)
        if master is None:
            if not create:
                raise SaveKeyError(
                    f"there is no save key at {str(path)!r}: saves can only be opened by the user account "
                    f"that wrote them, with its key (set {DATA_DIR_ENV} if the key lives elsewhere)"
                )
            master = _create_key(path)
        return cls(master, path)


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _read_key(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise SaveKeyError(f"cannot read the save key {str(path)!r}: {reason}") from None
    try:
        master = bytes.fromhex(text)
    except ValueError:
        master = b""
    if len(master) != _KEY_BYTES:
        raise SaveKeyError(f"the save key {str(path)!r} is damaged (not {_KEY_BYTES} bytes in hex)")
    return master


def _create_key(path: Path) -> bytes:
    master = secrets.token_bytes(_KEY_BYTES)
    tmp = path.parent / f".{KEY_FILE}.{secrets.token_hex(6)}.tmp"
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # a temporary file with mode 0600, then linked into place: a second process making the key at the
        # same moment either wins or reads the winner's key, never half a file
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(master.hex() + "\n")
        try:
            os.link(tmp, path)
        except FileExistsError:
            existing = _read_key(path)
            if existing is None:
                raise SaveKeyError(f"the save key {str(path)!r} vanished while it was being made") from None
            return existing
    except OSError as e:
        raise SaveKeyError(f"cannot create the save key in {str(path.parent)!r}: {e.strerror or e}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    return master
