//! Procedural macros for `layout-algebra` (filled in by the type-level work).
