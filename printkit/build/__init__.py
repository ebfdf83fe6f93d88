"""Building kits: what to render, what changed since the last build, and writing it safely.

The entry point is `printkit.build.builder`; the manifest, fingerprints, disk
cache, lock, exports and the watch loop live beside it.
"""
