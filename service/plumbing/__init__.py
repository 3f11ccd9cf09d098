"""What every part stands on: the database and its migrations, settings, errors, logs,
metrics, the scheduler's protocol, publishing, the hand-overs after a commit."""
