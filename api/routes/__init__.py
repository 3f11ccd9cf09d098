"""The HTTP resources, one module per area."""
