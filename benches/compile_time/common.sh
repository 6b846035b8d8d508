# Shared by run.sh, table.sh and instructions.sh (sourced, not run).

# Every group of gen.py, in the order of benches/README.md's tables.
all_groups=(composition composition_dyn_b complement inverses products products_tiler
  products_dyn_tiler divides local_tile local_partition)

# Writes $1/Cargo.toml: the generated crate, depending on this library at $2.
write_manifest() {
  mkdir -p "$1/src"
  cat > "$1/Cargo.toml" <<TOML
[package]
name = "compile-time-bench"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
layout-algebra = { path = "$2", default-features = false }
frunk_core = { version = "0.5", default-features = false }
typenum = "1.17"
[workspace]
TOML
}
