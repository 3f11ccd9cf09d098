"""Reports and moderation as values (docs/api.md, "Reports and moderation"): the reasons a
player may give, the actions a moderator may take, and how long those last. Pure: the
service checks against these, the API names them once each in the spec."""

from __future__ import annotations

from datetime import timedelta
from typing import Final

#: Why a player reports another or a message: abusive words, cheating, spam, an
#: unacceptable name, or something else (the comment says what).
REPORT_REASONS: Final = ("abuse", "cheating", "spam", "name", "other")
#: What a moderator does about a player or a report: a warning; a chat mute for a while; a
#: bar from rated play for a while or until lifted; closing the account (it is deleted);
#: lifting every mute and bar in force; dismissing a report (nothing happens to anybody).
MODERATION_ACTIONS: Final = ("warn", "mute", "bar_rated", "close_account", "lift", "dismiss")
#: The actions that leave something in force until a time (``until``).
LASTING: Final = ("mute", "bar_rated")
#: The actions a report is needed for (nobody is acted on).
ON_REPORT_ONLY: Final = ("dismiss",)
#: The longest comment of a report, and the longest reason of an action.
COMMENT_MAX: Final = 500
#: The longest a mute or a bar lasts when given a duration (a bar may also last until lifted).
MAX_DURATION: Final = timedelta(days=365)
#: A report's states: open until a moderator acts on it or dismisses it.
REPORT_STATUSES: Final = ("open", "closed")
