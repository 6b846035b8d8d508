//! The generated tests of layouts with dynamic leaves against CuTe C++ with
//! plain `int` leaves (tests/golden/gen_mixed.py): values and which leaves
//! are static. A test binary of its own, compiled beside the others.

mod mixed_golden;
