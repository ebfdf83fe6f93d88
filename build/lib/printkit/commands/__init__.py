"""Click commands kept in their own modules; `printkit.cli` registers each one."""
