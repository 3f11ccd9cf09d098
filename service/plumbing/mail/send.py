"""Handing one email over: to an SMTP server (``smtplib``), or appended to a local mbox
file (``make run``: a newcomer reads the mails there). Never raises but ``MailError``, and
never logs the recipient's address.

A failure is temporary (a 4xx answer, a connection refused or lost: tried again later) or
for good: a 5xx answer, or the mail library refusing the message itself (a header it will
not write, an address the server cannot take without SMTPUTF8). What fails for good would
fail the same way on every attempt, so it is not tried again."""

from __future__ import annotations

import email.errors
import mailbox
import smtplib
import ssl
from email.message import EmailMessage
from pathlib import Path

from service.plumbing.config import MailSettings

#: What the mail library raises when it will not write or hand over a message at all.
REFUSED_BY_LIBRARY = (ValueError, TypeError, UnicodeError, email.errors.MessageError)


class MailError(Exception):
    """A send that failed: ``temporary`` (try again later) or for good."""

    def __init__(self, message: str, *, temporary: bool) -> None:
        super().__init__(message)
        self.temporary = temporary


def send(msg: EmailMessage, settings: MailSettings) -> None:
    """Deliver ``msg`` the way ``settings`` say (SMTP when a host is set, else the file)."""
    if settings.smtp_host:
        _smtp(msg, settings)
    elif settings.file:
        _file(msg, Path(settings.file))
    else:
        raise MailError("no mail transport configured", temporary=False)


def _file(msg: EmailMessage, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.mbox(path)
    try:
        box.lock()
        box.add(msg)
        box.flush()
    except REFUSED_BY_LIBRARY as err:
        raise MailError(f"refused by the mail library: {err}"[:200], temporary=False) from None
    except (OSError, mailbox.Error) as err:
        raise MailError(f"mail file: {err}", temporary=True) from None
    finally:
        box.unlock()
        box.close()


def _smtp(msg: EmailMessage, s: MailSettings) -> None:
    try:
        if s.smtp_tls == "ssl":
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                s.smtp_host, s.smtp_port, timeout=s.smtp_timeout,
                context=ssl.create_default_context(),
            )  # fmt: skip
        else:
            client = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout)
        with client:
            if s.smtp_tls == "starttls":
                client.starttls(context=ssl.create_default_context())
            if s.smtp_user:
                client.login(s.smtp_user, s.smtp_password)
            client.send_message(msg)
    except REFUSED_BY_LIBRARY as err:
        raise MailError(f"refused by the mail library: {err}"[:200], temporary=False) from None
    except smtplib.SMTPNotSupportedError as err:
        # The message needs an extension the server lacks (SMTPUTF8 for a non-ASCII address).
        raise MailError(f"SMTP: {err}"[:200], temporary=False) from None
    except smtplib.SMTPRecipientsRefused as err:
        codes = [code for code, _ in err.recipients.values()]
        raise MailError(
            f"recipient refused ({codes})", temporary=all(400 <= c < 500 for c in codes)
        ) from None
    except smtplib.SMTPResponseException as err:
        raise MailError(f"SMTP {err.smtp_code}", temporary=400 <= err.smtp_code < 500) from None
    except (smtplib.SMTPException, OSError) as err:
        # Connection refused or lost, a timeout, a TLS failure: the server may be back soon.
        raise MailError(f"{type(err).__name__}: {err}"[:200], temporary=True) from None
