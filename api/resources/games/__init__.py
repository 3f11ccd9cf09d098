"""Games: list, create, read, abort."""
