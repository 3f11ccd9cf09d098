"""Email for notices: the texts in four languages, composing a message (plain text and
HTML) and handing it to SMTP or to a local mail file (``service.notices`` decides what and
when)."""
